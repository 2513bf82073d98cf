// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// SecretStore with a memory keychain, and `hopx-desktop --set-secret/--list-secrets/
// --remove-secret` against a real Secret Service when run inside with-keyring.sh
// (HOPX_KEYCHAIN_EXPECT=available; tests/secrets/CMakeLists.txt registers both runs).
#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/QtKeychainStore.h"
#include "core/secrets/SecretStore.h"
#include "core/settings/Settings.h"

#include <QDirIterator>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Hopx::Core;

namespace {

template<typename T, typename Start>
Result<T> wait(Start start)
{
    std::optional<Result<T>> out;
    start([&out](Result<T> r) { out.emplace(std::move(r)); });
    if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000))
        return Error::make(Error::Code::Internal, QStringLiteral("no callback"));
    return *out;
}

//! Every file under \a dir whose bytes contain \a needle.
QStringList filesContaining(const QString &dir, const QByteArray &needle)
{
    QStringList hits;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
            hits << f.fileName();
    }
    return hits;
}

} // namespace

class TestSecretStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run app(const QStringList &args, const QByteArray &stdinBytes = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_STATE_HOME"), m_dir.filePath(QStringLiteral("state")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"), args);
        p.write(stdinBytes);
        p.closeWriteChannel();
        p.waitForFinished(30000);
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            p.readAllStandardOutput(), p.readAllStandardError()};
    }

