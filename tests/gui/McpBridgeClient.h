// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// An MCP client the way an IDE is one: it runs hopx-mcp and talks over its stdin/stdout. Fully
// asynchronous, so the app under test may live in the same event loop (wait with QTRY_*).

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <optional>

namespace HopxTest {

class McpBridgeClient
{
public:
    McpBridgeClient()
    {
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process, [this] {
            m_buffer += m_process.readAllStandardOutput();
            qsizetype nl;
            while ((nl = m_buffer.indexOf('\n')) >= 0) {
                m_messages << QJsonDocument::fromJson(m_buffer.left(nl)).object();
                m_buffer.remove(0, nl + 1);
            }
        });
    }
    ~McpBridgeClient()
    {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(3000))
            m_process.kill();
        m_process.waitForFinished(1000);
    }

    bool start(const QString &socket)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("HOPX_API_KEY"));
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral(HOPX_BIN_DIR "/hopx-mcp"),
            {QStringLiteral("--socket"), socket, QStringLiteral("--no-launch")});
        return m_process.waitForStarted(5000);
    }

    qint64 request(const QString &method, const QJsonObject &params = {})
    {
        const qint64 id = m_nextId++;
        QJsonObject msg {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        m_process.write(QJsonDocument(msg).toJson(QJsonDocument::Compact) + '\n');
        return id;
    }
    void notify(const QString &method)
    {
        m_process.write(
            QJsonDocument(QJsonObject {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("method"), method}})
                .toJson(QJsonDocument::Compact)
            + '\n');
    }
    qint64 initialize(const QString &name, const QString &version)
    {
        return request(QStringLiteral("initialize"),
            {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                {QStringLiteral("capabilities"), QJsonObject {}},
                {QStringLiteral("clientInfo"),
                    QJsonObject {
                        {QStringLiteral("name"), name}, {QStringLiteral("version"), version}}}});
    }
    qint64 callTool(const QString &name, const QJsonObject &arguments)
    {
        return request(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
    }
    std::optional<QJsonObject> response(qint64 id) const
    {
        for (const QJsonObject &m : m_messages)
            if (!m.contains(QStringLiteral("method"))
                && m.value(QStringLiteral("id")).toInteger(-1) == id)
                return m;
        return std::nullopt;
    }
    QJsonObject result(qint64 id) const
    {
        const auto r = response(id);
        return r ? r->value(QStringLiteral("result")).toObject() : QJsonObject();
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
    QByteArray m_buffer;
    QList<QJsonObject> m_messages;
    qint64 m_nextId = 1;
};

} // namespace HopxTest
