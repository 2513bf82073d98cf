// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxProcesses.h"

#include "providers/cloud/api/QueuedCallback.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxLogging.h"
#include "providers/cloud/api/AgentPool.h"

#include <QTimer>

namespace Hopx::Cloud {

using namespace Core;

HopxProcesses::HopxProcesses(AgentChannel agent)
    : m_agent(std::move(agent))
{ }

HopxRequest HopxProcesses::listRequest(const QString &path, const QString &what)
{
    HopxRequest req;
    req.path = path;
    req.what = what;
    return req;
}

void HopxProcesses::startBackground(const BackgroundSpec &spec, Callback<ProcessStarted> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "POST";
    if (!spec.command.isEmpty()) {
        req.path = QStringLiteral("/commands/background");
        req.body = {{QStringLiteral("command"), QStringLiteral("bash")},
            {QStringLiteral("args"), QJsonArray {QStringLiteral("-c"), spec.command}},
            {QStringLiteral("timeout"), spec.timeoutSeconds},
            {QStringLiteral("workdir"),
                spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir}};
        req.what = QStringLiteral("run command in background");
    } else {
        // No workdir: the agent runs background code in /tmp/hopx-exec (SDK dropped the field).
        req.path = QStringLiteral("/execute/background");
        req.body = {{QStringLiteral("code"), spec.code},
            {QStringLiteral("language"), spec.language},
            {QStringLiteral("timeout"), spec.timeoutSeconds}};
        if (!spec.name.isEmpty())
            req.body.insert(QStringLiteral("name"), spec.name);
        req.what = QStringLiteral("execute code in background");
    }
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    const QString name = spec.name;
    // The agent has no workdir for background code: a directory asked for is said not to
    // apply, or the model would look for relative files where they are not.
    const QString ignoredDir = spec.command.isEmpty() ? spec.workingDir : QString();
    m_agent.sendForObject(req, [done, name, ignoredDir](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        ProcessStarted p = HopxJson::processFromJson(r.value());
        if (p.name.isEmpty())
            p.name = name;
        if (!ignoredDir.isEmpty()) {
            QString said = p.message.isEmpty()
                ? QStringLiteral("Background process started: %1").arg(p.processId)
                : p.message.trimmed();
            if (!said.endsWith(QLatin1Char('.')))
                said += QLatin1Char('.');
            p.message = QStringLiteral("%1 HOPX runs background code in /tmp/hopx-exec, not in "
                                       "%2: use absolute paths, or run_command with "
                                       "background: true and working_dir.")
                            .arg(said, ignoredDir);
        }
        if (p.processId.isEmpty())
            return done(Error::make(Error::Code::Internal,
                QStringLiteral("The agent started the process but sent no process id: %1")
                    .arg(p.message)));
        done(p);
    });
}

void HopxProcesses::listExecutions(Callback<QJsonArray> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    m_agent.sendJson(
        listRequest(QStringLiteral("/execute/processes"), QStringLiteral("list executions")),
        [done](Result<QJsonValue> r) {
            if (!r.ok())
                return done(r.error());
            done(HopxJson::listOf(r.value(), QStringLiteral("processes")));
        });
}

void HopxProcesses::listProcesses(Callback<QJsonArray> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    m_agent.sendJson(listRequest(QStringLiteral("/processes"), QStringLiteral("list processes")),
        [done](Result<QJsonValue> r) {
            if (!r.ok())
                return done(r.error());
            done(HopxJson::listOf(r.value(), QStringLiteral("processes")));
        });
}

void HopxProcesses::killProcess(const QString &processId, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    // The one form agent 3.2.8 documents. The SDKs' POST /execute/kill/{id} is not in it and,
    // live, answered success without killing (hopx-ai/hopx#30); the docs' DELETE with a JSON
    // body and a later generated spec's POST are not in it either. The document wins.
    HopxRequest req;
    req.method = "DELETE";
    req.path = QStringLiteral("/execute/kill");
    req.query.addQueryItem(QStringLiteral("process_id"), processId);
    req.what = QStringLiteral("kill process");
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    const AgentChannel agent = m_agent;
    const QString id = agent.sandboxId();
    agent.send(req, [agent, id, processId, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(HopxErrors::withSandbox(*error, id));
        if (reply->isHttpSuccess())
            return verifyKilled(agent, processId, false, done);
        const Error e = HopxErrors::tagged(HopxErrors::fromReply(*reply, HopxErrors::Origin::Agent,
                                               QStringLiteral("kill process")),
            id);
        // The document's 404 for this operation is the process; the docs' body says
        // RESOURCE_NOT_FOUND, the SDK's codes PROCESS_NOT_FOUND.
        if (reply->status == 404 || e.error == QLatin1String("Process not found"))
            return done(Error::make(Error::Code::NotFound,
                QStringLiteral("No process %1 in sandbox %2 (it may have finished already).")
                    .arg(processId, id),
                {{QStringLiteral("process_id"), processId}, {QStringLiteral("sandbox_id"), id}},
                QStringLiteral("Process not found")));
        done(e);
    });
}

// The agent's word is not enough (hopx-ai/hopx#30): believe only the process list.
void HopxProcesses::verifyKilled(
    const AgentChannel &agent, const QString &processId, bool again, Callback<Unit> done)
{
    const HopxRequest req =
        listRequest(QStringLiteral("/execute/processes"), QStringLiteral("list executions"));
    agent.sendJson(req, [agent, processId, again, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : HopxJson::listOf(r.value(), QStringLiteral("processes"))) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("process_id")).toString() != processId
                && p.value(QStringLiteral("execution_id")).toString() != processId)
                continue;
            const QString status = p.value(QStringLiteral("status")).toString();
            if (status != QLatin1String("running") && status != QLatin1String("queued"))
                return done(Unit {});
            if (!again) {
                // A signal takes a moment to land: look once more.
                QTimer::singleShot(agent.options().killVerifyDelayMs, agent.context(),
                    [=] { verifyKilled(agent, processId, true, done); });
                return;
            }
            qCInfo(lcCloud) << "kill acknowledged but" << processId << "still runs";
            return done(Error::make(Error::Code::Internal,
                QStringLiteral("Process %1 is still running: the agent acknowledged the kill "
                               "request but did not stop it.")
                    .arg(processId),
                {{QStringLiteral("process_id"), processId}}));
        }
        done(Unit {}); // gone from the list (or never listed, as background commands are)
    });
}

} // namespace Hopx::Cloud