private slots:
    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("ok");
        QTest::newRow("plain") << "GITHUB_TOKEN" << true;
        QTest::newRow("underscore first") << "_KEY" << true;
        QTest::newRow("lower case") << "github_token" << false;
        QTest::newRow("digit first") << "1KEY" << false;
        QTest::newRow("dash") << "MY-KEY" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("too long") << QString(65, QLatin1Char('A')) << false;
        QTest::newRow("PATH") << "PATH" << false;
        QTest::newRow("proxy") << "HTTPS_PROXY" << false;
        QTest::newRow("ca bundle") << "SSL_CERT_FILE" << false;
        QTest::newRow("loader") << "LD_PRELOAD" << false;
        QTest::newRow("app's own") << "HOPX_API_KEY" << false;
    }
    void names()
    {
        QFETCH(QString, name);
        QFETCH(bool, ok);
        QCOMPARE(SecretStore::checkName(name).ok(), ok);
    }

    void hosts_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QStringList>("hosts"); // empty: refused
        QTest::newRow("two") << "api.example.com,*.example.org"
                             << QStringList {"api.example.com", "*.example.org"};
        QTest::newRow("case, spaces, dot, twice")
            << " API.Example.com. , api.example.com" << QStringList {"api.example.com"};
        QTest::newRow("empty") << "" << QStringList {};
        QTest::newRow("url") << "https://api.example.com" << QStringList {};
        QTest::newRow("star alone") << "*" << QStringList {};
    }
    void hosts()
    {
        QFETCH(QString, input);
        QFETCH(QStringList, hosts);
        const Result<QStringList> parsed = SecretStore::parseHosts(input);
        QCOMPARE(parsed.ok(), !hosts.isEmpty());
        if (parsed)
            QCOMPARE(parsed.value(), hosts);
    }

    void values()
    {
        QVERIFY(SecretStore::checkValue(QStringLiteral("ghp_abc123")).ok());
        QVERIFY(!SecretStore::checkValue(QString()).ok());
        QVERIFY(!SecretStore::checkValue(QStringLiteral("a\r\nX-Evil: 1")).ok());
        QVERIFY(!SecretStore::checkValue(QString(SecretStore::kMaxValueBytes + 1, 'x')).ok());
    }

    void boundHosts()
    {
        SecretStore::Entry e {QStringLiteral("K"),
            {QStringLiteral("api.example.com"), QStringLiteral("*.example.org")}};
        QVERIFY(SecretStore::boundTo(e, QStringLiteral("api.example.com")));
        QVERIFY(SecretStore::boundTo(e, QStringLiteral("API.example.COM.")));
        QVERIFY(SecretStore::boundTo(e, QStringLiteral("a.b.example.org")));
        QVERIFY(!SecretStore::boundTo(e, QStringLiteral("example.org")));
        QVERIFY(!SecretStore::boundTo(e, QStringLiteral("api.example.com.evil.net")));
        QVERIFY(!SecretStore::boundTo(e, QStringLiteral("evilexample.org")));
    }

    void storeListRemove()
    {
        const QString file = m_dir.filePath(QStringLiteral("unit.ini"));
        Settings settings(file, nullptr);
        MemoryKeyStore keys;
        SecretStore store(&settings, &keys);
        QSignalSpy changed(&store, &SecretStore::changed);
        QSignalSpy revoked(&store, &SecretStore::revoked);
        SecretStore::Entry e {QStringLiteral("API_TOKEN"), {QStringLiteral("api.example.com")}};
        e.inBody = true;
        const QString value = QStringLiteral("value-that-must-not-leak-7f3a");

        // Refused before anything is written.
        SecretStore::Entry bad = e;
        bad.name = QStringLiteral("bad name");
        QVERIFY(!wait<Unit>([&](Callback<Unit> cb) { store.set(bad, value, cb); }).ok());
        QVERIFY(store.list().isEmpty());

        QVERIFY(wait<Unit>([&](Callback<Unit> cb) { store.set(e, value, cb); }).ok());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(store.list().size(), 1);
        const QString firstRevision = store.list().first().revision;
        QVERIFY(!firstRevision.isEmpty());
        e.revision = firstRevision;
        QCOMPARE(store.list(), QList<SecretStore::Entry> {e});
        QCOMPARE(wait<QString>([&](Callback<QString> cb) { store.readValue(e.name, cb); }).value(),
            value);
        settings.setValue(QStringLiteral("sync"), 1); // QSettings writes the file on sync
        QVERIFY(QSettings(file, QSettings::IniFormat).contains(QStringLiteral("secrets/entries")));
        QVERIFY(filesContaining(m_dir.path(), value.toUtf8()).isEmpty());

        // Replacing keeps one entry.
        e.hosts << QStringLiteral("*.example.org");
        QVERIFY(wait<Unit>([&](Callback<Unit> cb) {
            store.set(e, QStringLiteral("second"), cb);
        }).ok());
        QCOMPARE(store.list().size(), 1);
        QCOMPARE(store.find(e.name)->hosts.size(), 2);
        // A new value is a new revision: what another process sees in the settings file.
        const QString secondRevision = store.find(e.name)->revision;
        QVERIFY(!secondRevision.isEmpty() && secondRevision != firstRevision);

        // The options alone: the value, and so the revision, stay.
        e.alwaysAllow = true;
        e.revision.clear();
        QVERIFY(store.update(e).ok());
        QVERIFY(store.find(e.name)->alwaysAllow);
        QCOMPARE(store.find(e.name)->revision, secondRevision);

        // Revoked at once, before the keychain has answered.
        bool revokedFirst = false;
        auto removed = wait<Unit>([&](Callback<Unit> cb) {
            store.remove(e.name, cb);
            revokedFirst = revoked.count() == 1;
        });
        QVERIFY(removed.ok());
        QVERIFY(revokedFirst);
        QVERIFY(!store.find(e.name));
        QVERIFY(!wait<QString>([&](Callback<QString> cb) { store.readValue(e.name, cb); }).ok());
    }

    void commandLine()
    {
        if (qEnvironmentVariable("HOPX_KEYCHAIN_EXPECT") != QLatin1String("available"))
            QSKIP("needs a Secret Service (run through tests/with-keyring.sh)");
        const QByteArray value = "cli-secret-value-9b1e";
        Run r = app({QStringLiteral("--set-secret"), QStringLiteral("GH_TOKEN"),
                        QStringLiteral("--hosts"), QStringLiteral("api.github.com,*.example.org"),
                        QStringLiteral("--secret-in-query")},
            value);
        QVERIFY2(r.exitCode == 0, r.err.constData());

        r = app({QStringLiteral("--list-secrets")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("GH_TOKEN\tapi.github.com,*.example.org\tquery\n"));
        QVERIFY(!r.err.contains(value));

        // In the keychain, under the app's own service; nowhere in the settings.
        QtKeychainStore keychain;
        QCOMPARE(wait<QString>([&](Callback<QString> cb) {
            keychain.read(cb, SecretStore::keyName(QStringLiteral("GH_TOKEN")));
        }).value(),
            QString::fromLatin1(value));
        QVERIFY(
            QFile::exists(m_dir.filePath(QStringLiteral("config/hopx-desktop/hopx-desktop.ini"))));
        QCOMPARE(filesContaining(m_dir.path(), value), QStringList());

        // Bad input: a clear error, nothing changed.
        r = app({QStringLiteral("--set-secret"), QStringLiteral("GH_TOKEN"),
                    QStringLiteral("--hosts"), QStringLiteral("https://x")},
            "other");
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("not a host name"));
        r = app({QStringLiteral("--set-secret"), QStringLiteral("GH_TOKEN"),
            QStringLiteral("--hosts"), QStringLiteral("api.github.com")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no value on stdin"));
        QCOMPARE(app({QStringLiteral("--list-secrets")}).out.count('\n'), 1);

        r = app({QStringLiteral("--remove-secret"), QStringLiteral("GH_TOKEN")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(app({QStringLiteral("--list-secrets")}).out, QByteArray());
        QVERIFY(!wait<QString>([&](Callback<QString> cb) {
            keychain.read(cb, SecretStore::keyName(QStringLiteral("GH_TOKEN")));
        }).ok());
        r = app({QStringLiteral("--remove-secret"), QStringLiteral("GH_TOKEN")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("no secret named"));
    }
};

QTEST_GUILESS_MAIN(TestSecretStore)
#include "tst_secretstore.moc"
