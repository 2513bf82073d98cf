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
 * `--disk-steps`, `--crash-at` and `--crash-fill` log the steps of the local provider's disk
 * operations and crash one of them at a given step (CrashPoints.h).
 */
class ApprovalPresser;
class CrashPoints;

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
    QCommandLineOption m_diskSteps;
    QCommandLineOption m_crashAt;
    QCommandLineOption m_crashFill;
    std::unique_ptr<ApprovalPresser> m_presser;
    std::unique_ptr<CrashPoints> m_crashPoints;
};

} // namespace Hopx::TestServer
