// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The bench behind scripts/bench/hopx.sh: warm execute_code calls through the full path
// (local socket → hopx-desktop → HopxProvider → HTTP → FakeHopxServer in this process).
// Reports HTTP requests per call (target 1) and the app's time per call beyond the fake's own
// handling time (target p50 <= 1 ms), as a markdown table.
#include "FakeHopxServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QSettings>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>

using Hopx::Test::FakeHopxServer;

namespace {

double percentile(QList<qint64> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype i = std::min<qsizetype>(v.size() - 1, qsizetype(p / 100.0 * double(v.size())));
    return double(v[i]) / 1e6; // ns → ms
}

/*! A JSON-RPC client that blocks in the event loop (not in a sleep), so the fake in this
 *  process answers at once and the timing is not quantised by a poll interval. */
class Client
{
public:
    explicit Client(QLocalSocket *socket)
        : m_socket(socket)
    {
        QObject::connect(socket, &QLocalSocket::readyRead, socket, [this] { read(); });
    }

    std::optional<QJsonObject> call(
        const QString &method, const QJsonObject &params, int timeoutMs = 30000)
    {
        const qint64 id = m_nextId++;
        QJsonObject msg {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        m_waiting = id;
        m_reply.reset();
        m_socket->write(QJsonDocument(msg).toJson(QJsonDocument::Compact) + '\n');
        m_socket->flush();
        if (!m_reply) {
            QTimer::singleShot(timeoutMs, &m_loop, &QEventLoop::quit);
            m_loop.exec();
        }
        m_waiting = -1;
        return m_reply;
    }
    void notify(const QString &method)
    {
        m_socket->write(
            QJsonDocument(QJsonObject {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("method"), method}})
                .toJson(QJsonDocument::Compact)
            + '\n');
        m_socket->flush();
    }
    QJsonObject tool(const QString &name, const QJsonObject &args)
    {
        const auto r = call(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), args}});
        return r ? r->value(QStringLiteral("result")).toObject() : QJsonObject {};
    }

private:
    void read()
    {
        m_buffer += m_socket->readAll();
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QJsonObject m = QJsonDocument::fromJson(m_buffer.left(nl)).object();
            m_buffer.remove(0, nl + 1);
            if (!m.contains(QStringLiteral("method"))
                && m.value(QStringLiteral("id")).toInteger(-2) == m_waiting) {
                m_reply = m;
                m_loop.quit();
            }
        }
    }

    QLocalSocket *m_socket;
    QByteArray m_buffer;
    QEventLoop m_loop;
    std::optional<QJsonObject> m_reply;
    qint64 m_waiting = -1;
    qint64 m_nextId = 1;
};

/*! One keep-alive HTTP/1.1 connection to the fake: the floor a minimal client would see. */
class RawHttp
{
public:
    explicit RawHttp(quint16 port) { m_socket.connectToHost(QStringLiteral("127.0.0.1"), port); }

    bool post(const QString &path, const QByteArray &token, const QByteArray &body)
    {
        if (m_socket.state() != QAbstractSocket::ConnectedState && !m_socket.waitForConnected(3000))
            return false;
        m_socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_socket.write("POST " + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Authorization: Bearer " + token + "\r\nContent-Type: application/json\r\n"
            + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray in;
        QEventLoop loop;
        bool done = false;
        const auto conn = QObject::connect(&m_socket, &QTcpSocket::readyRead, &loop, [&] {
            in += m_socket.readAll();
            const qsizetype end = in.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const qsizetype at = in.toLower().indexOf("content-length:");
            const qsizetype length =
                in.mid(at + 15, in.indexOf("\r\n", at) - at - 15).trimmed().toLongLong();
            if (in.size() >= end + 4 + length) {
                done = true;
                loop.quit();
            }
        });
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        QObject::disconnect(conn);
        return done;
    }

private:
    QTcpSocket m_socket;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("HOPX provider bench"));
    parser.addHelpOption();
    const QCommandLineOption callsOption(QStringLiteral("calls"),
        QStringLiteral("Measured warm execute_code calls (default 500)."), QStringLiteral("n"),
        QStringLiteral("500"));
    const QCommandLineOption binOption(QStringLiteral("bin-dir"),
        QStringLiteral("Where hopx-desktop is (default: HOPX_BIN_DIR, else this build)."),
        QStringLiteral("dir"));
    parser.addOption(callsOption);
    parser.addOption(binOption);
    parser.process(app);
    const int calls = std::max(1, parser.value(callsOption).toInt());
    QString binDir = parser.value(binOption);
    if (binDir.isEmpty())
        binDir = qEnvironmentVariable("HOPX_BIN_DIR", QStringLiteral(HOPX_BIN_DIR));

    FakeHopxServer fake;
    if (!fake.listen()) {
        std::fprintf(stderr, "hopx bench: cannot listen on 127.0.0.1\n");
        return 1;
    }
    fake.setHealthDelayMs(0);

