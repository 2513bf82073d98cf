// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// A newline-delimited JSON-RPC client that waits by spinning the event loop. The tests here
// host FakeHopxServer in their own process: a client that blocks in waitForReadyRead (as
// support/McpTestClient.h's LineClient does) would starve the fake, and the app would wait
// forever for HOPX to answer.

#include <QElapsedTimer>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QTest>

#include <optional>

namespace HopxTest {

class AsyncMcpClient
{
    Q_DISABLE_COPY_MOVE(AsyncMcpClient)
public:
    explicit AsyncMcpClient(QIODevice *io)
        : m_io(io)
    {
        QObject::connect(io, &QIODevice::readyRead, io, [this] { readLines(); });
    }

    void send(const QJsonObject &msg)
    {
        m_io->write(QJsonDocument(msg).toJson(QJsonDocument::Compact) + '\n');
        if (auto *s = qobject_cast<QLocalSocket *>(m_io))
            s->flush();
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
    //! Every message not taken by response() yet, in the order it arrived.
    const QList<QJsonObject> &messages() const { return m_messages; }
    //! The whole JSON-RPC response (result or error), or nothing after the timeout.
    std::optional<QJsonObject> response(qint64 id, int timeoutMs = 30000)
    {
        std::optional<QJsonObject> hit;
        const auto find = [&] {
            for (qsizetype i = 0; i < m_messages.size(); ++i) {
                const QJsonObject &m = m_messages[i];
                if (!m.contains(QStringLiteral("method"))
                    && m.value(QStringLiteral("id")).toInteger(-1) == id) {
                    hit = m_messages.takeAt(i);
                    return true;
                }
            }
            return false;
        };
        if (!QTest::qWaitFor(find, timeoutMs))
            return std::nullopt;
        return hit;
    }
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
    QJsonObject callTool(const QString &name, const QJsonObject &args = {}, int timeoutMs = 60000)
    {
        return call(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), args}}, timeoutMs);
    }
    bool initialize()
    {
        const QJsonObject r = call(QStringLiteral("initialize"),
            {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                {QStringLiteral("capabilities"), QJsonObject {}},
                {QStringLiteral("clientInfo"),
                    QJsonObject {{QStringLiteral("name"), QStringLiteral("hopxtools-test")},
                        {QStringLiteral("version"), QStringLiteral("1.0")}}}});
        notify(QStringLiteral("notifications/initialized"));
        return r.value(QStringLiteral("protocolVersion")).isString();
    }

private:
    void readLines()
    {
        m_buffer += m_io->readAll();
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(nl);
            m_buffer.remove(0, nl + 1);
            if (!line.trimmed().isEmpty())
                m_messages.append(QJsonDocument::fromJson(line).object());
        }
    }

    QIODevice *m_io;
    QByteArray m_buffer;
    QList<QJsonObject> m_messages;
    qint64 m_nextId = 1;
};

} // namespace HopxTest
