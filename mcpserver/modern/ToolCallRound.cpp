// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "modern/ToolCallRound.h"

#include "features/LoggingFeature.h"
#include "modern/InputRound.h"
#include "session/FeatureHost.h"
#include "tasks/TasksExtension.h"
#include "json/JsonRpc.h"

#include <QPointer>
#include <QTimer>

namespace Hopx::Mcp {

ToolCallRound::ToolCallRound(const Deps &deps, const McpRequest &request, ToolCall *call,
    std::shared_ptr<InputRound> round, bool mayBecomeTask)
    : QObject(call)
    , m_deps(deps)
    , m_request(request)
    , m_call(call)
    , m_round(std::move(round))
    , m_mayBecomeTask(mayBecomeTask)
{ }

void ToolCallRound::run(const Deps &deps, const McpRequest &request,
    const ToolRegistry::Entry &entry, ToolCall *call, std::shared_ptr<InputRound> round)
{
    const bool mayBecomeTask = deps.tasks && deps.tasks->offers(request.caller(), entry.spec);
    auto *self = new ToolCallRound(deps, request, call, std::move(round), mayBecomeTask);
    const QString key = request.context().key;
    const QString name = entry.spec.name;
    const CallerPtr caller = request.context().caller;
    FeatureHost *host = &deps.host;
    LoggingFeature *logging = deps.logging;
    connect(call, &ToolCall::progressNotification, self, [host, key](const QJsonObject &p) {
        host->send(JsonRpc::notification(QStringLiteral("notifications/progress"), p), key);
    });
    connect(call, &ToolCall::logNotification, self,
        [logging, caller, name, key](const QString &level, const QJsonValue &data) {
            logging->log(*caller, level, name, data, key);
        });
    connect(call, &ToolCall::finished, self, [self](const ToolResult &result) {
        self->m_request.succeedJson(result.toResponseParts(),
            result.isError() ? RequestRecord::Outcome::ToolError : RequestRecord::Outcome::Ok,
            result.isError() ? result.structuredString(QStringLiteral("error")) : QString());
        self->dispose();
    });
    connect(call, &ToolCall::failed, self, [self](int code, const QString &message) {
        self->m_request.fail(code, message);
        self->dispose();
    });
    QPointer<ToolCall> guard(call);
    request.onCancel([guard]() {
        if (!guard)
            return;
        guard->cancel();
        guard->deleteLater();
    });
    call->setClientRequester(
        [self](ToolCall *, const QString &method, const QJsonObject &params,
            const ToolCall::ClientCallback &callback,
            const QString &questionKey) { self->ask(method, params, callback, questionKey); });

    self->m_inHandler = true;
    entry.handler(call);
    if (!guard)
        return;
    self->m_inHandler = false;
    self->settle(true);
    // Finished inside its handler (most calls): gone now rather than on the next loop turn. (A
    // call that became a task is not finished: the task store owns it.)
    if (guard && guard->isFinished())
        delete guard.data();
}

void ToolCallRound::dispose()
{
    // Inside its handler the call is still on the stack: run() deletes it when that returns.
    if (!m_inHandler)
        m_call->deleteLater();
}

void ToolCallRound::ask(const QString &method, const QJsonObject &params,
    const ToolCall::ClientCallback &callback, const QString &key)
{
    // Unnamed questions are numbered: a handler that asks the same things in the same order
    // gets the same keys in every round.
    const QString name = key.isEmpty()
        ? QStringLiteral("%1-%2").arg(method.section(QLatin1Char('/'), 0, 0)).arg(++m_questions)
        : key;
    QJsonObject answer;
    switch (m_round->ask(name, method, params, &answer)) {
    case InputRound::Ask::Answered:
        m_answers.append({callback, answer});
        break;
    case InputRound::Ask::Pending:
        break;
    case InputRound::Ask::Unsupported:
        m_request.fail(JsonRpc::MissingRequiredClientCapability,
            QStringLiteral("Missing required client capability: %1 needs %2")
                .arg(method,
                    m_round->requirement()
                        .value(QLatin1String("requiredCapabilities"))
                        .toObject()
                        .keys()
                        .join(QLatin1String(", "))),
            m_round->requirement());
        m_call->cancel();
        m_call->deleteLater();
        return;
    }
    if (!m_inHandler && !m_settling)
        settleLater();
}

void ToolCallRound::settleLater()
{
    // Questions asked on one turn of the event loop go out together.
    if (std::exchange(m_settleQueued, true))
        return;
    QTimer::singleShot(0, this, [this]() { settle(false); });
}

void ToolCallRound::settle(bool handlerReturned)
{
    m_settleQueued = false;
    m_settling = true;
    while (!m_answers.isEmpty() && !m_call->isCancelled() && !m_call->isFinished()) {
        const auto [callback, answer] = m_answers.takeFirst();
        callback(ToolCall::ClientReply {true, answer, 0, {}});
    }
    m_settling = false;
    if (m_call->isCancelled() || m_call->isFinished() || !m_request.isPending())
        return;
    if (m_round->hasPending()) {
        askedTooMuch();
        return;
    }
    if (handlerReturned && m_mayBecomeTask) {
        // Work that goes on by itself: the caller polls the task instead of holding the request.
        disconnect(m_call, nullptr, this, nullptr);
        m_deps.tasks->adopt(m_request, m_call);
    }
}

void ToolCallRound::askedTooMuch()
{
    m_round->setData(m_call->roundState());
    m_round->answerInputRequired(m_request);
    // The retry runs the handler again with the answers; this run has nothing more to do.
    m_call->cancel();
    m_call->deleteLater();
}

} // namespace Hopx::Mcp
