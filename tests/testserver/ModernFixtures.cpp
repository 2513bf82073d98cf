// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ModernFixtures.h"

#include "core/tools/Schema.h"

#include "features/PromptRegistry.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Hopx::TestServer {

namespace Schema = Core::Tools::Schema;

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

struct Question
{
    QString key;
    QString method;
    QJsonObject params;
};

ToolSpec spec(const QString &name, const QString &description,
    ToolSpec::TaskSupport tasks = ToolSpec::TaskSupport::Forbidden)
{
    ToolSpec s;
    s.name = name;
    s.description = description;
    s.inputSchema = Schema::object({}, {}, false);
    s.hints = ToolSpec::ReadOnly;
    s.taskSupport = tasks;
    return s;
}

QJsonObject stringForm(const QString &message, const QString &field, const QString &type = {})
{
    return {{QStringLiteral("message"), message},
        {QStringLiteral("requestedSchema"),
            QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
                {QStringLiteral("properties"),
                    QJsonObject {{field,
                        QJsonObject {{QStringLiteral("type"),
                            type.isEmpty() ? QStringLiteral("string") : type}}}}},
                {QStringLiteral("required"), QJsonArray {field}}}}};
}

Question elicit(
    const QString &key, const QString &message, const QString &field, const QString &type = {})
{
    return {key, QStringLiteral("elicitation/create"), stringForm(message, field, type)};
}

Question sample(const QString &key, const QString &text, int maxTokens)
{
    return {key, QStringLiteral("sampling/createMessage"),
        QJsonObject {{QStringLiteral("messages"),
                         QJsonArray {QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                             {QStringLiteral("content"),
                                 QJsonObject {{QStringLiteral("type"), QStringLiteral("text")},
                                     {QStringLiteral("text"), text}}}}}},
            {QStringLiteral("maxTokens"), maxTokens}}};
}

