// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// A SandboxProvider that keeps sandboxes in memory and records what the UI asked of it.
// Its sandboxes offer lifecycle, exec, jobs (process list) and files (reads fail as for a
// missing file); what the UI never uses is absent, so asking for it gives the "not supported"
// error real callers see. Every callback is queued, as the interface requires.

#include "core/manager/SandboxProvider.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QMetaObject>

class FakeSandboxProvider;

namespace FakeAsync {
//! Runs \a f from the event loop, as every provider callback must come.
template<typename F>
void later(QObject *context, F f)
{
    QMetaObject::invokeMethod(context, std::move(f), Qt::QueuedConnection);
}
//! What the fake says for everything the UI never asks of it.
template<typename T>
void no(QObject *context, Hopx::Core::Callback<T> done)
{
    later(context, [done] {
        done(Hopx::Core::Error::make(
            Hopx::Core::Error::Code::Unsupported, QStringLiteral("not in the fake")));
    });
}
} // namespace FakeAsync

class FakeSandbox final : public Hopx::Core::Sandbox,
                          public Hopx::Core::SandboxLifecycle,
                          public Hopx::Core::SandboxExec,
                          public Hopx::Core::SandboxJobs,
                          public Hopx::Core::SandboxFiles
{
    Q_OBJECT
public:
    using Error = Hopx::Core::Error;
    template<typename T>
    using Callback = Hopx::Core::Callback<T>;
    using SandboxInfo = Hopx::Core::SandboxInfo;
    using Unit = Hopx::Core::Unit;

    FakeSandbox(const QString &id, FakeSandboxProvider *provider);

    Hopx::Core::SandboxLifecycle *lifecycle() override { return this; }
    Hopx::Core::SandboxExec *exec() override { return this; }
    Hopx::Core::SandboxJobs *jobs() override { return this; }
    Hopx::Core::SandboxFiles *files() override { return this; }
    Hopx::Core::SandboxNetwork *network() override;

    void info(Callback<SandboxInfo> d) override { FakeAsync::no(this, d); }
    void destroy(Callback<Unit> done) override;
    void setTimeout(int seconds, Callback<Unit> done) override;
    void pause(Callback<SandboxInfo> d) override { FakeAsync::no(this, d); }
    void resume(Callback<SandboxInfo> d) override { FakeAsync::no(this, d); }

    Hopx::Core::Cancel execute(
        const Hopx::Core::ExecSpec &spec, Callback<Hopx::Core::ExecResult> d) override
    {
        run(spec.code, spec.onOutput, d);
        return [] {};
    }
    Hopx::Core::Cancel runCommand(
        const Hopx::Core::CommandSpec &spec, Callback<Hopx::Core::ExecResult> d) override
    {
        run(spec.command, spec.onOutput, d);
        return [] {};
    }

    void startBackground(
        const Hopx::Core::BackgroundSpec &, Callback<Hopx::Core::ProcessStarted> d) override
    {
        FakeAsync::no(this, d);
    }
    void listExecutions(Callback<QJsonArray> d) override { FakeAsync::no(this, d); }
    void listProcesses(Callback<QJsonArray> d) override;
    void killProcess(const QString &, Callback<Unit> d) override { FakeAsync::no(this, d); }

    void readFile(const QString &path, Callback<QByteArray> d) override
    {
        // What the real providers say for a missing file (the screenshots show this error row).
        FakeAsync::later(this, [d, path] {
            d(Error::make(Error::Code::NotFound, QStringLiteral("File not found: %1").arg(path)));
        });
    }
    void writeFile(const QString &, const QByteArray &, const QString &, Callback<Unit> d) override
    {
        FakeAsync::no(this, d);
    }
    void listFiles(const QString &, int, Callback<Hopx::Core::FileList> d) override
    {
        FakeAsync::no(this, d);
    }
    void fileExists(const QString &, Callback<bool> d) override { FakeAsync::no(this, d); }
    void removeFile(const QString &, Callback<Unit> d) override { FakeAsync::no(this, d); }
    void makeDirectory(const QString &, Callback<Unit> d) override { FakeAsync::no(this, d); }

private:
    void run(const QString &code, const Hopx::Core::OutputSink &sink,
        Callback<Hopx::Core::ExecResult> done);

    FakeSandboxProvider *m_fake;
};

