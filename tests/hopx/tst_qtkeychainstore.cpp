// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Runs twice (tests/hopx/CMakeLists.txt): inside with-keyring.sh with a real Secret Service
// (HOPX_KEYCHAIN_EXPECT=available), and with the session bus pointing nowhere
// (HOPX_KEYCHAIN_EXPECT=unavailable).
#include "core/secrets/QtKeychainStore.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Hopx::Core;

class TestQtKeychainStore : public QObject
{
    Q_OBJECT

private:
    QString m_expect;
    QString m_service;

    template<typename T, typename Start>
    static Result<T> wait(Start start)
    {
        std::optional<Result<T>> out;
        start([&out](Result<T> r) { out.emplace(std::move(r)); });
        if (out)
            return Error::make(Error::Code::Internal, QStringLiteral("called back synchronously"));
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000))
            return Error::make(Error::Code::Internal, QStringLiteral("no callback"));
        return *out;
    }

private slots:
    void initTestCase()
    {
        m_expect = qEnvironmentVariable("HOPX_KEYCHAIN_EXPECT");
        if (m_expect.isEmpty())
            QSKIP("set HOPX_KEYCHAIN_EXPECT=available (inside with-keyring.sh) or =unavailable");
        // Never the real service name: a developer's own key must survive the test.
        m_service = QStringLiteral("hopx-desktop-test-%1").arg(QCoreApplication::applicationPid());
    }

    void storeReadReplaceClear()
    {
        if (m_expect != QLatin1String("available"))
            QSKIP("needs a Secret Service (run through tests/with-keyring.sh)");
        QtKeychainStore store(m_service);
        QSignalSpy changed(&store, &KeyStore::keyChanged);

        auto first = wait<Unit>(
            [&](Callback<Unit> cb) { store.write(QStringLiteral("hopx_live_first"), cb); });
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().message));
        QCOMPARE(changed.count(), 1);
        auto read = wait<QString>([&](Callback<QString> cb) { store.read(cb); });
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().message));
        QCOMPARE(read.value(), QStringLiteral("hopx_live_first"));

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.write(QStringLiteral("hopx_live_second"), cb);
        }).ok());
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).value(),
            QStringLiteral("hopx_live_second"));

        // A second secret next to the key (the HTTP transport's bearer token).
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.write(QStringLiteral("bearer-1"), cb, KeyStore::httpTokenName());
        }).ok());
        QCOMPARE(wait<QString>([&](Callback<QString> cb) {
            store.read(cb, KeyStore::httpTokenName());
        }).value(),
            QStringLiteral("bearer-1"));
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).value(),
            QStringLiteral("hopx_live_second"));

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) { store.remove(cb); }).ok());
        auto gone = wait<QString>([&](Callback<QString> cb) { store.read(cb); });
        QVERIFY(!gone.ok());
        QCOMPARE(gone.error().code, Error::Code::NotFound);
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) { store.remove(cb); }).ok()); // already gone
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.remove(cb, KeyStore::httpTokenName());
        }).ok());
        QCOMPARE(changed.count(), 6);
    }

    void noKeychainIsAClearError()
    {
        if (m_expect != QLatin1String("unavailable"))
            QSKIP("runs with DBUS_SESSION_BUS_ADDRESS pointing nowhere");
        QtKeychainStore store(m_service);
        QSignalSpy changed(&store, &KeyStore::keyChanged);
        for (int op = 0; op < 3; ++op) {
            Result<Unit> r = op == 0
                ? wait<Unit>([&](Callback<Unit> cb) { store.write(QStringLiteral("k"), cb); })
                : op == 1 ? wait<Unit>([&](Callback<Unit> cb) { store.remove(cb); })
                          : Result<Unit>(Unit {});
            if (op == 2) {
                auto read = wait<QString>([&](Callback<QString> cb) { store.read(cb); });
                QVERIFY(!read.ok());
                QCOMPARE(read.error().code, Error::Code::Unavailable);
                QVERIFY2(read.error().message.startsWith(QLatin1String(
                             "No keychain service is running (install gnome-keyring or KWallet")),
                    qPrintable(read.error().message));
                continue;
            }
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, Error::Code::Unavailable);
            QVERIFY2(r.error().message.startsWith(QLatin1String(
                         "No keychain service is running (install gnome-keyring or KWallet")),
                qPrintable(r.error().message));
            QVERIFY(!r.error().message.contains(QLatin1String("hopx_live")));
        }
        QCOMPARE(changed.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestQtKeychainStore)
#include "tst_qtkeychainstore.moc"