Question roots()
{
    return {QStringLiteral("client_roots"), QStringLiteral("roots/list"), {}};
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

//! The capability a question needs from the client.
QString capabilityOf(const Question &q)
{
    return q.method.section(QLatin1Char('/'), 0, 0);
}

/*! Asks `stages` one after the other (each stage's questions at once) and finishes with
 *  `finish(answers)`; `delayMs` >= 0 finishes that much later (the call goes on by itself:
 *  with the tasks extension it becomes a task). */
void askInStages(ToolCall *call, QList<QList<Question>> stages,
    std::function<ToolResult(const QJsonObject &answers)> finish, int delayMs = -1,
    int askAfterMs = -1)
{
    struct Run
    {
        QPointer<ToolCall> call;
        QList<QList<Question>> stages;
        std::function<ToolResult(const QJsonObject &)> finish;
        QJsonObject answers;
        int waiting = 0;
        int delayMs;
        std::function<void()> next;
    };
    auto run =
        std::make_shared<Run>(Run {call, std::move(stages), std::move(finish), {}, 0, delayMs, {}});
    std::weak_ptr<Run> weak = run;
    run->next = [weak]() {
        const auto r = weak.lock();
        if (!r || !r->call)
            return;
        if (r->stages.isEmpty()) {
            if (r->delayMs < 0) {
                r->call->finish(r->finish(r->answers));
                return;
            }
            QTimer::singleShot(r->delayMs, r->call, [r]() {
                if (r->call && !r->call->isFinished() && !r->call->isCancelled())
                    r->call->finish(r->finish(r->answers));
            });
            return;
        }
        const QList<Question> stage = r->stages.takeFirst();
        r->waiting = int(stage.size());
        for (const Question &q : stage) {
            r->call->requestFromClient(
                q.method, q.params,
                [r, key = q.key](const ToolCall::ClientReply &reply) {
                    if (!r->call)
                        return;
                    r->answers.insert(
                        key, reply.ok ? QJsonValue(reply.result) : QJsonValue(reply.errorMessage));
                    if (--r->waiting == 0)
                        r->next();
                },
                q.key);
        }
    };
    // The call owns the run: it ends when the call does.
    QObject::connect(call, &QObject::destroyed, call, [run]() { run->next = nullptr; });
    if (askAfterMs < 0) {
        run->next();
        return;
    }
    // Under way first, then asking: as a task, the question parks the task (input_required).
    QTimer::singleShot(askAfterMs, call, [run]() {
        if (run->next)
            run->next();
    });
}

QString elicited(const QJsonObject &answers, const QString &key, const QString &field)
{
    return answers.value(key)
        .toObject()
        .value(QStringLiteral("content"))
        .toObject()
        .value(field)
        .toString();
}

void registerInputRequired(Mcp::ToolRegistry &tools)
{
    const auto name = elicit(
        QStringLiteral("user_name"), QStringLiteral("What is your name?"), QStringLiteral("name"));
    tools.add(spec(QStringLiteral("test_input_required_result_elicitation"),
                  QStringLiteral("Asks the user's name through an input request.")),
        [name](ToolCall *call) {
            askInStages(call, {{name}}, [](const QJsonObject &a) {
                return ToolResult::text(
                    QStringLiteral("Hello, %1!")
                        .arg(elicited(a, QStringLiteral("user_name"), QStringLiteral("name"))));
            });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_sampling"),
                  QStringLiteral("Asks the client's model a question through an input request.")),
        [](ToolCall *call) {
            askInStages(call,
                {{sample(QStringLiteral("capital_question"),
                    QStringLiteral("What is the capital of France?"), 100)}},
                [](const QJsonObject &a) {
                    const QJsonObject reply =
                        a.value(QStringLiteral("capital_question")).toObject();
                    return ToolResult::text(QStringLiteral("Model said: %1")
                                                .arg(reply.value(QStringLiteral("content"))
                                                         .toObject()
                                                         .value(QStringLiteral("text"))
                                                         .toString()));
                });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_list_roots"),
                  QStringLiteral("Asks the client's roots through an input request.")),
        [](ToolCall *call) {
            askInStages(call, {{roots()}}, [](const QJsonObject &a) {
                return ToolResult::text(
                    QStringLiteral("Roots: %1")
                        .arg(compact(a.value(QStringLiteral("client_roots")).toObject())));
            });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_request_state"),
                  QStringLiteral("Asks for a confirmation; the answer comes back with the "
                                 "signed request state.")),
        [](ToolCall *call) {
            // The handler's own value rides in the signed state: it comes back only intact.
            const bool resumed = call->roundState().toString() == QLatin1String("asked");
            call->setRoundState(QStringLiteral("asked"));
            askInStages(call,
                {{elicit(QStringLiteral("confirm"), QStringLiteral("Please confirm"),
                    QStringLiteral("ok"), QStringLiteral("boolean"))}},
                [resumed](const QJsonObject &) {
                    return ToolResult::text(resumed ? QStringLiteral("state-ok: confirmed")
                                                    : QStringLiteral("confirmed without state"));
                });
        });
    const QList<Question> three {name,
        sample(QStringLiteral("greeting"), QStringLiteral("Generate a greeting"), 50), roots()};
    tools.add(spec(QStringLiteral("test_input_required_result_multiple_inputs"),
                  QStringLiteral("Asks three questions at once (elicitation, sampling, roots).")),
        [three](ToolCall *call) {
            askInStages(call, {three}, [](const QJsonObject &a) {
                return ToolResult::text(QStringLiteral("Got %1 answers").arg(a.size()));
            });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_tampered_state"),
                  QStringLiteral("Asks once; a tampered request state is refused.")),
        [name](ToolCall *call) {
            call->setRoundState(QStringLiteral("integrity"));
            askInStages(call, {{name}},
                [](const QJsonObject &) { return ToolResult::text(QStringLiteral("state-ok")); });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_capabilities"),
                  QStringLiteral("Asks only what the client declared it can answer.")),
        [three](ToolCall *call) {
            QList<Question> supported;
            for (const Question &q : three)
                if (call->clientSupports(capabilityOf(q)))
                    supported.append(q);
            if (supported.isEmpty()) {
                call->finish(ToolResult::text(QStringLiteral("The client can answer nothing")));
                return;
            }
            askInStages(call, {supported}, [](const QJsonObject &a) {
                return ToolResult::text(QStringLiteral("Got %1 answers").arg(a.size()));
            });
        });
    tools.add(spec(QStringLiteral("test_input_required_result_multi_round"),
                  QStringLiteral("Asks two questions, one round each.")),
        [](ToolCall *call) {
            askInStages(call,
                {{elicit(QStringLiteral("step1"), QStringLiteral("Step 1: What is your name?"),
                     QStringLiteral("name"))},
                    {elicit(QStringLiteral("step2"),
                        QStringLiteral("Step 2: What is your favorite color?"),
                        QStringLiteral("color"))}},
                [](const QJsonObject &a) {
                    return ToolResult::text(
                        QStringLiteral("%1 likes %2")
                            .arg(elicited(a, QStringLiteral("step1"), QStringLiteral("name")),
                                elicited(a, QStringLiteral("step2"), QStringLiteral("color"))));
                });
        });
}

//! The diagnostic tools of the suite's server-stateless scenario.
void registerStatelessProbes(Mcp::ToolRegistry &tools)
{
    tools.add(spec(QStringLiteral("test_missing_capability"),
                  QStringLiteral("Needs sampling: a client without it gets -32021.")),
        [](ToolCall *call) {
            askInStages(call,
                {{sample(QStringLiteral("needed"), QStringLiteral("Say something"), 10)}},
                [](const QJsonObject &) { return ToolResult::text(QStringLiteral("answered")); });
        });
    tools.add(spec(QStringLiteral("test_streaming_elicitation"),
                  QStringLiteral("Reports progress, then asks for input.")),
        [](ToolCall *call) {
            call->reportProgress(1, 2, QStringLiteral("about to ask"));
            askInStages(call,
                {{elicit(QStringLiteral("answer"), QStringLiteral("Go on?"), QStringLiteral("ok"),
                    QStringLiteral("boolean"))}},
                [](const QJsonObject &) { return ToolResult::text(QStringLiteral("went on")); });
        });
    tools.add(spec(QStringLiteral("test_logging_tool"),
                  QStringLiteral("Logs three messages, then answers.")),
        [](ToolCall *call) {
            for (int i = 1; i <= 3; ++i)
                call->log(QStringLiteral("info"), QStringLiteral("log message %1").arg(i));
            call->finish(ToolResult::text(QStringLiteral("logged")));
        });
}

//! Hooks that change the tool and prompt lists, so that list_changed reaches listen streams.
void registerListChangers(Mcp::ToolRegistry &tools, Mcp::PromptRegistry &prompts)
{
    auto added = std::make_shared<int>(0);
    Mcp::ToolRegistry *toolList = &tools;
    Mcp::PromptRegistry *promptList = &prompts;
    tools.add(spec(QStringLiteral("test_trigger_tool_change"),
                  QStringLiteral("Adds a tool (the list changes).")),
        [toolList, added](ToolCall *call) {
            const QString name = QStringLiteral("test_added_tool_%1").arg(++*added);
            toolList->add(spec(name, QStringLiteral("Added by test_trigger_tool_change.")),
                [](ToolCall *c) { c->finish(ToolResult::text(QStringLiteral("added"))); });
            call->finish(ToolResult::text(QStringLiteral("added %1").arg(name)));
        });
    tools.add(spec(QStringLiteral("test_trigger_prompt_change"),
                  QStringLiteral("Adds a prompt (the list changes).")),
        [promptList, added](ToolCall *call) {
            const QString name = QStringLiteral("test_added_prompt_%1").arg(++*added);
            promptList->add({name, {}, QStringLiteral("Added by test_trigger_prompt_change."), {}},
                [](const QMap<QString, QString> &) {
                    return QJsonObject {{QStringLiteral("messages"), QJsonArray {}}};
                });
            call->finish(ToolResult::text(QStringLiteral("added %1").arg(name)));
        });
}

void registerTaskJobs(Mcp::ToolRegistry &tools)
{
    using TS = ToolSpec::TaskSupport;
    ToolSpec greet = spec(QStringLiteral("greet"), QStringLiteral("Returns Hello, {name}!"));
    greet.inputSchema = Schema::object(
        {{QStringLiteral("name"), Schema::string(QStringLiteral("Who to greet"))}}, {}, false);
    tools.add(greet, [](ToolCall *call) {
        call->finish(
            ToolResult::text(QStringLiteral("Hello, %1!")
                                 .arg(call->arguments().value(QStringLiteral("name")).toString())));
    });
    ToolSpec slow = spec(QStringLiteral("slow_compute"),
        QStringLiteral("Sleeps `seconds` then answers (a task when the client allows)."),
        TS::Optional);
    slow.inputSchema = Schema::object(
        {{QStringLiteral("seconds"), Schema::integer(QStringLiteral("How long"), 0, 3600)},
            {QStringLiteral("label"), Schema::string(QStringLiteral("Echoed back"))}},
        {}, false);
    tools.add(slow, [](ToolCall *call) {
        const int ms = call->arguments().value(QStringLiteral("seconds")).toInt() * 1000;
        const QString label = call->arguments().value(QStringLiteral("label")).toString();
        QPointer<ToolCall> guard(call);
        QTimer::singleShot(ms, call, [guard, label, ms]() {
            if (guard && !guard->isCancelled())
                guard->finish(
                    ToolResult::text(QStringLiteral("computed %1 after %2 ms").arg(label).arg(ms)));
        });
    });
    tools.add(spec(QStringLiteral("failing_job"),
                  QStringLiteral("Fails with a tool error after about a second."), TS::Required),
        [](ToolCall *call) {
            QPointer<ToolCall> guard(call);
            QTimer::singleShot(1000, call, [guard]() {
                if (guard && !guard->isCancelled())
                    guard->finish(ToolResult::text(QStringLiteral("the job failed"), true));
            });
        });
    tools.add(spec(QStringLiteral("protocol_error_job"),
                  QStringLiteral("Ends with a JSON-RPC error after a moment."), TS::Optional),
        [](ToolCall *call) {
            QPointer<ToolCall> guard(call);
            QTimer::singleShot(200, call, [guard]() {
                if (guard && !guard->isCancelled())
                    guard->fail(-32603, QStringLiteral("Internal error: the job broke"));
            });
        });
    tools.add(spec(QStringLiteral("confirm_delete"),
                  QStringLiteral("Asks for a confirmation, then completes."), TS::Optional),
        [](ToolCall *call) {
            askInStages(
                call,
                {{elicit(QStringLiteral("confirm"), QStringLiteral("Delete it?"),
                    QStringLiteral("ok"), QStringLiteral("boolean"))}},
                [](const QJsonObject &) { return ToolResult::text(QStringLiteral("deleted")); },
                100, 200);
        });
    tools.add(spec(QStringLiteral("multi_input"), QStringLiteral("Asks two questions at once."),
                  TS::Optional),
        [](ToolCall *call) {
            askInStages(
                call,
                {{elicit(QStringLiteral("first"), QStringLiteral("First?"), QStringLiteral("a")),
                    elicit(
                        QStringLiteral("second"), QStringLiteral("Second?"), QStringLiteral("b"))}},
                [](const QJsonObject &a) {
                    return ToolResult::text(QStringLiteral("Got %1 answers").arg(a.size()));
                },
                100, 200);
        });
    tools.add(spec(QStringLiteral("test_tool_with_task"),
                  QStringLiteral("Asks the user's name, then goes on as a task."), TS::Required),
        [](ToolCall *call) {
            askInStages(
                call,
                {{elicit(QStringLiteral("user_name"), QStringLiteral("What is your name?"),
                    QStringLiteral("name"))}},
                [](const QJsonObject &a) {
                    return ToolResult::text(
                        QStringLiteral("Task done for %1")
                            .arg(elicited(a, QStringLiteral("user_name"), QStringLiteral("name"))));
                },
                500);
        });
}

} // namespace

