// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/approvals/ApprovalBroker.h"

#include <QObject>
#include <QPointer>

namespace Hopx::TestServer {

/*! \brief The test hook for the app's own approvals (`--press-approval`): a headless test server
 *  has no window, so this stands in for the user at the pending-approvals list. It answers each
 *  request as the list's buttons do (ApprovalBroker::answer), after \a delayMs so that the call
 *  really waits, and prints the request's line to stderr for the test to read. */
class ApprovalPresser final : public QObject
{
    Q_OBJECT
public:
    ApprovalPresser(Core::ApprovalBroker *broker, Core::ApprovalBroker::Answer answer, int delayMs,
        QObject *parent = nullptr);
    ~ApprovalPresser() override;

    //! "allow-once", "always" or "deny", with an optional ":<ms>" delay; false if malformed.
    static bool parse(const QString &spec, Core::ApprovalBroker::Answer *answer, int *delayMs);

private:
    void press(quint64 id);

    QPointer<Core::ApprovalBroker> m_broker; // main.cpp's may go first
    Core::ApprovalBroker::Answer m_answer;
    int m_delayMs;
};

} // namespace Hopx::TestServer
