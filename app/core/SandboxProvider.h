// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Result.h"
#include "SandboxTypes.h"

#include <QObject>

namespace Hopx::Core {

/*! \brief One kind of sandbox (local bubblewrap, HOPX cloud) behind the common tool surface.
 *
 * Every operation is asynchronous and ends with exactly one call of its callback, on the
 * thread that owns the provider, never synchronously from inside the call (callers may
 * rely on that to finish their own set-up first). Operations that run user code return a
 * Cancel: after it is called the callback still fires once, with Error::Code::Cancelled or
 * the result that crossed the cancellation.
 *
 * Providers know nothing about MCP: SandboxManager routes ids to them and the tools in
 * core/tools shape their results into hopx-mcp dicts.
 */
class SandboxProvider : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~SandboxProvider() override = default;

    //! "local" or "hopx"
    virtual QString id() const = 0;
    //! Empty when usable; otherwise a sentence saying why not and how to fix it.
    virtual QString unavailableReason() const = 0;

    virtual void listTemplates(Callback<QJsonArray> done) = 0;
    virtual void getTemplate(const QString &name, Callback<QJsonObject> done) = 0;

    virtual void create(const CreateSpec &spec, Callback<SandboxInfo> done) = 0;
    virtual void list(const ListSpec &spec, Callback<QList<SandboxInfo>> done) = 0;
    virtual void get(const QString &id, Callback<SandboxInfo> done) = 0;
    virtual void destroy(const QString &id, Callback<Unit> done) = 0;
    virtual void setTimeout(const QString &id, int seconds, Callback<Unit> done) = 0;
    virtual void pause(const QString &id, Callback<SandboxInfo> done) = 0;
    virtual void resume(const QString &id, Callback<SandboxInfo> done) = 0;

    virtual Cancel execute(const QString &id, const ExecSpec &spec, Callback<ExecResult> done) = 0;
    virtual Cancel runCommand(
        const QString &id, const CommandSpec &spec, Callback<ExecResult> done) = 0;
    virtual void startBackground(
        const QString &id, const BackgroundSpec &spec, Callback<ProcessStarted> done) = 0;
    //! Background executions started through the tools (execute_list_processes).
    virtual void listExecutions(const QString &id, Callback<QJsonArray> done) = 0;
    //! Every process in the sandbox (list_processes).
    virtual void listProcesses(const QString &id, Callback<QJsonArray> done) = 0;
    virtual void killProcess(const QString &id, const QString &processId, Callback<Unit> done) = 0;

    virtual void readFile(const QString &id, const QString &path, Callback<QByteArray> done) = 0;
    virtual void writeFile(const QString &id, const QString &path, const QByteArray &content,
        const QString &mode, Callback<Unit> done) = 0;
    virtual void listFiles(
        const QString &id, const QString &path, int maxResults, Callback<FileList> done) = 0;
    virtual void fileExists(const QString &id, const QString &path, Callback<bool> done) = 0;
    virtual void removeFile(const QString &id, const QString &path, Callback<Unit> done) = 0;
    virtual void makeDirectory(const QString &id, const QString &path, Callback<Unit> done) = 0;

    virtual void getEnv(const QString &id, Callback<EnvMap> done) = 0;
    virtual void setEnv(const QString &id, const EnvMap &vars, bool merge, Callback<Unit> done) = 0;
    virtual void clearEnv(const QString &id, Callback<Unit> done) = 0;

    virtual void systemMetrics(const QString &id, Callback<QJsonObject> done) = 0;
    virtual void vmInfo(const QString &id, Callback<QJsonObject> done) = 0;
    virtual void cacheClear(const QString &id, Callback<QJsonObject> done) = 0;
    virtual void cacheStats(const QString &id, Callback<QJsonObject> done) = 0;
    virtual void previewUrl(const QString &id, int port, Callback<QString> done) = 0;
    virtual void agentUrl(const QString &id, Callback<QString> done) = 0;

signals:
    //! A sandbox changed state outside a call (expired, agent died, found remotely).
    void sandboxChanged(const Hopx::Core::SandboxInfo &info);
    void sandboxRemoved(const QString &id);
    //! Output of a background process or an execution, for the GUI's log.
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    void unavailableReasonChanged();
};

} // namespace Hopx::Core
