// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// NetworkLog: the egress proxy's lines, English in the sandbox's stream, in the user's language in
// the Logs view, and the one kind of refusal the user can lift.
#include "core/models/LogModel.h"
#include "core/settings/NetworkLog.h"

#include "BracketTranslator.h"

#include <QCoreApplication>
#include <QTest>

using Hopx::Core::LogEntry;
using Hopx::Core::LogModel;
using Hopx::Core::NetworkLog;

class TestNetworkLog : public QObject
{
    Q_OBJECT

private slots:
    void linesStayEnglishInTheStream()
    {
        QCOMPARE(NetworkLog::allowedLine(QStringLiteral("pypi.org"), 443),
            QStringLiteral("egress allowed: pypi.org:443"));
        QCOMPARE(NetworkLog::deniedLine(QStringLiteral("evil.test"), 80, NetworkLog::notListed()),
            QStringLiteral(
                "egress denied: evil.test:80 (not in this sandbox's network allowlist)"));
        QCOMPARE(NetworkLog::secretOfferedLine(QStringLiteral("TOKEN"), QStringLiteral("x.test")),
            QStringLiteral("secret TOKEN offered to x.test (sent unreplaced)"));
    }

    void everyLineItMakesIsShownTranslated_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("shown");
        QTest::newRow("allowed") << NetworkLog::allowedLine(QStringLiteral("pypi.org"), 443)
                                 << QStringLiteral("[egress allowed: pypi.org:443]");
        QTest::newRow("not listed")
            << NetworkLog::deniedLine(QStringLiteral("evil.test"), 443, NetworkLog::notListed())
            << QStringLiteral("[egress denied: evil.test:443 ([not in this sandbox's network "
                              "allowlist])]");
        QTest::newRow("ipv6, resolves to a private address")
            << NetworkLog::deniedLine(QStringLiteral("[2001:db8::1]"), 8443,
                   NetworkLog::resolvesToPrivate(QStringLiteral("10.0.0.1")))
            << QStringLiteral("[egress denied: [2001:db8::1]:8443 ([it resolves to a loopback, "
                              "private or link-local address (10.0.0.1)])]");
        QTest::newRow("unresolved, the system's message kept")
            << NetworkLog::deniedLine(QStringLiteral("nx.test"), 443,
                   NetworkLog::unresolved(QStringLiteral("Host not found (%1)")))
            << QStringLiteral("[egress denied: nx.test:443 ([the name does not resolve (Host "
                              "not found (%1))])]");
        QTest::newRow("port only")
            << NetworkLog::deniedLine(QStringLiteral("db.local"), 5433, NetworkLog::portOnly(5432))
            << QStringLiteral(
                   "[egress denied: db.local:5433 ([the host map allows it on port 5432 only])]");
        QTest::newRow("invalid host")
            << NetworkLog::deniedLine(QStringLiteral("*.x"), 443, NetworkLog::invalidHost())
            << QStringLiteral("[egress denied: *.x:443 ([not a valid host])]");
        QTest::newRow("private address")
            << NetworkLog::deniedLine(QStringLiteral("127.0.0.1"), 22, NetworkLog::privateAddress())
            << QStringLiteral(
                   "[egress denied: 127.0.0.1:22 ([a loopback, private or link-local address])]");
        QTest::newRow("secret used")
            << NetworkLog::secretUsedLine(
                   QStringLiteral("GITHUB_TOKEN"), QStringLiteral("api.github.com"))
            << QStringLiteral("[secret GITHUB_TOKEN used for api.github.com]");
        QTest::newRow("secret offered")
            << NetworkLog::secretOfferedLine(QStringLiteral("TOKEN"), QStringLiteral("x.test"))
            << QStringLiteral("[secret TOKEN offered to x.test (sent unreplaced)]");
        QTest::newRow("a reason it did not make, as it is")
            << NetworkLog::deniedLine(
                   QStringLiteral("a.test"), 443, QStringLiteral("something new"))
            << QStringLiteral("[egress denied: a.test:443 (something new)]");
        QTest::newRow("any other line, as it is") << QStringLiteral("pip: egress allowed? no")
                                                  << QStringLiteral("pip: egress allowed? no");
        QTest::newRow("two lines")
            << NetworkLog::allowedLine(QStringLiteral("a.test"), 1) + QLatin1Char('\n')
                + NetworkLog::allowedLine(QStringLiteral("b.test"), 2)
            << QStringLiteral("[egress allowed: a.test:1]\n[egress allowed: b.test:2]");
    }
    void everyLineItMakesIsShownTranslated()
    {
        QFETCH(QString, line);
        QFETCH(QString, shown);
        BracketTranslator translator("Hopx::Core::NetworkLog");
        QVERIFY(QCoreApplication::installTranslator(&translator));
        QCOMPARE(NetworkLog::translated(line), shown);
        // The Logs view shows the network stream translated; a saved log keeps the stream's text.
        LogModel model;
        LogEntry e;
        e.sandboxId = QStringLiteral("local-abc");
        e.stream = QStringLiteral("network");
        e.message = line;
        model.append(e);
        model.flush();
        // The table shows a longer message's first line and a mark; the detail shows it all.
        const qsizetype nl = shown.indexOf(QLatin1Char('\n'));
        QCOMPARE(model.index(0, LogModel::Message).data().toString(),
            QStringLiteral("[network] ")
                + (nl < 0 ? shown : shown.left(nl) + QStringLiteral(" …")));
        QCOMPARE(model.index(0, 0).data(LogModel::DetailRole).toString(), shown);
        const QString saved = model.toText(0);
        const QString lastLine = line.section(QLatin1Char('\n'), -1);
        QVERIFY2(saved.endsWith(lastLine)
                && (shown == line || !saved.contains(shown.section(QLatin1Char('\n'), -1))),
            qPrintable(saved));
        QVERIFY(QCoreApplication::removeTranslator(&translator));
        QCOMPARE(NetworkLog::translated(line), line);
    }

    void onlyAnUnlistedHostCanBeAllowed()
    {
        QCOMPARE(
            NetworkLog::allowableHostOf(NetworkLog::deniedLine(QStringLiteral("Data.Example.TEST"),
                                            443, NetworkLog::notListed())
                + QLatin1Char('\n')),
            QStringLiteral("data.example.test"));
        QVERIFY(NetworkLog::allowableHostOf(
            NetworkLog::deniedLine(QStringLiteral("10.1.2.3"), 443, NetworkLog::privateAddress()))
                    .isEmpty());
        QVERIFY(NetworkLog::allowableHostOf(
            NetworkLog::deniedLine(QStringLiteral("a.test"), 443,
                NetworkLog::resolvesToPrivate(QStringLiteral("127.0.0.1"))))
                    .isEmpty());
        QVERIFY(NetworkLog::allowableHostOf(NetworkLog::allowedLine(QStringLiteral("a.test"), 443))
                    .isEmpty());
        // A line the sandbox printed itself on another stream looks the same; the view asks only
        // of the network stream's lines (LogsView, Notices).
        QVERIFY(NetworkLog::allowableHostOf(QStringLiteral("egress denied: x")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNetworkLog)
#include "tst_networklog.moc"
