// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/MemoryKeyStore.h"

#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Hopx::Core;

class TestKeyStore : public QObject
{
    Q_OBJECT

private:
    template<typename T, typename Start>
    static Result<T> wait(Start start)
    {
        std::optional<Result<T>> out;
        start([&out](Result<T> r) { out.emplace(std::move(r)); });
        // The contract: never called back from inside the call.
        if (out)
            return Error::make(Error::Code::Internal, QStringLiteral("called back synchronously"));
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 5000))
            return Error::make(Error::Code::Internal, QStringLiteral("no callback"));
        return *out;
    }

private slots:
    void storeReadReplaceClear()
    {
        MemoryKeyStore store;
        QSignalSpy changed(&store, &KeyStore::keyChanged);

        auto missing = wait<QString>([&](Callback<QString> cb) { store.read(cb); });
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, Error::Code::NotFound);

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.write(QStringLiteral("hopx_live_one"), cb);
        }).ok());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toString(), KeyStore::apiKeyName());
        auto one = wait<QString>([&](Callback<QString> cb) { store.read(cb); });
        QVERIFY(one.ok());
        QCOMPARE(one.value(), QStringLiteral("hopx_live_one"));

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.write(QStringLiteral("hopx_live_two"), cb);
        }).ok());
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).value(),
            QStringLiteral("hopx_live_two"));

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) { store.remove(cb); }).ok());
        QCOMPARE(changed.count(), 3);
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).error().code,
            Error::Code::NotFound);
        // Removing again is not an error.
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) { store.remove(cb); }).ok());
    }

    void secretsByName()
    {
        MemoryKeyStore store;
        QSignalSpy changed(&store, &KeyStore::keyChanged);
        QVERIFY(
            wait<Unit>([&](Callback<Unit> cb) { store.write(QStringLiteral("key"), cb); }).ok());
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.write(QStringLiteral("bearer"), cb, KeyStore::httpTokenName());
        }).ok());
        QCOMPARE(changed.at(1).at(0).toString(), KeyStore::httpTokenName());
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).value(),
            QStringLiteral("key"));
        QCOMPARE(wait<QString>([&](Callback<QString> cb) {
            store.read(cb, KeyStore::httpTokenName());
        }).value(),
            QStringLiteral("bearer"));
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.remove(cb, KeyStore::httpTokenName());
        }).ok());
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.read(cb); }).value(),
            QStringLiteral("key"));
    }
};

QTEST_GUILESS_MAIN(TestKeyStore)
#include "tst_keystore.moc"
