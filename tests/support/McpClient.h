// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// The tests' one MCP client: newline-delimited JSON-RPC over any QIODevice (a QLocalSocket to
// the app, or a hopx-mcp bridge's pipes). It reads on readyRead and waits by running the event
// loop, never by blocking in waitForReadyRead, so the app or a fake server (FakeHopxServer)
// may live in the test's own process and keep answering while a call waits.

#include "support/TestTimeouts.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QSet>
#include <QTimer>

#include <functional>
#include <optional>

namespace HopxTest {

class McpClient
{
    Q_DISABLE_COPY_MOVE(McpClient)
public:
    explicit McpClient(QIODevice *io)
        : m_io(io)
    {
        QObject::connect(io, &QIODevice::readyRead, io, [this] { readLines(); });
    }

    void sendRaw(const QByteArray &bytes)
    {
        m_io->write(bytes);
        if (auto *s = qobject_cast<QLocalSocket *>(m_io))
            s->flush();
    }
    void send(const QJsonObject &msg)
    {
        sendRaw(QJsonDocument(msg).toJson(QJsonDocument::Compact) + '\n');
    }
    qint64 request(const QString &method, const QJsonObject &params = {})
    {
        const qint64 id = m_nextId++;
        QJsonObject msg {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        send(msg);
        return id;
    }
    void notify(const QString &method, const QJsonObject &params = {})
    {
        QJsonObject msg {
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        send(msg);
    }
    //! A tools/call sent without waiting (see find() and response()).
    qint64 startTool(const QString &name, const QJsonObject &arguments = {})
    {
        return request(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
    }

    //! Waits until a message satisfies \a pred (and takes it), the timeout passes, or the
    //! peer is gone. Every other message stays in messages().
    std::optional<QJsonObject> waitFor(
        const std::function<bool(const QJsonObject &)> &pred, int timeoutMs = 10000)
    {
        timeoutMs = scaledMs(timeoutMs);
        QElapsedTimer timer;
        timer.start();
        while (true) {
            readLines();
            for (qsizetype i = 0; i < m_messages.size(); ++i)
                if (pred(m_messages[i]))
                    return m_messages.takeAt(i);
            const qint64 left = timeoutMs - timer.elapsed();
            if (left <= 0 || peerGone())
                return std::nullopt;
            QEventLoop loop;
            QTimer::singleShot(int(left), &loop, &QEventLoop::quit);
            QObject::connect(m_io, &QIODevice::readyRead, &loop, &QEventLoop::quit);
            QObject::connect(m_io, &QIODevice::readChannelFinished, &loop, &QEventLoop::quit);
            QObject::connect(m_io, &QIODevice::aboutToClose, &loop, &QEventLoop::quit);
            if (auto *p = qobject_cast<QProcess *>(m_io))
                QObject::connect(p, &QProcess::finished, &loop, &QEventLoop::quit);
            if (auto *s = qobject_cast<QLocalSocket *>(m_io))
                QObject::connect(s, &QLocalSocket::disconnected, &loop, &QEventLoop::quit);
            loop.exec();
        }
    }
    //! The whole JSON-RPC response to \a id (result or error), or nothing after the timeout.
    std::optional<QJsonObject> response(qint64 id, int timeoutMs = 30000)
    {
        return waitFor([id](const QJsonObject &m) { return isResponseTo(m, id); }, timeoutMs);
    }
    //! The response to \a id if it has arrived, without waiting or taking it (for QTRY_*).
    std::optional<QJsonObject> find(qint64 id) const
    {
        for (const QJsonObject &m : m_messages)
            if (isResponseTo(m, id))
                return m;
        return std::nullopt;
    }
    //! find()'s result member, or an empty object while there is no response.
    QJsonObject result(qint64 id) const
    {
        const auto r = find(id);
        return r ? r->value(QStringLiteral("result")).toObject() : QJsonObject();
    }
    //! Sends a request and returns its result (warns on an error reply or none).
    QJsonObject call(const QString &method, const QJsonObject &params = {}, int timeoutMs = 30000)
    {
        const auto reply = response(request(method, params), timeoutMs);
        if (!reply) {
            qWarning() << "no reply to" << method;
            return {};
        }
        if (reply->contains(QStringLiteral("error")))
            qWarning() << "error reply to" << method << reply->value(QStringLiteral("error"));
        return reply->value(QStringLiteral("result")).toObject();
    }
    QJsonObject callTool(
        const QString &name, const QJsonObject &arguments = {}, int timeoutMs = 60000)
    {
        return call(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}}, timeoutMs);
    }
    bool initialize(const QString &protocolVersion = QStringLiteral("2025-11-25"),
        const QString &name = QStringLiteral("hopx-test"),
        const QString &clientVersion = QStringLiteral("1.0"))
    {
        const QJsonObject r = call(QStringLiteral("initialize"),
            {{QStringLiteral("protocolVersion"), protocolVersion},
                {QStringLiteral("capabilities"), QJsonObject {}},
                {QStringLiteral("clientInfo"),
                    QJsonObject {{QStringLiteral("name"), name},
                        {QStringLiteral("version"), clientVersion}}}});
        notify(QStringLiteral("notifications/initialized"));
        return r.value(QStringLiteral("protocolVersion")).isString();
    }
    //! Every message not taken yet, in the order it arrived.
    const QList<QJsonObject> &messages() const { return m_messages; }
    //! Every line received, as sent.
    const QList<QByteArray> &rawLines() const { return m_rawLines; }

private:
    static bool isResponseTo(const QJsonObject &m, qint64 id)
    {
        return !m.contains(QStringLiteral("method"))
            && m.value(QStringLiteral("id")).toInteger(-1) == id;
    }
    bool peerGone() const
    {
        if (m_io->bytesAvailable())
            return false;
        if (auto *s = qobject_cast<QLocalSocket *>(m_io))
            return s->state() != QLocalSocket::ConnectedState;
        if (auto *p = qobject_cast<QProcess *>(m_io))
            return p->state() == QProcess::NotRunning;
        return !m_io->isOpen();
    }
    void readLines()
    {
        m_buffer += m_io->readAll();
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(nl);
            m_buffer.remove(0, nl + 1);
            if (line.trimmed().isEmpty())
                continue;
            m_rawLines.append(line);
            m_messages.append(QJsonDocument::fromJson(line).object());
        }
    }

    QIODevice *m_io;
    QByteArray m_buffer;
    QList<QJsonObject> m_messages;
    QList<QByteArray> m_rawLines;
    qint64 m_nextId = 1;
};

/*! Whether \a process ends within \a timeoutMs. Unlike QProcess::waitForFinished() also true
 *  when it ended already: McpClient's waits run the event loop, which may have seen the end. */
inline bool exited(QProcess &process, int timeoutMs)
{
    return process.state() == QProcess::NotRunning || process.waitForFinished(timeoutMs);
}

} // namespace HopxTest
