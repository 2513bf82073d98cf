// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpRequest.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QList>
#include <QObject>
#include <QPair>

#include <memory>

namespace Hopx::Mcp {

class FeatureHost;
class InputRound;
class LoggingFeature;
class TasksExtension;

/*! \brief One tools/call of the 2026-07-28 era: its handler runs under an InputRound, and the
 *  request ends as a result, an input-required result, or a task.
 *
 * What the handler asks (ToolCall::requestFromClient()) is answered from the retry's input
 * responses right after the handler returns, before anything is decided, so a handler that
 * gets everything it needs runs on as if it had asked a legacy client. Then:
 *  - the call finished: its result (or its error) answers the request;
 *  - it asked something the request did not answer: `resultType: "input_required"` with every
 *    such question at once (those asked on the same turn of the event loop), and the call is
 *    cancelled: the retry starts it again;
 *  - it goes on by itself and the caller declared the tasks extension for a tool that allows
 *    tasks: it becomes one (TasksExtension::adopt(), `resultType: "task"`);
 *  - otherwise it stays in flight and answers when it finishes (progress on the way), and a
 *    question it asks later still ends the request as input-required.
 * The object belongs to the call.
 */
class ToolCallRound final : public QObject
{
public:
    struct Deps
    {
        FeatureHost &host;
        LoggingFeature *logging;
        TasksExtension *tasks; // null: no tasks in this era
    };

    static void run(const Deps &deps, const McpRequest &request, const ToolRegistry::Entry &entry,
        ToolCall *call, std::shared_ptr<InputRound> round);

private:
    ToolCallRound(const Deps &deps, const McpRequest &request, ToolCall *call,
        std::shared_ptr<InputRound> round, bool mayBecomeTask);

    void ask(const QString &method, const QJsonObject &params,
        const ToolCall::ClientCallback &callback, const QString &key);
    void settle(bool handlerReturned);
    void settleLater();
    void askedTooMuch();
    void dispose();

    Deps m_deps;
    McpRequest m_request;
    ToolCall *m_call;
    std::shared_ptr<InputRound> m_round;
    QList<QPair<ToolCall::ClientCallback, QJsonObject>> m_answers; // to deliver, in order
    int m_questions = 0;
    bool m_mayBecomeTask;
    bool m_inHandler = false;
    bool m_settling = false;
    bool m_settleQueued = false;
};

} // namespace Hopx::Mcp
