// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "SandboxProcess.h"

#include "core/Result.h"
#include "core/SandboxTypes.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QTimer>

namespace Hopx::Local {

class AgentClient;
class PythonKernel;

/*! \brief One local sandbox: its bubblewrap process, agent, Python interpreter, session env,
 *  background jobs, and every operation the tools run in it.
 *
 * Files and programs are handled by the agent inside the sandbox (builtins run as the
 * sandbox user in its own mounts), so a symlink planted by sandboxed code can never make
 * the app read or write a host file.
 */
class LocalSandbox : public QObject
{
    Q_OBJECT
public:
    LocalSandbox(const Core::SandboxInfo &info, const SandboxProcess::Options &options,
        QObject *parent = nullptr);
    ~LocalSandbox() override;

    bool start(QString *error);
    bool isReady() const { return m_ready; }
    bool isDead() const { return m_dead; }
    Core::SandboxInfo info() const;
    void setInfo(const Core::SandboxInfo &info) { m_info = info; }
    QString stateDir() const;
    SandboxProcess *process() const { return m_process; }
    //! Starts the Python interpreter ahead of the first run (warm spares).
    void warmUp();
    //! Kills everything now; the object stays for its owner to delete.
    void kill();

    Core::Cancel execute(const Core::ExecSpec &spec, Core::Callback<Core::ExecResult> done);
    Core::Cancel runCommand(const Core::CommandSpec &spec, Core::Callback<Core::ExecResult> done);
    void startBackground(
        const Core::BackgroundSpec &spec, Core::Callback<Core::ProcessStarted> done);
    void listExecutions(Core::Callback<QJsonArray> done);
    void listProcesses(Core::Callback<QJsonArray> done);
    void killProcess(const QString &processId, Core::Callback<Core::Unit> done);

    void readFile(const QString &path, Core::Callback<QByteArray> done);
    void writeFile(const QString &path, const QByteArray &content, const QString &mode,
        Core::Callback<Core::Unit> done);
    void listFiles(const QString &path, int maxResults, Core::Callback<Core::FileList> done);
    void fileExists(const QString &path, Core::Callback<bool> done);
    void removeFile(const QString &path, Core::Callback<Core::Unit> done);
    void makeDirectory(const QString &path, Core::Callback<Core::Unit> done);

    void getEnv(Core::Callback<Core::EnvMap> done);
    void setEnv(const Core::EnvMap &vars, bool merge, Core::Callback<Core::Unit> done);
    void clearEnv(Core::Callback<Core::Unit> done);

    void metrics(Core::Callback<QJsonObject> done);
    void setPaused(bool paused, Core::Callback<Core::Unit> done);
    bool isPaused() const { return m_paused; }
    void runShell(
        const QString &command, int timeoutSeconds, Core::Callback<Core::ExecResult> done);

signals:
    void ready();
    void died(const QString &reason);
    void output(const QString &stream, const QByteArray &chunk);

private:
    struct Background
    {
        QString processId;
        qint64 pid = 0;
        QString name;
        QString language;
        QString command;
        QDateTime startTime;
        QDateTime endTime;
        QString status = QStringLiteral("running");
        int exitCode = 0;
        bool hasExit = false;
        bool killed = false;
    };

    std::optional<Core::Error> unusable() const;
    //! When the sandbox is dead or paused, answers \a done with why (asynchronously, as every
    //! provider callback must) and returns true.
    template<typename T>
    bool refuseIfUnusable(const Core::Callback<T> &done)
    {
        const std::optional<Core::Error> e = unusable();
        if (e)
            QTimer::singleShot(0, this, [done, e = *e]() { done(e); });
        return e.has_value();
    }
    using BuiltinDone =
        std::function<void(int code, const QByteArray &out, const QByteArray &err, bool truncated)>;
    void builtin(const QByteArrayList &argv, const QByteArray &stdinData, qint64 maxOutput,
        BuiltinDone done);
    Core::Cancel runProgram(const QByteArrayList &argv, const Core::EnvMap &env, const QString &cwd,
        int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
        Core::Callback<Core::ExecResult> done);
    Core::Cancel runScript(const QString &language, const QString &code, const Core::EnvMap &env,
        const QString &cwd, int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
        Core::Callback<Core::ExecResult> done);
    //! A builtin that reports only success or a file error (write, remove, mkdir).
    void fileOp(const QByteArrayList &argv, const QByteArray &stdinData, const QString &path,
        Core::Callback<Core::Unit> done);
    Core::Error fileError(int code, const QString &path, const QByteArray &message) const;
    void onBackgroundExit(qint64 pid, int code, int signal);

    Core::SandboxInfo m_info;
    SandboxProcess *m_process;
    PythonKernel *m_kernel = nullptr;
    Core::EnvMap m_env; // the session env, as set through the tools
    Core::EnvMap m_kernelEnv; // what the Python interpreter's os.environ has of it
    QHash<qint64, Background> m_backgrounds; // by pid
    QList<qint64> m_backgroundOrder;
    quint64 m_runCounter = 0;
    bool m_ready = false;
    bool m_dead = false;
    bool m_paused = false;
    QString m_deathReason;
};

} // namespace Hopx::Local
