// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Sandbox.h"

namespace Hopx::Core {

/*! \brief Transitional: a Sandbox handle over a provider that still implements the id-keyed
 *  operations (HopxProvider until it has handles of its own). Every capability forwards to
 *  the provider with this sandbox's id; goes with the id-keyed operations. */
class LegacySandbox final : public Sandbox,
                            public SandboxLifecycle,
                            public SandboxExec,
                            public SandboxJobs,
                            public SandboxFiles,
                            public SandboxEnv,
                            public SandboxMetrics,
                            public SandboxEndpoints
{
    Q_OBJECT
public:
    LegacySandbox(const QString &id, SandboxProvider *provider);

    SandboxLifecycle *lifecycle() override { return this; }
    SandboxExec *exec() override { return this; }
    SandboxJobs *jobs() override { return this; }
    SandboxFiles *files() override { return this; }
    SandboxEnv *env() override { return this; }
    SandboxMetrics *metrics() override { return this; }
    SandboxEndpoints *endpoints() override { return this; }

    void info(Callback<SandboxInfo> done) override;
    void destroy(Callback<Unit> done) override;
    void setTimeout(int seconds, Callback<Unit> done) override;
    void pause(Callback<SandboxInfo> done) override;
    void resume(Callback<SandboxInfo> done) override;
    Cancel execute(const ExecSpec &spec, Callback<ExecResult> done) override;
    Cancel runCommand(const CommandSpec &spec, Callback<ExecResult> done) override;
    void startBackground(const BackgroundSpec &spec, Callback<ProcessStarted> done) override;
    void listExecutions(Callback<QJsonArray> done) override;
    void listProcesses(Callback<QJsonArray> done) override;
    void killProcess(const QString &processId, Callback<Unit> done) override;
    void readFile(const QString &path, Callback<QByteArray> done) override;
    void writeFile(const QString &path, const QByteArray &content, const QString &mode,
        Callback<Unit> done) override;
    void listFiles(const QString &path, int maxResults, Callback<FileList> done) override;
    void fileExists(const QString &path, Callback<bool> done) override;
    void removeFile(const QString &path, Callback<Unit> done) override;
    void makeDirectory(const QString &path, Callback<Unit> done) override;
    void getEnv(Callback<EnvMap> done) override;
    void setEnv(const EnvMap &vars, bool merge, Callback<Unit> done) override;
    void clearEnv(Callback<Unit> done) override;
    void systemMetrics(Callback<QJsonObject> done) override;
    void vmInfo(Callback<QJsonObject> done) override;
    void cacheStats(Callback<QJsonObject> done) override;
    void cacheClear(Callback<QJsonObject> done) override;
    void previewUrl(int port, Callback<QString> done) override;
    void agentUrl(Callback<QString> done) override;
};

} // namespace Hopx::Core