    // The fake's own time per request: from the parsed request (requestReceived, emitted just
    // before it is handled) to the end of that event-loop turn, when the reply has been handled
    // and queued on the socket.
    QElapsedTimer clock;
    clock.start();
    qint64 serverNs = 0;
    qint64 firstRequestAt = 0; // when the call's first request reached the fake
    qint64 lastReplyAt = 0; // when the fake had handled the call's last request
    int requests = 0;
    QObject::connect(
        &fake, &FakeHopxServer::requestReceived, &fake, [&](const FakeHopxServer::Request &) {
            const qint64 t0 = clock.nsecsElapsed();
            if (requests++ == 0)
                firstRequestAt = t0;
            QMetaObject::invokeMethod(
                &fake,
                [&, t0] {
                    lastReplyAt = clock.nsecsElapsed();
                    serverNs += lastReplyAt - t0;
                },
                Qt::QueuedConnection);
        });

    QTemporaryDir home(QDir::tempPath() + QStringLiteral("/hopx-bench-XXXXXX"));
    const QString socketPath = home.path() + QStringLiteral("/run/mcp.sock");
    QDir().mkpath(home.path() + QStringLiteral("/run"));
    QFile::setPermissions(home.path() + QStringLiteral("/run"),
        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *dir : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
        env.insert(QLatin1String(dir),
            home.path() + QLatin1Char('/') + QString::fromLatin1(dir).toLower());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.path() + QStringLiteral("/run"));
    env.insert(QStringLiteral("HOPX_BASE_URL"), fake.baseUrl().toString());
    env.insert(QStringLiteral("HOPX_API_KEY"), FakeHopxServer::defaultApiKey());
    env.remove(QStringLiteral("HOPX_MCP_SOCKET"));
    // No background lists between the timed calls.
    QSettings(home.path() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
        QSettings::IniFormat)
        .setValue(QStringLiteral("hopx/listIntervalMs"), 0);
    QProcess desktop;
    desktop.setProcessEnvironment(env);
    desktop.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    desktop.start(binDir + QStringLiteral("/hopx-desktop"),
        {QStringLiteral("--headless"), QStringLiteral("--no-keychain"), QStringLiteral("--socket"),
            socketPath});
    if (!desktop.waitForStarted(5000)) {
        std::fprintf(stderr, "hopx bench: cannot start %s/hopx-desktop\n", qPrintable(binDir));
        return 1;
    }
    QLocalSocket socket;
    for (int i = 0; i < 300 && socket.state() != QLocalSocket::ConnectedState; ++i) {
        socket.connectToServer(socketPath);
        if (!socket.waitForConnected(50))
            QThread::msleep(20);
    }
    if (socket.state() != QLocalSocket::ConnectedState) {
        std::fprintf(stderr, "hopx bench: hopx-desktop did not open its socket\n");
        return 1;
    }
    Client client(&socket);
    client.call(QStringLiteral("initialize"),
        {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
            {QStringLiteral("capabilities"), QJsonObject {}},
            {QStringLiteral("clientInfo"),
                QJsonObject {{QStringLiteral("name"), QStringLiteral("hopx-bench")},
                    {QStringLiteral("version"), QStringLiteral("1")}}}});
    client.notify(QStringLiteral("notifications/initialized"));

    const QJsonObject created = client.tool(
        QStringLiteral("create_sandbox"), {{QStringLiteral("provider"), QStringLiteral("hopx")}});
    const QString id = created.value(QStringLiteral("structuredContent"))
                           .toObject()
                           .value(QStringLiteral("id"))
                           .toString();
    if (id.isEmpty()) {
        std::fprintf(stderr, "hopx bench: create_sandbox failed: %s\n",
            QJsonDocument(created).toJson(QJsonDocument::Compact).constData());
        return 1;
    }
    const QJsonObject args {{QStringLiteral("sandbox_id"), id},
        {QStringLiteral("code"), QStringLiteral("print('bench')")}};
    int failures = 0;
    const auto run = [&] {
        const QJsonObject r = client.tool(QStringLiteral("execute_code"), args);
        if (r.value(QStringLiteral("isError")).toBool()
            || r.value(QStringLiteral("structuredContent"))
                    .toObject()
                    .value(QStringLiteral("stdout"))
                    .toString()
                != QLatin1String("bench\n"))
            ++failures;
    };
    for (int i = 0; i < 50; ++i) // connect the agent, warm caches and connections
        run();

    QList<qint64> callNs;
    QList<qint64> handlingNs;
    QList<qint64> overheadNs;
    QList<qint64> inboundNs;
    QList<qint64> outboundNs;
    int totalRequests = 0;
    for (int i = 0; i < calls; ++i) {
        serverNs = 0;
        requests = 0;
        const qint64 t0 = clock.nsecsElapsed();
        run();
        const qint64 elapsed = clock.nsecsElapsed() - t0;
        QCoreApplication::processEvents(); // let the last queued server stamp land
        callNs.append(elapsed);
        handlingNs.append(serverNs);
        inboundNs.append(firstRequestAt - t0);
        outboundNs.append(t0 + elapsed - lastReplyAt);
        overheadNs.append(elapsed - serverNs);
        totalRequests += requests;
    }

