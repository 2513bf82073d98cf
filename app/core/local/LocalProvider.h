// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "EtcStage.h"
#include "SandboxLimits.h"

#include "core/SandboxProvider.h"

#include <QHash>
#include <QJsonObject>
#include <QPointer>

#include <memory>

namespace Hopx::Core {
class Settings;
}

namespace Hopx::Local {

class LocalSandbox;

/*! \brief Sandboxes on this machine: one bubblewrap + hopx-sandbox-agent per sandbox.
 *
 * Keeps one warm spare sandbox (with its Python interpreter started) ready, so that
 * create_sandbox and isolated executions do not wait for a sandbox to boot; the spare is
 * replaced in the background after it is handed out. All state lives under a per-user 0700
 * directory and is removed with the sandbox.
 */
class LocalProvider final : public Core::SandboxProvider
{
    Q_OBJECT
public:
    struct Options
    {
        QString stateBase; // empty = SandboxProcess::defaultStateBase()
        QString agentPath; // empty = SandboxProcess::findAgent()
        QString bwrapPath; // empty = bwrap on PATH
        int warmSpares = 1; // sandboxes kept booted for the next create
    };

    LocalProvider(Core::Settings *settings, const Options &options, QObject *parent = nullptr);
    ~LocalProvider() override;

    QString id() const override { return QStringLiteral("local"); }
    QString unavailableReason() const override { return m_unavailable; }
    int sandboxCount() const { return m_sandboxes.size(); }
    //! Host pid of a sandbox's pid 1 (tests and the GUI's "open workspace").
    qint64 sandboxPid(const QString &id) const;
    QString workspacePath(const QString &id) const;
    //! Kills every sandbox now (app exit).
    void shutdown();

    void listTemplates(Core::Callback<QJsonArray> done) override;
    void getTemplate(const QString &name, Core::Callback<QJsonObject> done) override;
    void create(const Core::CreateSpec &spec, Core::Callback<Core::SandboxInfo> done) override;
    void list(const Core::ListSpec &spec, Core::Callback<QList<Core::SandboxInfo>> done) override;
    void get(const QString &id, Core::Callback<Core::SandboxInfo> done) override;
    void destroy(const QString &id, Core::Callback<Core::Unit> done) override;
    void setTimeout(const QString &id, int seconds, Core::Callback<Core::Unit> done) override;
    void pause(const QString &id, Core::Callback<Core::SandboxInfo> done) override;
    void resume(const QString &id, Core::Callback<Core::SandboxInfo> done) override;
    Core::Cancel execute(const QString &id, const Core::ExecSpec &spec,
        Core::Callback<Core::ExecResult> done) override;
    Core::Cancel runCommand(const QString &id, const Core::CommandSpec &spec,
        Core::Callback<Core::ExecResult> done) override;
    void startBackground(const QString &id, const Core::BackgroundSpec &spec,
        Core::Callback<Core::ProcessStarted> done) override;
    void listExecutions(const QString &id, Core::Callback<QJsonArray> done) override;
    void listProcesses(const QString &id, Core::Callback<QJsonArray> done) override;
    void killProcess(
        const QString &id, const QString &processId, Core::Callback<Core::Unit> done) override;
    void readFile(const QString &id, const QString &path, Core::Callback<QByteArray> done) override;
    void writeFile(const QString &id, const QString &path, const QByteArray &content,
        const QString &mode, Core::Callback<Core::Unit> done) override;
    void listFiles(const QString &id, const QString &path, int maxResults,
        Core::Callback<Core::FileList> done) override;
    void fileExists(const QString &id, const QString &path, Core::Callback<bool> done) override;
    void removeFile(
        const QString &id, const QString &path, Core::Callback<Core::Unit> done) override;
    void makeDirectory(
        const QString &id, const QString &path, Core::Callback<Core::Unit> done) override;
    void getEnv(const QString &id, Core::Callback<Core::EnvMap> done) override;
    void setEnv(const QString &id, const Core::EnvMap &vars, bool merge,
        Core::Callback<Core::Unit> done) override;
    void clearEnv(const QString &id, Core::Callback<Core::Unit> done) override;
    void systemMetrics(const QString &id, Core::Callback<QJsonObject> done) override;
    void vmInfo(const QString &id, Core::Callback<QJsonObject> done) override;
    void cacheClear(const QString &id, Core::Callback<QJsonObject> done) override;
    void cacheStats(const QString &id, Core::Callback<QJsonObject> done) override;
    void previewUrl(const QString &id, int port, Core::Callback<QString> done) override;
    void agentUrl(const QString &id, Core::Callback<QString> done) override;

private:
    LocalSandbox *find(const QString &id) const;
    template<typename T>
    bool reject(const QString &id, const Core::Callback<T> &done) const;
    SandboxLimits limits() const;
    LocalSandbox *boot(const Core::SandboxInfo &info, QString *error, bool network = false);
    void refillSpares();
    LocalSandbox *bootSpare(bool warmPython);
    void adopt(LocalSandbox *sandbox);
    void detectRuntimes();
    QJsonArray templates() const;
    static QString newId();

    QPointer<Core::Settings> m_settings;
    Options m_options;
    QString m_unavailable;
    QString m_stateBase;
    QString m_libDir;
    std::unique_ptr<EtcStage> m_etc;
    QHash<QString, LocalSandbox *> m_sandboxes;
    QList<LocalSandbox *> m_spares; // booting or ready, not yet handed out
    QList<LocalSandbox *> m_pythonSpares; // the same with Python started, for isolated runs
    QJsonObject m_runtimes; // language -> version string
    bool m_sparesWanted = false; // after the first create: keep one ready
    bool m_pythonSparesWanted = false; // after the first isolated Python run
};

} // namespace Hopx::Local
