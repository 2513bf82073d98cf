// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxExec.h"

#include "providers/cloud/api/QueuedCallback.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxLogging.h"
#include "providers/cloud/api/AgentEndpoint.h"
#include "providers/cloud/api/AgentPool.h"
#include "providers/cloud/api/ExecuteStream.h"

#include <QJsonArray>

#include <algorithm>

namespace Hopx::Cloud {

using namespace Core;

namespace {

void markTimedOut(ExecResult &result, int timeoutSeconds)
{
    result.timedOut = true;
    result.exitCode = 124;
    result.note = QStringLiteral("execution timed out after %1 s").arg(timeoutSeconds);
}

QString workdirOf(const QString &workingDir)
{
    return workingDir.isEmpty() ? QStringLiteral("/workspace") : workingDir;
}

} // namespace

HopxExec::HopxExec(AgentChannel agent, OutputSink echo)
    : m_agent(std::move(agent))
    , m_echo(std::move(echo))
{ }

Cancel HopxExec::execute(const ExecSpec &spec, Callback<ExecResult> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    // Agent 3.2.8's ExecuteRequest.timeout is an integer with no upper bound; the 300 s cap of
    // the docs and of an older generated SDK model is not the document's, so it is not applied
    // here (execute_code_async asks for 1800 s). Where the tools keep hopx-mcp's own 300 s
    // limit (persistent/rich), they check it before calling.
    const int timeout = std::max(spec.timeoutSeconds, 1);
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/execute");
    // `workdir`, not `working_dir`: the agent silently ignores the latter (SDK 0.3.3).
    req.body = {{QStringLiteral("code"), spec.code}, {QStringLiteral("language"), spec.language},
        {QStringLiteral("timeout"), timeout},
        {QStringLiteral("workdir"), workdirOf(spec.workingDir)}};
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed; // never run code twice
    req.timeoutMs = timeout * 1000 + m_agent.options().execGraceMs;
    req.what = QStringLiteral("execute code");
    // The stream's result frame has the exit code and time only: a figure or a DataFrame's table
    // comes in /execute's reply alone. Python, where they come from, keeps the POST (the client
    // still hears a heartbeat while it runs); the other languages print live.
    if (spec.liveOutput && spec.language != QLatin1String("python")) // normalised by the tool
        return stream(req, timeout, spec.maxOutputBytes, spec.onOutput, std::move(done));
    return run(req, timeout, spec.maxOutputBytes, spec.onOutput, false, std::move(done));
}

Cancel HopxExec::runCommand(const CommandSpec &spec, Callback<ExecResult> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/commands/run");
    // A bare shell string makes the agent look for an executable named after the whole string.
    req.body = {{QStringLiteral("command"), QStringLiteral("bash")},
        {QStringLiteral("args"), QJsonArray {QStringLiteral("-c"), spec.command}},
        {QStringLiteral("timeout"), spec.timeoutSeconds},
        {QStringLiteral("workdir"), workdirOf(spec.workingDir)}};
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    req.timeoutMs = spec.timeoutSeconds * 1000 + m_agent.options().execGraceMs;
    req.what = QStringLiteral("run command");
    return run(req, spec.timeoutSeconds, spec.maxOutputBytes, spec.onOutput, true, std::move(done));
}

Cancel HopxExec::run(const HopxRequest &req, int timeoutSeconds, qint64 maxOutput,
    const OutputSink &sink, bool commandReply, Callback<ExecResult> done) const
{
    const QString id = m_agent.sandboxId();
    const OutputSink echo = m_echo;
    return m_agent.send(req,
        [id, req, timeoutSeconds, maxOutput, sink, echo, commandReply, done](
            const RestReply *reply, const Error *error) {
            if (error)
                return done(HopxErrors::withSandbox(*error, id));
            bool ok = false;
            const QJsonObject o = reply->json(&ok).object();
            const bool hasOutput = ok
                && (o.contains(QStringLiteral("stdout"))
                    || o.contains(QStringLiteral("exit_code")));
            const QString code = HopxErrors::parse(*reply).code.toUpper();
            const bool timedOut =
                reply->status == 408 || code == QLatin1String("EXECUTION_TIMEOUT");
            // /commands/run answers 500 with its normal body when the command fails (agent docs).
            const bool failedCommand = commandReply && reply->status == 500 && hasOutput;
            if (!reply->isHttpSuccess() && !timedOut && !failedCommand)
                return done(HopxErrors::tagged(
                    HopxErrors::fromReply(*reply, HopxErrors::Origin::Agent, req.what), id));
            if (reply->isHttpSuccess() && !ok)
                return done(HopxErrors::tagged(HopxErrors::malformed(*reply, req.what), id));
            ExecResult result = HopxJson::execFromJson(o, maxOutput);
            if (timedOut)
                markTimedOut(result, timeoutSeconds);
            for (const auto &[stream, data] :
                {std::pair {QStringLiteral("stdout"), result.stdoutData},
                    std::pair {QStringLiteral("stderr"), result.stderrData}}) {
                if (data.isEmpty())
                    continue;
                if (sink)
                    sink(stream, data);
                if (echo)
                    echo(stream, data);
            }
            done(result);
        });
}

Cancel HopxExec::stream(const HopxRequest &req, int timeoutSeconds, qint64 maxOutput,
    const OutputSink &sink, Callback<ExecResult> done) const
{
    // Which of the three owns the run right now: the agent connection, the stream, or the
    // POST it fell back to. `answered` keeps done() to exactly one call.
    struct State
    {
        bool answered = false;
        QPointer<ExecuteStream> stream;
        Cancel fallback;
    };
    auto state = std::make_shared<State>();
    auto finish = [state, done](Result<ExecResult> r) {
        if (std::exchange(state->answered, true))
            return;
        done(std::move(r));
    };
    const QString id = m_agent.sandboxId();
    const OutputSink echo = m_echo;
    const OutputSink live = [sink, echo](const QString &stream, const QByteArray &chunk) {
        if (sink)
            sink(stream, chunk);
        if (echo)
            echo(stream, chunk);
    };
    const HopxExec self = *this;
    const AgentChannel agent = m_agent;
    agent.whenReady([self, agent, id, req, timeoutSeconds, maxOutput, sink, live, state, finish](
                        const AgentEndpoint *endpoint, const Error *error) {
        if (state->answered)
            return;
        if (error)
            return finish(HopxErrors::withSandbox(*error, id));
        if (!endpoint)
            return finish(HopxErrors::sandboxNotFound(id));
        auto onOutcome = [self, id, req, timeoutSeconds, maxOutput, sink, state, finish](
                             const ExecuteStream::Outcome &o) {
            using Kind = ExecuteStream::Outcome::Kind;
            if (state->answered)
                return;
            switch (o.kind) {
            case Kind::Finished:
                return finish(HopxJson::execFromJson(o.reply, maxOutput));
            case Kind::NotStarted:
                // Nothing ran: the plain POST still can (an agent without the stream endpoint).
                qCInfo(lcCloud) << "output stream unavailable for" << id << "(" << o.error
                                << "), using POST /execute";
                state->fallback = self.run(req, timeoutSeconds, maxOutput, sink, false, finish);
                return;
            case Kind::TimedOut: {
                ExecResult result = HopxJson::execFromJson(o.reply, maxOutput);
                markTimedOut(result, timeoutSeconds);
                return finish(result);
            }
            case Kind::Cancelled:
                return finish(HopxErrors::cancelled(req.what));
            case Kind::Failed:
                if (o.code.compare(QLatin1String("EXECUTION_TIMEOUT"), Qt::CaseInsensitive) == 0) {
                    ExecResult result = HopxJson::execFromJson(o.reply, maxOutput);
                    markTimedOut(result, timeoutSeconds);
                    return finish(result);
                }
                return finish(HopxErrors::tagged(
                    Error::make(Error::Code::Network,
                        QStringLiteral("The HOPX agent's output stream failed: %1. The code may "
                                       "have run; check before running it again.")
                            .arg(o.error)),
                    id));
            }
        };
        auto *stream = new ExecuteStream(endpoint->base, endpoint->token, req.body, req.timeoutMs,
            maxOutput, live, onOutcome, agent.context());
        state->stream = stream;
        stream->start();
    });
    const QPointer<QObject> context = agent.context();
    return [context, state, finish, what = req.what] {
        if (state->answered)
            return;
        if (state->stream)
            return state->stream->cancel();
        if (state->fallback)
            return state->fallback();
        // Still connecting to the agent: answer now, from the event loop.
        if (context)
            QMetaObject::invokeMethod(
                context.data(), [finish, what] { finish(HopxErrors::cancelled(what)); },
                Qt::QueuedConnection);
    };
}

} // namespace Hopx::Cloud
