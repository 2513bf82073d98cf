// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Cloud::ExecuteStream: the frames a HOPX agent streams back over /execute/stream. A real
// ExecuteStream connects to a real QWebSocketServer on 127.0.0.1; once the execute message
// arrives, the "agent" sends the input, split at '\n', one text frame per line, then hangs up.
// Whatever it sends, done() comes exactly once, and the kept output never passes the cap.
#include "providers/cloud/api/ExecuteStream.h"

#include "FuzzSupport.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QPointer>
#include <QWebSocket>
#include <QWebSocketServer>

using Hopx::Cloud::ExecuteStream;

namespace {

constexpr qint64 kCap = 64;

struct Agent
{
    QWebSocketServer server {QStringLiteral("fuzz"), QWebSocketServer::NonSecureMode};
    QList<QByteArray> frames;

    Agent()
    {
        if (!server.listen(QHostAddress::LocalHost, 0))
            std::abort();
        QObject::connect(&server, &QWebSocketServer::newConnection, &server, [this] {
            QWebSocket *socket = server.nextPendingConnection();
            QObject::connect(
                socket, &QWebSocket::textMessageReceived, socket, [this, socket](const QString &) {
                    for (const QByteArray &f : std::as_const(frames))
                        socket->sendTextMessage(QString::fromUtf8(f));
                    socket->close();
                });
            QObject::connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
        });
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    HopxFuzz::application();
    static Agent *agent = new Agent;
    agent->frames = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)).split('\n');

    int done = 0;
    ExecuteStream::Outcome outcome;
    qint64 streamed = 0;
    const QUrl base(QStringLiteral("http://127.0.0.1:%1/").arg(agent->server.serverPort()));
    auto *stream = new ExecuteStream(
        base, QStringLiteral("token"),
        QJsonObject {{QStringLiteral("code"), QStringLiteral("print(1)")}}, 5000, kCap,
        [&streamed](const QString &, const QByteArray &chunk) { streamed += chunk.size(); },
        [&done, &outcome](const ExecuteStream::Outcome &o) {
            ++done;
            outcome = o;
        });
    const QPointer<ExecuteStream> alive(stream); // it deletes itself after done()
    stream->start();
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 4000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    if (alive)
        alive->cancel(); // after the end: must not call done() again
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    FUZZ_CHECK(!alive); // gone once done() came

    FUZZ_CHECK(done == 1);
    if (outcome.kind == ExecuteStream::Outcome::Kind::Finished) {
        FUZZ_CHECK(outcome.reply.value(QStringLiteral("stdout")).toString().toUtf8().size()
            <= kCap + 8); // cap + 1 bytes kept; a cut UTF-8 sequence reads as up to 3 U+FFFD
        FUZZ_CHECK(
            outcome.reply.value(QStringLiteral("stderr")).toString().toUtf8().size() <= kCap + 8);
    }
    return 0;
}
