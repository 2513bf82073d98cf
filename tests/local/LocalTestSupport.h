// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Shared by the local-sandbox tests: a staged /etc in a temporary directory, sandboxes
// started from it, and synchronous wrappers around the async AgentClient/ProcessRun API.

#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/boot/EtcStage.h"
#include "providers/local/boot/ProcessRun.h"
#include "providers/local/boot/SandboxHost.h"
#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/disk/SandboxVolume.h"
#include "support/ProcessState.h"

#include <QEventLoop>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <optional>

namespace LocalTest {

using namespace Hopx::Local;

inline QString agentBinary()
{
    return QStringLiteral(HOPX_BIN_DIR "/hopx-sandbox-agent");
}

/*! Why a real LocalProvider cannot run here (no bubblewrap, no usable FUSE), empty when it can.
 *  A missing hopx-capfs is this build's fault, not the machine's: tests fail on it, never skip. */
inline QString localProviderUnavailable()
{
    const QString why = SandboxHost::selfTest().english();
    return why.isEmpty() ? SandboxVolume::unavailableReason().english() : why;
}

/*! For initTestCase() of a test that runs a real LocalProvider: skips where it cannot run,
 *  fails when this build lacks hopx-capfs. */
#define HOPX_REQUIRE_LOCAL_PROVIDER()                                                              \
    do {                                                                                           \
        const QString why = LocalTest::localProviderUnavailable();                                 \
        QVERIFY2(!why.contains(QLatin1String("hopx-capfs")), qPrintable(why));                     \
        if (!why.isEmpty())                                                                        \
            QSKIP(qPrintable(why));                                                                \
    } while (false)

/*! A temporary state base with a staged /etc; sandboxes are made from it. */
class Host
{
public:
    Host()
        : m_etc(m_dir.path() + QStringLiteral("/etc"))
    { }

    //! Empty when sandboxes can run here; otherwise why not (tests then QSKIP).
    QString prepare()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary directory");
        const QString why = SandboxHost::selfTest().english();
        if (!why.isEmpty())
            return why;
        const auto staged = m_etc.prepare();
        return staged ? QString() : staged.error().message;
    }

    QString path() const { return m_dir.path(); }
    QString etcDir() const { return m_etc.path(); }

    //! \a cgroupFs: an emulated cgroupfs to place the sandbox in (null: the host's).
    SandboxProcess::Options options(const QString &id, const SandboxLimits &limits = {},
        SandboxCgroupFs *cgroupFs = nullptr) const
    {
        SandboxProcess::Options o;
        o.id = id;
        o.agentPath = agentBinary();
        o.etcDir = m_etc.path();
        o.workspaceDir = m_dir.path() + QLatin1Char('/') + id + QStringLiteral("/workspace");
        o.homeDir = m_dir.path() + QLatin1Char('/') + id + QStringLiteral("/home");
        o.limits = limits;
        // HOPX_TEST_NO_CGROUP=1 exercises the rlimit-only path even as root.
        o.useCgroup = qEnvironmentVariableIntValue("HOPX_TEST_NO_CGROUP") == 0 || cgroupFs;
        o.cgroupFs = cgroupFs;
        return o;
    }

    //! Starts a sandbox and waits for READY; null (with a QTest failure message) otherwise.
    std::unique_ptr<SandboxProcess> start(
        const QString &id, const SandboxLimits &limits = {}, SandboxCgroupFs *cgroupFs = nullptr)
    {
        auto sp = std::make_unique<SandboxProcess>(options(id, limits, cgroupFs));
        QSignalSpy ready(sp.get(), &SandboxProcess::ready);
        QSignalSpy died(sp.get(), &SandboxProcess::died);
        if (const auto started = sp->start(); !started) {
            qWarning() << "start failed:" << started.error().message;
            return nullptr;
        }
        for (int i = 0; i < 100 && ready.isEmpty() && died.isEmpty(); ++i)
            ready.wait(100);
        if (ready.isEmpty()) {
            qWarning() << "sandbox not ready:"
                       << (died.isEmpty() ? QString() : died.first().first().toString());
            return nullptr;
        }
        return sp;
    }

private:
    QTemporaryDir m_dir;
    EtcStage m_etc;
};

struct Run
{
    QByteArray out;
    QByteArray err;
    bool outTruncated = false;
    bool errTruncated = false;
    AgentClient::ExitStatus exit;
    bool exited = false;
    std::optional<Hopx::Core::Error> error;
    qint64 elapsedMs = 0;
    qint64 wallMs = 0; // as seen from here: start() to finished()

    int code() const { return exit.code; }
};

struct RunOptions
{
    QByteArray stdinData;
    int timeoutMs = 20000;
    int cpuSeconds = 0;
    QByteArrayList env;
    QByteArray cwd = "/workspace";
    qint64 maxOutput = 4 * 1024 * 1024;
};

//! Runs argv to completion (or 60 s) and returns everything.
inline Run run(AgentClient *client, const QByteArrayList &argv, const RunOptions &opt = {})
{
    ProcessRun pr(client);
    pr.setMaxOutputBytes(opt.maxOutput);
    pr.setStdinData(opt.stdinData);
    AgentClient::ExecRequest req;
    req.argv = argv;
    req.env = opt.env;
    req.cwd = opt.cwd;
    req.timeoutMs = opt.timeoutMs;
    req.cpuSeconds = opt.cpuSeconds;
    QEventLoop loop;
    QObject::connect(&pr, &ProcessRun::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    QElapsedTimer t;
    t.start();
    pr.start(req);
    if (!pr.isFinished())
        loop.exec();
    Run r;
    r.wallMs = t.elapsed();
    r.out = pr.stdoutData();
    r.err = pr.stderrData();
    r.outTruncated = pr.stdoutTruncated();
    r.errTruncated = pr.stderrTruncated();
    r.exit = pr.exitStatus();
    r.exited = pr.hasExited();
    r.error = pr.error();
    r.elapsedMs = pr.elapsedMs();
    if (!pr.isFinished())
        r.error = Hopx::Core::Error::make(
            Hopx::Core::Error::Code::Timeout, QStringLiteral("test: no finish in 60 s"));
    return r;
}

inline Run python(AgentClient *client, const QByteArray &code, const RunOptions &opt = {})
{
    return run(client, {"/usr/bin/python3", "-c", code}, opt);
}

//! Waits for one async callback result.
template<typename T>
Hopx::Core::Result<T> wait(const std::function<void(Hopx::Core::Callback<T>)> &call)
{
    std::optional<Hopx::Core::Result<T>> result;
    QEventLoop loop;
    call([&](Hopx::Core::Result<T> r) {
        result.emplace(std::move(r));
        loop.quit();
    });
    if (!result) {
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!result)
        return Hopx::Core::Error::make(
            Hopx::Core::Error::Code::Timeout, QStringLiteral("test: no answer"));
    return *result;
}

} // namespace LocalTest