void registerModernFixtures(Mcp::ToolRegistry &tools, Mcp::PromptRegistry &prompts)
{
    registerInputRequired(tools);
    registerTaskJobs(tools);
    registerStatelessProbes(tools);
    registerListChangers(tools, prompts);

    prompts.addAsking({QStringLiteral("test_input_required_result_prompt"), {},
                          QStringLiteral("A prompt that asks the user for its context"), {}},
        [](const QMap<QString, QString> &, const Mcp::PromptRegistry::Ask &ask) {
            const Question q = elicit(QStringLiteral("user_context"),
                QStringLiteral("What context should the prompt use?"), QStringLiteral("context"));
            const auto answer = ask(q.key, q.method, q.params);
            const QString context = answer ? answer->value(QStringLiteral("content"))
                                                 .toObject()
                                                 .value(QStringLiteral("context"))
                                                 .toString()
                                           : QStringLiteral("(none given)");
            return QJsonObject {{QStringLiteral("messages"),
                QJsonArray {QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                    {QStringLiteral("content"),
                        QJsonObject {{QStringLiteral("type"), QStringLiteral("text")},
                            {QStringLiteral("text"),
                                QStringLiteral("Use this context: %1").arg(context)}}}}}}};
        });
}

} // namespace Hopx::TestServer
