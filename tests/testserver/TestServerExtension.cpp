// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "TestServerExtension.h"

#include "ApprovalPresser.h"
#include "ConformanceFixtures.h"
#include "CrashPoints.h"
#include "ModernFixtures.h"
#include "SchemaFixtures.h"

#include "providers/local/LocalProvider.h"
#include "tools/ToolRegistry.h"
#include "transport/HttpCommandLine.h"

#include <QCommandLineParser>

#include <algorithm>

namespace Hopx {

std::unique_ptr<AppExtension> createAppExtension()
{
    return std::make_unique<TestServer::TestServerExtension>();
}

namespace TestServer {

TestServerExtension::TestServerExtension()
    : m_fixtures(QStringLiteral("conformance-fixtures"),
        QStringLiteral("Also register the test tools, resources and prompts the MCP conformance "
                       "suite calls."))
    , m_noToken(QStringLiteral("http-insecure-no-token"),
          QStringLiteral("Serve HTTP without any token check (every local process, of any user, "
                         "can then drive the sandboxes)."))
    , m_pressApproval(QStringLiteral("press-approval"),
          QStringLiteral("Answer every approval the app asks its user for, as its buttons do: "
                         "allow-once, always or deny, after an optional :<ms>."),
          QStringLiteral("answer"))
    , m_diskSteps(QStringLiteral("disk-steps"),
          QStringLiteral("Append each step of the local sandboxes' disk operations to <file>."),
          QStringLiteral("file"))
    , m_crashAt(QStringLiteral("crash-at"),
          QStringLiteral("At the N-th step of operation OP, SIGKILL the app (app) or the "
                         "sandbox's hopx-capfs (capfs), or fill the disk (disk): OP:N:KIND."),
          QStringLiteral("spec"))
    , m_crashFill(QStringLiteral("crash-fill"),
          QStringLiteral("The file that --crash-at's disk kind grows until the disk is full."),
          QStringLiteral("file"))
{ }

TestServerExtension::~TestServerExtension() = default;

void TestServerExtension::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(parser.applicationDescription()
        + QStringLiteral(" Test server: for this project's tests and benchmarks only."));
    parser.addOption(m_fixtures);
    parser.addOption(m_noToken);
    parser.addOption(m_pressApproval);
    parser.addOption(m_diskSteps);
    parser.addOption(m_crashAt);
    parser.addOption(m_crashFill);
}

void TestServerExtension::apply(const QCommandLineParser &parser, const Wiring &wiring)
{
    if (parser.isSet(m_fixtures)) {
        Mcp::ToolRegistry &tools = *wiring.tools;
        const QList<Mcp::ToolSpec> before = tools.specs();
        registerConformanceFixtures(tools, *wiring.resources, *wiring.prompts);
        registerModernFixtures(tools, *wiring.prompts);
        registerSchemaFixtures(tools);
        // The suites list the fixtures whatever tool profile a connection asks for.
        QStringList fixtures;
        for (const Mcp::ToolSpec &spec : tools.specs())
            if (!std::any_of(before.begin(), before.end(),
                    [&spec](const Mcp::ToolSpec &b) { return b.name == spec.name; }))
                fixtures.append(spec.name);
        for (const QString &profile : tools.profileNames()) {
            QStringList listed;
            for (const Mcp::ToolSpec &spec : tools.specs(profile))
                if (!fixtures.contains(spec.name))
                    listed.append(spec.name);
            tools.addProfile({profile, listed + fixtures});
        }
    }
    if (parser.isSet(m_noToken))
        wiring.http->setAdjust([](Mcp::HttpServerConfig config, bool tokenGiven,
                                   QStringList *notes) -> Mcp::Expected<Mcp::HttpServerConfig> {
            const QString flag = QStringLiteral("--http-insecure-no-token");
            if (tokenGiven)
                return Mcp::Unexpected(
                    QStringLiteral("%1 contradicts the token given by "
                                   "--http-token/%2")
                        .arg(
                            flag, QLatin1String(Mcp::HttpCommandLine::tokenEnvironmentVariable())));
            // Every local process, of any user, can then drive the sandboxes: tests only.
            config.requireToken = false;
            notes->append(QStringLiteral(
                "WARNING: %1: the HTTP MCP endpoint accepts requests WITHOUT any token. Any "
                "process on this machine, of any user, can run code in your sandboxes. Use "
                "this for tests only.")
                              .arg(flag));
            return config;
        });
    if (parser.isSet(m_pressApproval) && wiring.approvals) {
        Core::ApprovalBroker::Answer answer;
        int delayMs = 0;
        if (!ApprovalPresser::parse(parser.value(m_pressApproval), &answer, &delayMs))
            qFatal("--press-approval: allow-once, always or deny, optionally :<ms>");
        m_presser = std::make_unique<ApprovalPresser>(wiring.approvals, answer, delayMs);
    }
    if ((parser.isSet(m_diskSteps) || parser.isSet(m_crashAt)) && wiring.local) {
        m_crashPoints = std::make_unique<CrashPoints>();
        if (!m_crashPoints->configure(
                parser.value(m_diskSteps), parser.value(m_crashAt), parser.value(m_crashFill)))
            qFatal("--crash-at: OP:N:KIND, N >= 1, KIND app, capfs or disk (disk needs "
                   "--crash-fill)");
        wiring.local->setDiskSteps(m_crashPoints.get());
    }
}

} // namespace TestServer
} // namespace Hopx