class FakeSandboxProvider final : public Hopx::Core::SandboxProvider
{
    Q_OBJECT
public:
    using Error = Hopx::Core::Error;
    template<typename T>
    using Callback = Hopx::Core::Callback<T>;
    using SandboxInfo = Hopx::Core::SandboxInfo;

    explicit FakeSandboxProvider(const QString &kind, QObject *parent = nullptr)
        : SandboxProvider(parent)
        , m_kind(kind)
    { }

    QStringList destroyed;
    QStringList discarded; // unavailable ones deleted at the user's request
    QList<QPair<QString, int>> timeouts;
    Hopx::Core::Wording reason; // unavailableReason()
    bool failDestroy = false;
    //! Executions "print" the lines in `outputs` (or echo the code's first line), as a provider's
    //! output signal and in the result.
    QStringList outputs;
    //! What executions return as rich outputs (figures), as a provider's kernel would.
    QList<Hopx::Core::RichOutput> richOutputs;
    //! listProcesses: one process per sandbox whose CPU time grows by `cpuMsPerCall` each call.
    double cpuMsPerCall = 250;
    qint64 memoryKb = 48 * 1024;
    QHash<QString, double> cpuMs;
    //! The network capability of the sandboxes listed here (a test's real egress proxy).
    QHash<QString, Hopx::Core::SandboxNetwork *> networks;

    //! A sandbox this provider "has" (as if found by a listing): announced to the manager.
    void add(const SandboxInfo &info)
    {
        m_known.insert(info.id, info);
        emit sandboxChanged(info);
    }
    void remove(const QString &id)
    {
        m_known.remove(id);
        emit sandboxRemoved(id);
    }

    bool isUnusable(const QString &id) const
    {
        return m_known.contains(id)
            && m_known.value(id).status == Hopx::Core::SandboxStatus::Unavailable;
    }

    void setReason(const Hopx::Core::Wording &r)
    {
        reason = r;
        emit unavailableReasonChanged();
    }

    QString id() const override { return m_kind; }
    //! The fake "local" can what the local provider can; another kind what the cloud can.
    Hopx::Core::ProviderKind kind() const override
    {
        Hopx::Core::ProviderKind k;
        k.id = m_kind;
        const bool local = m_kind == QLatin1String("local");
        k.displayName = local ? QStringLiteral("Local") : QStringLiteral("HOPX cloud");
        k.mountsHostFolders = local;
        k.confirmsFullNetwork = local;
        k.holdsSecrets = local;
        k.reportedWhenUnavailable = local;
        return k;
    }
    Hopx::Core::Wording unavailableReason() const override { return reason; }
    //! "local" mints "local-…" ids and claims them; another kind may own any other id.
    Claim claims(const QString &sandboxId) const override
    {
        if (m_kind == QLatin1String("local"))
            return sandboxId.startsWith(QLatin1String("local-")) ? Claim::Yes : Claim::No;
        return sandboxId.startsWith(QLatin1String("local-")) ? Claim::No : Claim::Maybe;
    }
    bool hostedByApp() const override { return m_kind == QLatin1String("local"); }
    //! Any id the fake claims has a handle: tests track sandboxes it never created.
    Hopx::Core::Result<Hopx::Core::Sandbox *> sandbox(const QString &id) override
    {
        if (isUnusable(id))
            return Hopx::Core::Error::make(
                Hopx::Core::Error::Code::Unavailable, m_known.value(id).problem);
        FakeSandbox *&s = m_sandboxes[id];
        if (!s)
            s = new FakeSandbox(id, this);
        return s;
    }

    //! As the local provider: one listed as unavailable goes, and only such a one.
    Hopx::Core::Result<Hopx::Core::Unit> discardUnusable(const QString &id) override
    {
        if (!isUnusable(id))
            return SandboxProvider::discardUnusable(id);
        discarded << id;
        remove(id);
        return Hopx::Core::Unit {};
    }

