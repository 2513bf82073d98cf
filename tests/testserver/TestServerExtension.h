// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "AppExtension.h"

#include <QCommandLineOption>

#include <memory>

namespace Hopx::TestServer {

/*! \brief What hopx-desktop-testserver adds to the app's wiring: the testing-only flags.
 *
 * `--conformance-fixtures` registers the conformance suite's tools, resources and prompts
 * (ConformanceFixtures.h); `--http-insecure-no-token` serves HTTP without a token check. Both
 * are for the tests and benchmarks in this tree, never in hopx-desktop. `--press-approval`
 * answers the app's own approval requests as the user would (ApprovalPresser.h).
 */
class ApprovalPresser;

class TestServerExtension : public AppExtension
{
public:
    TestServerExtension();
    ~TestServerExtension() override;

    void addOptions(QCommandLineParser &parser) override;
    void apply(const QCommandLineParser &parser, const Wiring &wiring) override;

private:
    QCommandLineOption m_fixtures;
    QCommandLineOption m_noToken;
    QCommandLineOption m_pressApproval;
    std::unique_ptr<ApprovalPresser> m_presser;
};

} // namespace Hopx::TestServer