    // The floor: the same request from a minimal keep-alive HTTP client in this process.
    QList<qint64> rawNs;
    RawHttp raw(quint16(fake.agentUrl(id).port()));
    const QByteArray token =
        fake.sandbox(id).value(QStringLiteral("auth_token")).toString().toUtf8();
    const QByteArray body =
        R"json({"code":"print('bench')","language":"python","timeout":30,"workdir":"/workspace"})json";
    for (int i = 0; i < calls; ++i) {
        const qint64 t0 = clock.nsecsElapsed();
        if (!raw.post(QStringLiteral("/execute"), token, body)) {
            ++failures;
            break;
        }
        rawNs.append(clock.nsecsElapsed() - t0);
    }

    // A whole round trip, request by request: what each tool call costs in HTTP requests,
    // against the Python server's connect per call (GET, token refresh, GET, /health, then the
    // call itself: about 5 for a warm execute).
    QList<QPair<QString, QStringList>> trip;
    QString tripId;
    const auto step = [&](const char *what, const QString &tool, QJsonObject a) {
        if (!tripId.isEmpty() && !a.contains(QStringLiteral("id")))
            a.insert(QStringLiteral("sandbox_id"), tripId);
        fake.clearRequests();
        const QJsonObject r = client.tool(tool, a);
        if (r.value(QStringLiteral("isError")).toBool())
            ++failures;
        if (tripId.isEmpty())
            tripId = r.value(QStringLiteral("structuredContent"))
                         .toObject()
                         .value(QStringLiteral("id"))
                         .toString();
        QCoreApplication::processEvents();
        QStringList sent;
        for (const FakeHopxServer::Request &q : fake.requests())
            sent << QString::fromLatin1(q.method) + QLatin1Char(' ') + q.path;
        trip.append({QString::fromLatin1(what), sent});
    };
    step("create_sandbox", QStringLiteral("create_sandbox"),
        {{QStringLiteral("provider"), QStringLiteral("hopx")}});
    const QJsonObject code {{QStringLiteral("code"), QStringLiteral("print('trip')")}};
    step("execute_code (first)", QStringLiteral("execute_code"), code);
    step("execute_code (warm)", QStringLiteral("execute_code"), code);
    step("file_write", QStringLiteral("file_write"),
        {{QStringLiteral("path"), QStringLiteral("/workspace/trip.txt")},
            {QStringLiteral("content"), QStringLiteral("trip\n")}});
    step("file_read", QStringLiteral("file_read"),
        {{QStringLiteral("path"), QStringLiteral("/workspace/trip.txt")}});
    step("delete_sandbox", QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), tripId}});

    socket.disconnectFromServer();
    desktop.terminate();
    desktop.waitForFinished(10000);

    const double perCall = double(totalRequests) / calls;
    const double overheadP50 = percentile(overheadNs, 50);
    std::printf("\n### HOPX provider: warm execute_code, %d calls through socket → app → "
                "HopxProvider → fake HOPX\n\n",
        calls);
    std::printf("| measure | p50 | p95 | p99 | target |\n|---|---|---|---|---|\n");
    std::printf(
        "| HTTP requests per call | %.2f | | | 1 %s |\n", perCall, perCall == 1.0 ? "✔" : "✘");
    std::printf("| MCP call, end to end (ms) | %.3f | %.3f | %.3f | |\n", percentile(callNs, 50),
        percentile(callNs, 95), percentile(callNs, 99));
    std::printf("| fake server's own handling (ms) | %.3f | %.3f | %.3f | |\n",
        percentile(handlingNs, 50), percentile(handlingNs, 95), percentile(handlingNs, 99));
    std::printf(
        "| app + client overhead = call − server (ms) | %.3f | %.3f | %.3f | p50 ≤ 1 ms %s |\n",
        overheadP50, percentile(overheadNs, 95), percentile(overheadNs, 99),
        overheadP50 <= 1.0 ? "✔" : "✘");
    std::printf("| … of which: client send → request at the fake (ms) | %.3f | %.3f | %.3f | |\n",
        percentile(inboundNs, 50), percentile(inboundNs, 95), percentile(inboundNs, 99));
    std::printf("| … of which: fake's reply → result at the client (ms) | %.3f | %.3f | %.3f | |\n",
        percentile(outboundNs, 50), percentile(outboundNs, 95), percentile(outboundNs, 99));
    std::printf("| for scale: bare keep-alive HTTP to the fake (ms) | %.3f | %.3f | %.3f | |\n",
        percentile(rawNs, 50), percentile(rawNs, 95), percentile(rawNs, 99));
    std::printf("\n### HOPX provider: create → execute → file write/read → delete, HTTP requests "
                "per tool call\n\n| tool call | requests | which |\n|---|---|---|\n");
    int tripTotal = 0;
    for (const auto &[what, sent] : trip) {
        tripTotal += int(sent.size());
        std::printf("| %s | %d | %s |\n", qPrintable(what), int(sent.size()),
            qPrintable(sent.join(QStringLiteral(", "))));
    }
    std::printf("| **round trip** | **%d** | |\n", tripTotal);
    if (failures)
        std::printf("\n%d call(s) failed.\n", failures);
    std::fflush(stdout);
    return failures ? 1 : 0;
}
