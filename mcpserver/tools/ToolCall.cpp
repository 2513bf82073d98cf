// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tools/ToolCall.h"

#include <QPointer>
#include <QTimer>

#include <cmath>

namespace Hopx::Mcp {

namespace {
RequestContext outsideAnySession(const QMap<QString, QString> &connectionEnv)
{
    auto caller = std::make_shared<Caller>();
    caller->connectionEnv = connectionEnv;
    return RequestContext {caller, {}, {}};
}
} // namespace

ToolCall::ToolCall(const QString &toolName, const QJsonObject &arguments,
    const QJsonValue &progressToken, const QMap<QString, QString> &connectionEnv, QObject *parent)
    : ToolCall(outsideAnySession(connectionEnv), toolName, arguments, progressToken, parent)
{ }

ToolCall::ToolCall(const RequestContext &context, const QString &toolName,
    const QJsonObject &arguments, const QJsonValue &progressToken, QObject *parent)
    : QObject(parent)
    , m_toolName(toolName)
    , m_arguments(arguments)
    , m_progressToken(progressToken)
    , m_context(context)
{ }

void ToolCall::reportProgress(double progress, double total, const QString &message)
{
    if (m_cancelled || m_finished || !hasProgressToken())
        return;
    if (!(progress > m_lastProgress))
        progress = std::floor(m_lastProgress) + 1;
    m_lastProgress = progress;
    QJsonObject params {
        {QStringLiteral("progressToken"), m_progressToken}, {QStringLiteral("progress"), progress}};
    if (total >= 0)
        params.insert(QStringLiteral("total"), std::max(total, progress));
    if (!message.isEmpty())
        params.insert(QStringLiteral("message"), message);
    emit progressNotification(params);
}

void ToolCall::log(const QString &level, const QJsonValue &data)
{
    if (m_cancelled || m_finished)
        return;
    emit logNotification(level, data);
}

void ToolCall::finish(const ToolResult &result)
{
    if (m_cancelled || m_finished)
        return;
    m_finished = true;
    emit finished(m_filter ? m_filter(result) : result);
}

void ToolCall::fail(int code, const QString &message)
{
    if (m_cancelled || m_finished)
        return;
    m_finished = true;
    emit failed(code, message);
}

void ToolCall::requestFromClient(
    const QString &method, const QJsonObject &params, ClientCallback callback, const QString &key)
{
    if (m_cancelled || m_finished || !callback)
        return;
    if (m_requester) {
        m_requester(this, method, params, callback, key);
        return;
    }
    // No session to ask (a test harness, or the session has gone).
    failLater(callback, -32601, QStringLiteral("No client connection to send %1 to").arg(method));
}

void ToolCall::failLater(const ClientCallback &callback, int code, const QString &message)
{
    // Asynchronously, as requestFromClient() promises: handlers never see a callback re-enter them.
    QPointer<ToolCall> self(this);
    QTimer::singleShot(0, this, [self, callback, code, message]() {
        if (self && !self->m_cancelled && !self->m_finished)
            callback(ClientReply {false, {}, code, message});
    });
}

void ToolCall::redirect(const QString &toolName, const QJsonObject &arguments)
{
    m_toolName = toolName;
    m_arguments = arguments;
}

void ToolCall::cancel()
{
    if (m_cancelled || m_finished)
        return;
    m_cancelled = true;
    emit cancelled();
}

} // namespace Hopx::Mcp
