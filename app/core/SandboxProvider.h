// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Result.h"
#include "Sandbox.h"
#include "SandboxTypes.h"

#include <QJsonArray>
#include <QObject>

namespace Hopx::Core {

/*! \brief One kind of sandbox (local bubblewrap, HOPX cloud): creates, finds and lists its
 *  sandboxes; the Sandbox handles do the work.
 *
 * Every operation is asynchronous and ends with exactly one call of its callback, on the
 * thread that owns the provider, never synchronously from inside the call (callers may
 * rely on that to finish their own set-up first). The same holds for every capability of a
 * Sandbox. Operations that run user code return a Cancel: after it is called the callback
 * still fires once, with Error::Code::Cancelled or the result that crossed the cancellation.
 *
 * Providers know nothing about MCP or about each other: each says which sandbox ids are its
 * own (claims()), SandboxManager asks them, and the tools in core/tools shape results into
 * hopx-mcp dicts.
 */
class SandboxProvider : public QObject
{
    Q_OBJECT
public:
    //! How sure a provider is that a sandbox id is one of its own.
    enum class Claim {
        No,
        Maybe, // the id could be ours; only the service can tell (a cloud's opaque ids)
        Yes, // ours by construction (e.g. the provider mints ids with its own prefix)
    };

    using QObject::QObject;
    ~SandboxProvider() override;

    //! The name tools and settings use for this provider ("provider": "…").
    virtual QString id() const = 0;
    //! Empty when usable; otherwise a sentence saying why not and how to fix it.
    virtual QString unavailableReason() const = 0;
    //! Whether \a sandboxId belongs to this provider. A provider that cannot tell answers Maybe.
    virtual Claim claims(const QString &sandboxId) const = 0;
    /*! The app itself runs this provider's sandboxes: the manager expires them at their timeout
     *  and destroys them when the app quits (a cloud expires its own). */
    virtual bool hostedByApp() const { return false; }

    /*! The handle for sandbox \a id, or the error to answer with (Error::Code::NotFound with
     *  what to do). See Sandbox for how long the pointer may be kept. */
    virtual Result<Sandbox *> sandbox(const QString &id) = 0;

    virtual void listTemplates(Callback<QJsonArray> done) = 0;
    virtual void getTemplate(const QString &name, Callback<QJsonObject> done) = 0;
    virtual void create(const CreateSpec &spec, Callback<SandboxInfo> done) = 0;
    virtual void list(const ListSpec &spec, Callback<QList<SandboxInfo>> done) = 0;

    /*! \name Transitional id-keyed calls
     *  The tools (core/tools) still call these; they go once the tools use Sandbox handles.
     *  Each looks the handle up and runs its capability, or answers with the lookup's error or
     *  Sandbox::unsupported(). Nothing overrides them. */
    //!@{
    void get(const QString &id, Callback<SandboxInfo> done);
    void destroy(const QString &id, Callback<Unit> done);
    void setTimeout(const QString &id, int seconds, Callback<Unit> done);
    void pause(const QString &id, Callback<SandboxInfo> done);
    void resume(const QString &id, Callback<SandboxInfo> done);
    Cancel execute(const QString &id, const ExecSpec &spec, Callback<ExecResult> done);
    Cancel runCommand(const QString &id, const CommandSpec &spec, Callback<ExecResult> done);
    void startBackground(
        const QString &id, const BackgroundSpec &spec, Callback<ProcessStarted> done);
    void listExecutions(const QString &id, Callback<QJsonArray> done);
    void listProcesses(const QString &id, Callback<QJsonArray> done);
    void killProcess(const QString &id, const QString &processId, Callback<Unit> done);
    void readFile(const QString &id, const QString &path, Callback<QByteArray> done);
    void writeFile(const QString &id, const QString &path, const QByteArray &content,
        const QString &mode, Callback<Unit> done);
    void listFiles(const QString &id, const QString &path, int maxResults, Callback<FileList> done);
    void fileExists(const QString &id, const QString &path, Callback<bool> done);
    void removeFile(const QString &id, const QString &path, Callback<Unit> done);
    void makeDirectory(const QString &id, const QString &path, Callback<Unit> done);
    void getEnv(const QString &id, Callback<EnvMap> done);
    void setEnv(const QString &id, const EnvMap &vars, bool merge, Callback<Unit> done);
    void clearEnv(const QString &id, Callback<Unit> done);
    void systemMetrics(const QString &id, Callback<QJsonObject> done);
    void vmInfo(const QString &id, Callback<QJsonObject> done);
    void cacheClear(const QString &id, Callback<QJsonObject> done);
    void cacheStats(const QString &id, Callback<QJsonObject> done);
    void previewUrl(const QString &id, int port, Callback<QString> done);
    void agentUrl(const QString &id, Callback<QString> done);
    //!@}

signals:
    //! A sandbox changed state outside a call (expired, agent died, found remotely).
    void sandboxChanged(const Hopx::Core::SandboxInfo &info);
    void sandboxRemoved(const QString &id);
    //! Output of a background process or an execution, for the GUI's log.
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    void unavailableReasonChanged();

private:
    template<class Capability, typename T, typename Run>
    auto withCapability(
        const QString &id, const Callback<T> &done, Run run, const QJsonObject &request = {});
};

} // namespace Hopx::Core
