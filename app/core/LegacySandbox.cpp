// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LegacySandbox.h"

#include "SandboxProvider.h"

namespace Hopx::Core {

LegacySandbox::LegacySandbox(const QString &id, SandboxProvider *provider)
    : Sandbox(id, provider)
{ }

void LegacySandbox::info(Callback<SandboxInfo> done)
{
    provider()->get(id(), std::move(done));
}

void LegacySandbox::destroy(Callback<Unit> done)
{
    provider()->destroy(id(), std::move(done));
}

void LegacySandbox::setTimeout(int seconds, Callback<Unit> done)
{
    provider()->setTimeout(id(), seconds, std::move(done));
}

void LegacySandbox::pause(Callback<SandboxInfo> done)
{
    provider()->pause(id(), std::move(done));
}

void LegacySandbox::resume(Callback<SandboxInfo> done)
{
    provider()->resume(id(), std::move(done));
}

Cancel LegacySandbox::execute(const ExecSpec &spec, Callback<ExecResult> done)
{
    return provider()->execute(id(), spec, std::move(done));
}

Cancel LegacySandbox::runCommand(const CommandSpec &spec, Callback<ExecResult> done)
{
    return provider()->runCommand(id(), spec, std::move(done));
}

void LegacySandbox::startBackground(const BackgroundSpec &spec, Callback<ProcessStarted> done)
{
    provider()->startBackground(id(), spec, std::move(done));
}

void LegacySandbox::listExecutions(Callback<QJsonArray> done)
{
    provider()->listExecutions(id(), std::move(done));
}

void LegacySandbox::listProcesses(Callback<QJsonArray> done)
{
    provider()->listProcesses(id(), std::move(done));
}

void LegacySandbox::killProcess(const QString &processId, Callback<Unit> done)
{
    provider()->killProcess(id(), processId, std::move(done));
}

void LegacySandbox::readFile(const QString &path, Callback<QByteArray> done)
{
    provider()->readFile(id(), path, std::move(done));
}

void LegacySandbox::writeFile(
    const QString &path, const QByteArray &content, const QString &mode, Callback<Unit> done)
{
    provider()->writeFile(id(), path, content, mode, std::move(done));
}

void LegacySandbox::listFiles(const QString &path, int maxResults, Callback<FileList> done)
{
    provider()->listFiles(id(), path, maxResults, std::move(done));
}

void LegacySandbox::fileExists(const QString &path, Callback<bool> done)
{
    provider()->fileExists(id(), path, std::move(done));
}

void LegacySandbox::removeFile(const QString &path, Callback<Unit> done)
{
    provider()->removeFile(id(), path, std::move(done));
}

void LegacySandbox::makeDirectory(const QString &path, Callback<Unit> done)
{
    provider()->makeDirectory(id(), path, std::move(done));
}

void LegacySandbox::getEnv(Callback<EnvMap> done)
{
    provider()->getEnv(id(), std::move(done));
}

void LegacySandbox::setEnv(const EnvMap &vars, bool merge, Callback<Unit> done)
{
    provider()->setEnv(id(), vars, merge, std::move(done));
}

void LegacySandbox::clearEnv(Callback<Unit> done)
{
    provider()->clearEnv(id(), std::move(done));
}

void LegacySandbox::systemMetrics(Callback<QJsonObject> done)
{
    provider()->systemMetrics(id(), std::move(done));
}

void LegacySandbox::vmInfo(Callback<QJsonObject> done)
{
    provider()->vmInfo(id(), std::move(done));
}

void LegacySandbox::cacheStats(Callback<QJsonObject> done)
{
    provider()->cacheStats(id(), std::move(done));
}

void LegacySandbox::cacheClear(Callback<QJsonObject> done)
{
    provider()->cacheClear(id(), std::move(done));
}

void LegacySandbox::previewUrl(int port, Callback<QString> done)
{
    provider()->previewUrl(id(), port, std::move(done));
}

void LegacySandbox::agentUrl(Callback<QString> done)
{
    provider()->agentUrl(id(), std::move(done));
}

} // namespace Hopx::Core