    void create(const Hopx::Core::CreateSpec &spec, Callback<SandboxInfo> done) override
    {
        SandboxInfo s;
        s.id = (m_kind == QLatin1String("local") ? QStringLiteral("local-") : QString())
            + QStringLiteral("fake%1").arg(++m_next);
        s.provider = m_kind;
        s.status = Hopx::Core::SandboxStatus::Running;
        s.templateName = spec.templateName.isEmpty() ? spec.templateId : spec.templateName;
        s.createdAt = QDateTime::currentDateTime();
        const int timeout = spec.timeoutSeconds > 0 ? spec.timeoutSeconds : 3600;
        s.expiresAt = s.createdAt.addSecs(timeout);
        s.timeoutSeconds = timeout;
        m_known.insert(s.id, s);
        FakeAsync::later(this, [s, done = announcing(done)] { done(s); });
    }

    // Nothing else is used by the UI.
    void listTemplates(Callback<QJsonArray> d) override { FakeAsync::no(this, d); }
    void getTemplate(const QString &, Callback<QJsonObject> d) override { FakeAsync::no(this, d); }
    void list(const Hopx::Core::ListSpec &, Callback<QList<SandboxInfo>> d) override
    {
        FakeAsync::no(this, d);
    }

private:
    friend class FakeSandbox;
    QString m_kind;
    int m_next = 0;
    QHash<QString, SandboxInfo> m_known;
    QHash<QString, FakeSandbox *> m_sandboxes;
};

inline FakeSandbox::FakeSandbox(const QString &id, FakeSandboxProvider *provider)
    : Sandbox(id, provider)
    , m_fake(provider)
{ }

inline Hopx::Core::SandboxNetwork *FakeSandbox::network()
{
    return m_fake->networks.value(id());
}

inline void FakeSandbox::destroy(Callback<Unit> done)
{
    FakeAsync::later(this, [this, done] {
        if (m_fake->failDestroy)
            return done(Error::make(Error::Code::Network, QStringLiteral("the network is down")));
        m_fake->destroyed << id();
        m_fake->remove(id());
        done(Unit {});
    });
}

inline void FakeSandbox::setTimeout(int seconds, Callback<Unit> done)
{
    FakeAsync::later(this, [this, seconds, done] {
        m_fake->timeouts << qMakePair(id(), seconds);
        if (m_fake->m_known.contains(id())) {
            SandboxInfo &info = m_fake->m_known[id()];
            info.timeoutSeconds = seconds;
            info.expiresAt = QDateTime::currentDateTime().addSecs(seconds);
            emit m_fake->sandboxChanged(info);
        }
        done(Unit {});
    });
}

inline void FakeSandbox::listProcesses(Callback<QJsonArray> d)
{
    m_fake->cpuMs[id()] += m_fake->cpuMsPerCall;
    const QJsonArray ps {QJsonObject {{QStringLiteral("pid"), 3},
        {QStringLiteral("name"), QStringLiteral("python3")},
        {QStringLiteral("memory_kb"), m_fake->memoryKb},
        {QStringLiteral("cpu_ms"), m_fake->cpuMs[id()]}}};
    FakeAsync::later(this, [d, ps] { d(ps); });
}

inline void FakeSandbox::run(
    const QString &code, const Hopx::Core::OutputSink &sink, Callback<Hopx::Core::ExecResult> done)
{
    const QStringList lines = m_fake->outputs.isEmpty()
        ? QStringList {code.section(QLatin1Char('\n'), 0, 0)}
        : m_fake->outputs;
    FakeAsync::later(this, [this, lines, sink, done] {
        Hopx::Core::ExecResult result;
        for (const QString &line : lines) {
            const bool err = line.startsWith(QLatin1String("stderr:"));
            const QByteArray chunk = (err ? line.mid(7) : line).toUtf8() + '\n';
            const QString stream = err ? QStringLiteral("stderr") : QStringLiteral("stdout");
            emit m_fake->output(id(), stream, chunk);
            if (sink)
                sink(stream, chunk);
            (err ? result.stderrData : result.stdoutData) += chunk;
        }
        result.executionTime = 0.042;
        result.richOutputs = m_fake->richOutputs;
        done(result);
    });
}
