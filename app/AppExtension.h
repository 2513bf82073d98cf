// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

class QCommandLineParser;

namespace Hopx::Core {
class ApprovalBroker;
} // namespace Hopx::Core

namespace Hopx::Local {
class LocalProvider;
} // namespace Hopx::Local

namespace Hopx::Mcp {
class HttpCommandLine;
class PromptRegistry;
class ResourceRegistry;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx {

/*! \brief What an executable adds to the wiring in main.cpp, which serves two of them.
 *
 * hopx-desktop adds nothing (ProductAppExtension.cpp). The test-only hopx-desktop-testserver
 * (tests/testserver) adds the conformance suite's fixtures and its testing-only flags. Each
 * executable links its own createAppExtension(), so the product carries no test code and
 * main.cpp needs no #ifdef for it.
 */
class AppExtension
{
public:
    //! The objects an extension may add to, before any client can connect.
    struct Wiring
    {
        Mcp::ToolRegistry *tools = nullptr;
        Mcp::ResourceRegistry *resources = nullptr;
        Mcp::PromptRegistry *prompts = nullptr;
        Mcp::HttpCommandLine *http = nullptr; // not configured yet
        Core::ApprovalBroker *approvals = nullptr; // the user's consent, asked in the app
        Local::LocalProvider *local = nullptr; // its recovery of earlier sandboxes not begun
    };

    virtual ~AppExtension() = default;
    //! Before the command line is parsed: the extension's own options.
    virtual void addOptions(QCommandLineParser & /*parser*/) { }
    //! After the product's tools and resources are registered.
    virtual void apply(const QCommandLineParser & /*parser*/, const Wiring & /*wiring*/) { }
};

//! Defined once per executable.
std::unique_ptr<AppExtension> createAppExtension();

} // namespace Hopx
