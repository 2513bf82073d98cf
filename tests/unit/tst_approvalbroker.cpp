// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// ApprovalBroker: every request ends exactly once (the user's answer, a timeout, nobody to ask,
// the answerer gone), and ApprovalListModel follows the pending requests.

#include "core/approvals/ApprovalBroker.h"
#include "core/approvals/ConsentWording.h"
#include "core/models/ApprovalListModel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSignalSpy>
#include <QTest>

using namespace Hopx::Core;
using Answer = ApprovalBroker::Answer;

namespace {

struct Heard
{
    int calls = 0;
    Answer answer = Answer::AllowOnce;
    QString why;
    ApprovalBroker::Callback callback()
    {
        return [this](Answer a, const QString &w) {
            ++calls;
            answer = a;
            why = w;
        };
    }
};

ApprovalBroker::Request folder(const QString &path)
{
    return {ApprovalBroker::kFolderRead, QStringLiteral("Claude Code"), path,
        ConsentWording::mountReadOnly(QStringLiteral("/project/proj"))};
}

} // namespace

class TestApprovalBroker : public QObject
{
    Q_OBJECT

private slots:
    void nobodyToAskIsANoLater()
    {
        ApprovalBroker broker;
        QSignalSpy requested(&broker, &ApprovalBroker::requested);
        Heard heard;
        QCOMPARE(broker.request(folder(QStringLiteral("/srv/proj")), heard.callback()), 0u);
        QCOMPARE(heard.calls, 0); // never from inside request()
        QTRY_COMPARE(heard.calls, 1);
        QCOMPARE(heard.answer, Answer::Deny);
        QVERIFY2(heard.why.contains(QLatin1String("without a window")), qPrintable(heard.why));
        QCOMPARE(requested.count(), 0);
    }

    void theAnswerEndsTheRequestOnce_data()
    {
        QTest::addColumn<Answer>("answer");
        QTest::newRow("allow once") << Answer::AllowOnce;
        QTest::newRow("always") << Answer::AllowAlways;
        QTest::newRow("deny") << Answer::Deny;
    }

    void theAnswerEndsTheRequestOnce()
    {
        QFETCH(Answer, answer);
        ApprovalBroker broker;
        broker.addAnswerer();
        QSignalSpy requested(&broker, &ApprovalBroker::requested);
        QSignalSpy resolved(&broker, &ApprovalBroker::resolved);
        Heard heard;
        const quint64 id = broker.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        QVERIFY(id != 0);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(broker.pending().size(), 1);
        QCOMPARE(broker.find(id)->request.subject, QStringLiteral("/srv/proj"));
        QVERIFY(broker.answer(id, answer));
        QCOMPARE(heard.calls, 1);
        QCOMPARE(heard.answer, answer);
        QVERIFY(heard.why.isEmpty()); // the user's own answer
        QCOMPARE(resolved.count(), 1);
        QVERIFY(broker.pending().isEmpty());
        QVERIFY(!broker.answer(id, Answer::AllowOnce)); // a second click changes nothing
        QCOMPARE(heard.calls, 1);
    }

    void unansweredIsDeniedAfterTheTimeout()
    {
        ApprovalBroker broker;
        broker.addAnswerer();
        broker.setTimeoutMs(60);
        Heard heard;
        broker.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        QTRY_COMPARE(heard.calls, 1);
        QCOMPARE(heard.answer, Answer::Deny);
        QVERIFY2(heard.why.contains(QLatin1String("nobody answered")), qPrintable(heard.why));
        QVERIFY(broker.pending().isEmpty());
    }

    void withdrawnRequestsAreNotAnswered()
    {
        ApprovalBroker broker;
        broker.addAnswerer();
        broker.setTimeoutMs(40);
        QSignalSpy resolved(&broker, &ApprovalBroker::resolved);
        Heard heard;
        const quint64 id = broker.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        broker.withdraw(id);
        QCOMPARE(resolved.count(), 1);
        QVERIFY(!broker.answer(id, Answer::AllowOnce));
        QTest::qWait(120); // past the timeout: still nothing
        QCOMPARE(heard.calls, 0);
    }

    void theLastAnswererGoneDeniesWhatWaits()
    {
        ApprovalBroker broker;
        broker.addAnswerer();
        broker.addAnswerer();
        Heard first;
        Heard second;
        broker.request(folder(QStringLiteral("/a")), first.callback());
        broker.request(folder(QStringLiteral("/b")), second.callback());
        broker.removeAnswerer();
        QCOMPARE(first.calls, 0); // one still answers
        broker.removeAnswerer();
        QCOMPARE(first.calls, 1);
        QCOMPARE(second.calls, 1);
        QCOMPARE(second.answer, Answer::Deny);
        QVERIFY(!broker.canAsk());
    }

    void aWordingFillsItsArgumentsOnce()
    {
        // A path that itself holds "%2" is a path, not a place for the next argument.
        const Wording saved = ConsentWording::save(QStringLiteral("/workspace/100%2.csv"),
            QStringLiteral("local-a"), QStringLiteral("/home/me/out.csv"));
        QCOMPARE(saved.english(),
            QStringLiteral("save /workspace/100%2.csv from sandbox local-a as /home/me/out.csv"));
        QCOMPARE(saved.translated(), saved.english()); // no translator installed here
        QVERIFY(Wording().english().isEmpty());
    }

    void theListFollowsThePendingRequests()
    {
        ApprovalBroker broker;
        broker.addAnswerer();
        Heard heard;
        const quint64 early =
            broker.request(folder(QDir::homePath() + QStringLiteral("/proj")), heard.callback());
        ApprovalListModel model;
        QAbstractItemModelTester tester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.attach(&broker); // what already waits is listed too
        QCOMPARE(model.rowCount(), 1);
        const quint64 later = broker.request({ApprovalBroker::kInternet, QStringLiteral("Codex"),
                                                 {}, ConsentWording::internet(), false},
            heard.callback());
        QCOMPARE(model.rowCount(), 2);
        const QString text = model.index(0).data().toString();
        QVERIFY2(text.contains(QLatin1String("Claude Code"))
                && text.contains(QLatin1String("~/proj"))
                && text.contains(QLatin1String("/project/proj")),
            qPrintable(text));
        QCOMPARE(model.index(0).data(ApprovalListModel::AlwaysLabelRole).toString(),
            QStringLiteral("Always for this folder"));
        QCOMPARE(model.index(1).data(ApprovalListModel::OfferAlwaysRole).toBool(), false);
        QCOMPARE(model.idAt(1), later);
        broker.answer(early, Answer::Deny);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.idAt(0), later);
    }
};

QTEST_GUILESS_MAIN(TestApprovalBroker)
#include "tst_approvalbroker.moc"
