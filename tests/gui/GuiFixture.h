// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// The app's core as main.cpp builds it, with fake providers and an in-memory key store, plus
// the GuiApplication on top: what the GUI tests, the screenshots and the bench drive.

#include "FakeSandboxProvider.h"

#include "core/approvals/ApprovalBroker.h"
#include "core/http/HttpService.h"
#include "core/ide/IdeConfig.h"
#include "core/manager/ProviderPolicy.h"
#include "core/manager/SandboxManager.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/settings/Settings.h"
#include "session/SessionObserver.h"
#include "tools/ToolRegistry.h"
#include "transport/LocalServer.h"
#include "ui/GuiApplication.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

#include <memory>

namespace HopxTest {

struct GuiFixture
{
    QTemporaryDir dir {QDir::tempPath() + QStringLiteral("/hopx-gui-XXXXXX")};
    Hopx::Core::Settings settings {dir.path() + QStringLiteral("/settings.ini"), nullptr};
    Hopx::Core::MemoryKeyStore keys;
    Hopx::Core::ApprovalBroker approvals;
    Hopx::Core::SandboxManager manager {&settings};
    FakeSandboxProvider local {QStringLiteral("local")};
    FakeSandboxProvider cloud {QStringLiteral("hopx")};
    Hopx::Core::ProviderPolicy policy {
        &settings, &keys, QUrl(QStringLiteral("http://127.0.0.1:9"))};
    Hopx::Mcp::ToolRegistry registry;
    Hopx::Mcp::SessionObserver observer;
    Hopx::Mcp::ServerContext context {&registry, nullptr, nullptr, nullptr, &observer};
    Hopx::Core::HttpService http {&settings, &keys, {}, context};
    std::unique_ptr<Hopx::Mcp::LocalServer> server;
    QNetworkAccessManager network;
    std::unique_ptr<Hopx::Ui::GuiApplication> gui;
    QString socket = dir.path() + QStringLiteral("/mcp.sock");
    QStringList testedKeys; // what the injected key tester was asked

    GuiFixture()
    {
        manager.addProvider(&local);
        manager.addProvider(&cloud);
        policy.setProviders(&local, &cloud, {});
        server = std::make_unique<Hopx::Mcp::LocalServer>(Hopx::Mcp::ServerConfig {}, context);
    }
    ~GuiFixture()
    {
        gui.reset();
        server->close();
    }

    bool listen()
    {
        return server->listen(socket) == Hopx::Mcp::LocalServer::ListenResult::Listening;
    }

    Hopx::Ui::GuiApplication *makeGui(
        const QString &translations = QString(), const Hopx::Ui::KeyTester &tester = {})
    {
        Hopx::Ui::GuiApplication::Deps deps;
        deps.settings = &settings;
        deps.manager = &manager;
        deps.server = server.get();
        deps.observer = &observer;
        deps.keyStore = &keys;
        deps.policy = &policy;
        deps.http = &http;
        deps.network = &network;
        deps.approvals = &approvals;
        deps.packageCacheDir = dir.path() + QStringLiteral("/packages");
        deps.keyTester = [this](
                             const QString &key, std::function<void(bool, const QString &)> done) {
            testedKeys << key;
            const bool ok = key.startsWith(QLatin1String("hopx_live_"));
            QMetaObject::invokeMethod(
                &network,
                [done, ok] {
                    done(ok,
                        ok ? QStringLiteral("The key works.")
                           : QStringLiteral("Invalid key: HOPX rejected it (401)."));
                },
                Qt::QueuedConnection);
        };
        if (tester)
            deps.keyTester = tester;
        deps.bridgePath = QStringLiteral("/opt/hopx/bin/hopx-mcp");
        deps.programPath = QStringLiteral("/opt/hopx/bin/hopx-desktop");
        deps.serverName = socket;
        if (!translations.isEmpty())
            deps.translationsDir = translations;
        deps.noTray = true;
        deps.idePaths = idePaths();
        gui = std::make_unique<Hopx::Ui::GuiApplication>(deps);
        return gui.get();
    }

    //! A home of the test's own, where IDEs are "installed" (a folder) or connected (a config).
    Hopx::Core::IdeConfig::Paths idePaths() const
    {
        Hopx::Core::IdeConfig::Paths paths;
        paths.home = dir.path() + QStringLiteral("/home");
        paths.configHome = dir.path() + QStringLiteral("/home/.config");
        paths.binPath = {dir.path() + QStringLiteral("/bin")};
        paths.platform = Hopx::Core::IdeConfig::Platform::Linux;
        return paths;
    }
    //! Claude Code connected, Cursor and Zed installed but not connected.
    void installIdes() const
    {
        using Hopx::Core::IdeConfig;
        const IdeConfig config({QStringLiteral("/opt/hopx/bin/hopx-mcp"), {}}, idePaths());
        config.install(IdeConfig::Ide::ClaudeCode);
        for (IdeConfig::Ide ide : {IdeConfig::Ide::Cursor, IdeConfig::Ide::Zed})
            QDir().mkpath(QFileInfo(config.configPath(ide)).absolutePath());
    }

    Hopx::Core::SandboxInfo addSandbox(const QString &id,
        const QString &provider = QStringLiteral("local"),
        const QString &status = QStringLiteral("running"), int ageSeconds = 90,
        int timeoutSeconds = 3600)
    {
        Hopx::Core::SandboxInfo s;
        s.id = id;
        s.provider = provider;
        s.status = Hopx::Core::SandboxStatus::fromName(status);
        s.templateName = provider == QLatin1String("local") ? QStringLiteral("python")
                                                            : QStringLiteral("code-interpreter");
        s.createdAt = QDateTime::currentDateTime().addSecs(-ageSeconds);
        s.expiresAt = s.createdAt.addSecs(timeoutSeconds);
        s.timeoutSeconds = timeoutSeconds;
        s.region = provider == QLatin1String("hopx") ? QStringLiteral("us-east") : QString();
        if (provider == QLatin1String("local")) {
            s.memoryBytes = 48 * 1024 * 1024;
            s.cpuSeconds = 0.4;
            s.extra.insert(QStringLiteral("workspace_path"), dir.path());
        }
        (provider == QLatin1String("local") ? local : cloud).add(s);
        return s;
    }
};

} // namespace HopxTest
