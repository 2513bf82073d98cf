// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/AppApproval.h"

#include "core/approvals/ConsentWording.h"

#include <QElapsedTimer>
#include <QTimer>

#include <memory>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;

namespace {
// Often enough that a client which resets its timeout on progress keeps waiting.
constexpr int kProgressEveryMs = 10000;
} // namespace

QString callerName(const ToolCall *call)
{
    for (const char *key : {"title", "name"}) {
        const QString name = call->clientInfo().value(QLatin1String(key)).toString().trimmed();
        if (!name.isEmpty())
            return name;
    }
    return {};
}

void askInApp(
    ToolCall *call, ApprovalBroker *broker, ApprovalBroker::Request request, ConsentAnswer answer)
{
    if (!broker || !broker->canAsk()) {
        QPointer<ToolCall> guard(call);
        QTimer::singleShot(0, call, [guard, answer] {
            if (guard && !guard->isCancelled() && !guard->isFinished())
                answer(guard, ApprovalBroker::Answer::Deny,
                    QStringLiteral("HOPX Desktop runs without a window to ask in"));
        });
        return;
    }
    request.client = callerName(call);
    const QString details = request.details.english();
    const QString what = request.subject.isEmpty() ? details
        : details.isEmpty()                        ? request.subject
                            : QStringLiteral("%1 (%2)").arg(request.subject, details);
    const QString waiting =
        QStringLiteral("Waiting for you to approve in HOPX Desktop: %1").arg(what);
    // The timer belongs to the call: it stops with it, and tells the client it still waits.
    auto *ticker = new QTimer(call);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QPointer<ToolCall> guard(call);
    const auto tick = [guard, clock, waiting] {
        if (guard && !guard->isFinished())
            guard->reportProgress(double(clock->elapsed()) / 1000.0, -1, waiting);
    };
    QObject::connect(ticker, &QTimer::timeout, call, tick);
    const quint64 id = broker->request(
        request, [guard, ticker, answer](ApprovalBroker::Answer a, const QString &why) {
            if (!guard)
                return;
            ticker->deleteLater();
            if (!guard->isCancelled() && !guard->isFinished())
                answer(guard, a, why);
        });
    QPointer<ApprovalBroker> brokerGuard(broker);
    QObject::connect(call, &ToolCall::cancelled, broker, [brokerGuard, id] {
        if (brokerGuard)
            brokerGuard->withdraw(id);
    });
    tick();
    ticker->start(kProgressEveryMs);
}

void askForConsent(ToolCall *call, ApprovalBroker *broker, const UserQuestion &question,
    const ApprovalBroker::Request &request, ConsentAnswer answer)
{
    if (!call->clientSupports(QStringLiteral("elicitation"))) {
        askInApp(call, broker, request, std::move(answer));
        return;
    }
    askClientUser(call, question,
        [broker = QPointer<ApprovalBroker>(broker), request, answer](
            ToolCall *call, ClientAnswer said, const QString &why) {
            if (said == ClientAnswer::Yes)
                return answer(call, ApprovalBroker::Answer::AllowOnce, {});
            // A cancel is what clients that cannot show the question send without asking: the
            // app asks instead. A decline is the user's own no.
            if (said == ClientAnswer::Unasked && broker && broker->canAsk())
                return askInApp(call, broker, request, answer);
            answer(call, ApprovalBroker::Answer::Deny, why);
        });
}

void confirmInternetAccess(
    ToolCall *call, ApprovalBroker *broker, std::function<void(ToolCall *)> proceed)
{
    if (!call->clientSupports(QStringLiteral("elicitation")) && !(broker && broker->canAsk())) {
        proceed(call);
        return;
    }
    const UserQuestion question {
        QStringLiteral("Allow sandbox internet access? A tool wants to create a local "
                       "sandbox with outbound network."),
        QStringLiteral("Allow internet access"),
        QStringLiteral("The sandbox can reach any host on the internet "
                       "(not this machine's own services).")};
    ApprovalBroker::Request request {
        ApprovalBroker::kInternet, {}, {}, ConsentWording::internet(), false};
    askForConsent(call, broker, question, request,
        [proceed = std::move(proceed)](
            ToolCall *call, ApprovalBroker::Answer answer, const QString &why) {
            if (answer != ApprovalBroker::Answer::Deny) {
                proceed(call);
                return;
            }
            finishWithError(call,
                Error::make(Error::Code::Cancelled,
                    QStringLiteral("The user declined internet access for the new sandbox (%1); "
                                   "nothing was created. Create it without internet_access, or "
                                   "ask the user.")
                        .arg(why.isEmpty() ? QStringLiteral("denied in HOPX Desktop") : why),
                    QJsonObject {{QStringLiteral("internet_access"), true}},
                    QStringLiteral("Internet access declined")));
        });
}

} // namespace Hopx::Core::Tools
