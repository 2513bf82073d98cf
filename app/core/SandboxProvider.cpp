// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SandboxProvider.h"

#include "Later.h"

namespace Hopx::Core {

SandboxProvider::~SandboxProvider() = default;

// Runs `run(capability)` on sandbox `id`, or answers `done` with why it cannot.
template<class Capability, typename T, typename Run>
auto SandboxProvider::withCapability(
    const QString &id, const Callback<T> &done, Run run, const QJsonObject &request)
{
    using Return = decltype(run(static_cast<Capability *>(nullptr)));
    const Result<Sandbox *> found = sandbox(id);
    const Result<Capability *> capability = found
        ? found.value()->template require<Capability>(request)
        : Result<Capability *>(found.error());
    if (!capability) {
        answerLater<T>(this, done, capability.error());
        if constexpr (std::is_same_v<Return, Cancel>)
            return Cancel([] {});
        else
            return;
    }
    return run(capability.value());
}

void SandboxProvider::get(const QString &id, Callback<SandboxInfo> done)
{
    return withCapability<SandboxLifecycle>(
        id, done, [&](SandboxLifecycle *c) { return c->info(std::move(done)); });
}

void SandboxProvider::destroy(const QString &id, Callback<Unit> done)
{
    return withCapability<SandboxLifecycle>(
        id, done, [&](SandboxLifecycle *c) { return c->destroy(std::move(done)); });
}

void SandboxProvider::setTimeout(const QString &id, int seconds, Callback<Unit> done)
{
    return withCapability<SandboxLifecycle>(
        id, done, [&](SandboxLifecycle *c) { return c->setTimeout(seconds, std::move(done)); });
}

void SandboxProvider::pause(const QString &id, Callback<SandboxInfo> done)
{
    return withCapability<SandboxLifecycle>(
        id, done, [&](SandboxLifecycle *c) { return c->pause(std::move(done)); });
}

void SandboxProvider::resume(const QString &id, Callback<SandboxInfo> done)
{
    return withCapability<SandboxLifecycle>(
        id, done, [&](SandboxLifecycle *c) { return c->resume(std::move(done)); });
}

Cancel SandboxProvider::execute(const QString &id, const ExecSpec &spec, Callback<ExecResult> done)
{
    return withCapability<SandboxExec>(
        id, done, [&](SandboxExec *c) { return c->execute(spec, std::move(done)); });
}

Cancel SandboxProvider::runCommand(
    const QString &id, const CommandSpec &spec, Callback<ExecResult> done)
{
    return withCapability<SandboxExec>(
        id, done, [&](SandboxExec *c) { return c->runCommand(spec, std::move(done)); });
}

void SandboxProvider::startBackground(
    const QString &id, const BackgroundSpec &spec, Callback<ProcessStarted> done)
{
    return withCapability<SandboxJobs>(
        id, done, [&](SandboxJobs *c) { return c->startBackground(spec, std::move(done)); });
}

void SandboxProvider::listExecutions(const QString &id, Callback<QJsonArray> done)
{
    return withCapability<SandboxJobs>(
        id, done, [&](SandboxJobs *c) { return c->listExecutions(std::move(done)); });
}

void SandboxProvider::listProcesses(const QString &id, Callback<QJsonArray> done)
{
    return withCapability<SandboxJobs>(
        id, done, [&](SandboxJobs *c) { return c->listProcesses(std::move(done)); });
}

void SandboxProvider::killProcess(const QString &id, const QString &processId, Callback<Unit> done)
{
    return withCapability<SandboxJobs>(
        id, done, [&](SandboxJobs *c) { return c->killProcess(processId, std::move(done)); });
}

void SandboxProvider::readFile(const QString &id, const QString &path, Callback<QByteArray> done)
{
    return withCapability<SandboxFiles>(
        id, done, [&](SandboxFiles *c) { return c->readFile(path, std::move(done)); });
}

void SandboxProvider::writeFile(const QString &id, const QString &path, const QByteArray &content,
    const QString &mode, Callback<Unit> done)
{
    return withCapability<SandboxFiles>(id, done,
        [&](SandboxFiles *c) { return c->writeFile(path, content, mode, std::move(done)); });
}

void SandboxProvider::listFiles(
    const QString &id, const QString &path, int maxResults, Callback<FileList> done)
{
    return withCapability<SandboxFiles>(
        id, done, [&](SandboxFiles *c) { return c->listFiles(path, maxResults, std::move(done)); });
}

void SandboxProvider::fileExists(const QString &id, const QString &path, Callback<bool> done)
{
    return withCapability<SandboxFiles>(
        id, done, [&](SandboxFiles *c) { return c->fileExists(path, std::move(done)); });
}

void SandboxProvider::removeFile(const QString &id, const QString &path, Callback<Unit> done)
{
    return withCapability<SandboxFiles>(
        id, done, [&](SandboxFiles *c) { return c->removeFile(path, std::move(done)); });
}

void SandboxProvider::makeDirectory(const QString &id, const QString &path, Callback<Unit> done)
{
    return withCapability<SandboxFiles>(
        id, done, [&](SandboxFiles *c) { return c->makeDirectory(path, std::move(done)); });
}

void SandboxProvider::getEnv(const QString &id, Callback<EnvMap> done)
{
    return withCapability<SandboxEnv>(
        id, done, [&](SandboxEnv *c) { return c->getEnv(std::move(done)); });
}

void SandboxProvider::setEnv(const QString &id, const EnvMap &vars, bool merge, Callback<Unit> done)
{
    return withCapability<SandboxEnv>(
        id, done, [&](SandboxEnv *c) { return c->setEnv(vars, merge, std::move(done)); });
}

void SandboxProvider::clearEnv(const QString &id, Callback<Unit> done)
{
    return withCapability<SandboxEnv>(
        id, done, [&](SandboxEnv *c) { return c->clearEnv(std::move(done)); });
}

void SandboxProvider::systemMetrics(const QString &id, Callback<QJsonObject> done)
{
    return withCapability<SandboxMetrics>(
        id, done, [&](SandboxMetrics *c) { return c->systemMetrics(std::move(done)); });
}

void SandboxProvider::vmInfo(const QString &id, Callback<QJsonObject> done)
{
    return withCapability<SandboxMetrics>(
        id, done, [&](SandboxMetrics *c) { return c->vmInfo(std::move(done)); });
}

void SandboxProvider::cacheClear(const QString &id, Callback<QJsonObject> done)
{
    return withCapability<SandboxMetrics>(
        id, done, [&](SandboxMetrics *c) { return c->cacheClear(std::move(done)); });
}

void SandboxProvider::cacheStats(const QString &id, Callback<QJsonObject> done)
{
    return withCapability<SandboxMetrics>(
        id, done, [&](SandboxMetrics *c) { return c->cacheStats(std::move(done)); });
}

void SandboxProvider::previewUrl(const QString &id, int port, Callback<QString> done)
{
    return withCapability<SandboxEndpoints>(
        id, done, [&](SandboxEndpoints *c) { return c->previewUrl(port, std::move(done)); },
        QJsonObject {{QStringLiteral("port"), port}});
}

void SandboxProvider::agentUrl(const QString &id, Callback<QString> done)
{
    return withCapability<SandboxEndpoints>(
        id, done, [&](SandboxEndpoints *c) { return c->agentUrl(std::move(done)); });
}

} // namespace Hopx::Core
