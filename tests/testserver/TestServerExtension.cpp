// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "TestServerExtension.h"

#include "ConformanceFixtures.h"
#include "ModernFixtures.h"
#include "SchemaFixtures.h"

#include "transport/HttpCommandLine.h"

#include <QCommandLineParser>

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
{ }

void TestServerExtension::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(parser.applicationDescription()
        + QStringLiteral(" Test server: for this project's tests and benchmarks only."));
    parser.addOption(m_fixtures);
    parser.addOption(m_noToken);
}

void TestServerExtension::apply(const QCommandLineParser &parser, const Wiring &wiring)
{
    if (parser.isSet(m_fixtures)) {
        registerConformanceFixtures(*wiring.tools, *wiring.resources, *wiring.prompts);
        registerModernFixtures(*wiring.tools, *wiring.prompts);
        registerSchemaFixtures(*wiring.tools);
    }
    if (parser.isSet(m_noToken))
        wiring.http->disableTokenCheck(QStringLiteral("--http-insecure-no-token"));
}

} // namespace TestServer
} // namespace Hopx
