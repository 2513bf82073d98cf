// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// A SandboxProvider that keeps sandboxes in memory and records what the UI asked of it.
// Every callback is queued, as the interface requires.

#include "core/SandboxProvider.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QMetaObject>

class FakeSandboxProvider final : public Hopx::Core::SandboxProvider
{
    Q_OBJECT
public:
    using Error = Hopx::Core::Error;
    template<typename T>
    using Callback = Hopx::Core::Callback<T>;
    using SandboxInfo = Hopx::Core::SandboxInfo;
    using Unit = Hopx::Core::Unit;

    explicit FakeSandboxProvider(const QString &kind, QObject *parent = nullptr)
        : SandboxProvider(parent)
        , m_kind(kind)
    { }

    QStringList destroyed;
    QList<QPair<QString, int>> timeouts;
    QString reason; // unavailableReason()
    bool failDestroy = false;

    void setReason(const QString &r)
    {
        reason = r;
        emit unavailableReasonChanged();
    }

    QString id() const override { return m_kind; }
    QString unavailableReason() const override { return reason; }

    void destroy(const QString &id, Callback<Unit> done) override
    {
        later([this, id, done] {
            if (failDestroy)
                return done(
                    Error::make(Error::Code::Network, QStringLiteral("the network is down")));
            destroyed << id;
            done(Unit {});
        });
    }
    void setTimeout(const QString &id, int seconds, Callback<Unit> done) override
    {
        later([this, id, seconds, done] {
            timeouts << qMakePair(id, seconds);
            done(Unit {});
        });
    }
    void create(const Hopx::Core::CreateSpec &spec, Callback<SandboxInfo> done) override
    {
        SandboxInfo s;
        s.id = (m_kind == QLatin1String("local") ? QStringLiteral("local-") : QString())
            + QStringLiteral("fake%1").arg(++m_next);
        s.provider = m_kind;
        s.status = QStringLiteral("running");
        s.templateName = spec.templateName.isEmpty() ? spec.templateId : spec.templateName;
        s.createdAt = QDateTime::currentDateTime();
        const int timeout = spec.timeoutSeconds > 0 ? spec.timeoutSeconds : 3600;
        s.expiresAt = s.createdAt.addSecs(timeout);
        s.timeoutSeconds = timeout;
        later([s, done] { done(s); });
    }

    // Nothing else is used by the UI.
    void listTemplates(Callback<QJsonArray> d) override { no(d); }
    void getTemplate(const QString &, Callback<QJsonObject> d) override { no(d); }
    void list(const Hopx::Core::ListSpec &, Callback<QList<SandboxInfo>> d) override { no(d); }
    void get(const QString &, Callback<SandboxInfo> d) override { no(d); }
    void pause(const QString &, Callback<SandboxInfo> d) override { no(d); }
    void resume(const QString &, Callback<SandboxInfo> d) override { no(d); }
    //! Executions "print" the lines in `outputs` (or echo the code's first line), as a provider's
    //! output signal and in the result.
    QStringList outputs;
    Hopx::Core::Cancel execute(const QString &id, const Hopx::Core::ExecSpec &spec,
        Callback<Hopx::Core::ExecResult> d) override
    {
        run(id, spec.code, spec.onOutput, d);
        return [] {};
    }
    Hopx::Core::Cancel runCommand(const QString &id, const Hopx::Core::CommandSpec &spec,
        Callback<Hopx::Core::ExecResult> d) override
    {
        run(id, spec.command, spec.onOutput, d);
        return [] {};
    }
    void startBackground(const QString &, const Hopx::Core::BackgroundSpec &,
        Callback<Hopx::Core::ProcessStarted> d) override
    {
        no(d);
    }
    void listExecutions(const QString &, Callback<QJsonArray> d) override { no(d); }
    //! listProcesses: one process per sandbox whose CPU time grows by `cpuMsPerCall` each call.
    double cpuMsPerCall = 250;
    qint64 memoryKb = 48 * 1024;
    QHash<QString, double> cpuMs;
    void listProcesses(const QString &id, Callback<QJsonArray> d) override
    {
        cpuMs[id] += cpuMsPerCall;
        const QJsonArray ps {QJsonObject {{QStringLiteral("pid"), 3},
            {QStringLiteral("name"), QStringLiteral("python3")},
            {QStringLiteral("memory_kb"), memoryKb}, {QStringLiteral("cpu_ms"), cpuMs[id]}}};
        later([d, ps] { d(ps); });
    }
    void killProcess(const QString &, const QString &, Callback<Unit> d) override { no(d); }
    void readFile(const QString &, const QString &path, Callback<QByteArray> d) override
    {
        // What the real providers say for a missing file (the screenshots show this error row).
        later([d, path] {
            d(Error::make(Error::Code::NotFound, QStringLiteral("File not found: %1").arg(path)));
        });
    }
    void writeFile(const QString &, const QString &, const QByteArray &, const QString &,
        Callback<Unit> d) override
    {
        no(d);
    }
    void listFiles(const QString &, const QString &, int, Callback<Hopx::Core::FileList> d) override
    {
        no(d);
    }
    void fileExists(const QString &, const QString &, Callback<bool> d) override { no(d); }
    void removeFile(const QString &, const QString &, Callback<Unit> d) override { no(d); }
    void makeDirectory(const QString &, const QString &, Callback<Unit> d) override { no(d); }
    void getEnv(const QString &, Callback<Hopx::Core::EnvMap> d) override { no(d); }
    void setEnv(const QString &, const Hopx::Core::EnvMap &, bool, Callback<Unit> d) override
    {
        no(d);
    }
    void clearEnv(const QString &, Callback<Unit> d) override { no(d); }
    void systemMetrics(const QString &, Callback<QJsonObject> d) override { no(d); }
    void vmInfo(const QString &, Callback<QJsonObject> d) override { no(d); }
    void cacheClear(const QString &, Callback<QJsonObject> d) override { no(d); }
    void cacheStats(const QString &, Callback<QJsonObject> d) override { no(d); }
    void previewUrl(const QString &, int, Callback<QString> d) override { no(d); }
    void agentUrl(const QString &, Callback<QString> d) override { no(d); }

private:
    void run(const QString &id, const QString &code, const Hopx::Core::OutputSink &sink,
        Callback<Hopx::Core::ExecResult> done)
    {
        const QStringList lines =
            outputs.isEmpty() ? QStringList {code.section(QLatin1Char('\n'), 0, 0)} : outputs;
        later([this, id, lines, sink, done] {
            Hopx::Core::ExecResult result;
            for (const QString &line : lines) {
                const bool err = line.startsWith(QLatin1String("stderr:"));
                const QByteArray chunk = (err ? line.mid(7) : line).toUtf8() + '\n';
                const QString stream = err ? QStringLiteral("stderr") : QStringLiteral("stdout");
                emit output(id, stream, chunk);
                if (sink)
                    sink(stream, chunk);
                (err ? result.stderrData : result.stdoutData) += chunk;
            }
            result.executionTime = 0.042;
            done(result);
        });
    }
    template<typename F>
    void later(F f)
    {
        QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection);
    }
    template<typename T>
    void no(Callback<T> done)
    {
        later([done] {
            done(Error::make(Error::Code::Unsupported, QStringLiteral("not in the fake")));
        });
    }

    QString m_kind;
    int m_next = 0;
};
