// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The API key dialog with an in-memory keychain, an injected tester, and the default tester
// against a tiny HTTP server standing in for HOPX.
#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/SessionKeyStore.h"
#include "support/FailingKeyStore.h"
#include "ui/Translations.h"
#include "ui/dialogs/ApiKeyDialog.h"
#include "ui/dialogs/ApiKeyTester.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace Hopx;
using Ui::ApiKeyDialog;

namespace {

// Answers GET /v1/templates: 200 for "hopx_live_good", 401 for anything else.
class FakeHopx : public QObject
{
public:
    FakeHopx()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    m_buffer[s] += s->readAll();
                    if (!m_buffer[s].contains("\r\n\r\n"))
                        return;
                    const QByteArray request = m_buffer.take(s);
                    requests << request;
                    const bool good = request.contains("\r\nX-API-Key: hopx_live_good\r\n")
                        || request.contains("\r\nx-api-key: hopx_live_good\r\n");
                    const QByteArray body = good ? "{\"data\":[]}" : "{\"error\":\"unauthorized\"}";
                    s->write((good ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 401 Unauthorized\r\n")
                        + QByteArray("Content-Type: application/json\r\nContent-Length: ")
                        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }
    QList<QByteArray> requests;

private:
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffer;
};

} // namespace

class TestApiKeyDialog : public QObject
{
    Q_OBJECT

    Ui::Translations m_translations;

    static Ui::KeyTester fakeTester(QStringList *asked)
    {
        return [asked](const QString &key, std::function<void(bool, const QString &)> done) {
            *asked << key;
            const bool ok = key == QLatin1String("hopx_live_good");
            QTimer::singleShot(0, [done, ok] {
                done(ok, ok ? QStringLiteral("The key works.") : QStringLiteral("Invalid key."));
            });
        };
    }

private slots:
    void initTestCase()
    {
        qunsetenv("HOPX_API_KEY");
        m_translations.install(QStringLiteral("en"), QStringLiteral(HOPX_QM_DIR));
    }

    void masking()
    {
        QCOMPARE(ApiKeyDialog::masked(QStringLiteral("hopx_live_0123456789abcdef")),
            QStringLiteral("hopx_live_…cdef"));
        QCOMPARE(ApiKeyDialog::masked(QStringLiteral("abcdefghijklmnopqrstuvwxyz")),
            QStringLiteral("abcd…wxyz"));
        QVERIFY(!ApiKeyDialog::masked(QStringLiteral("short")).contains(QStringLiteral("short")));
    }

    void pasteTestSaveTestSavedRemove()
    {
        Core::MemoryKeyStore store;
        QStringList asked;
        ApiKeyDialog dialog(&store, fakeTester(&asked));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_COMPARE(dialog.statusLabel()->text(), QStringLiteral("No key is saved."));
        auto *hint = dialog.findChild<QLabel *>(QStringLiteral("firstRunHint"));
        QVERIFY(hint->isVisible());
        QVERIFY(hint->text().contains(QStringLiteral("Local sandboxes already work")));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(!dialog.removeButton()->isEnabled());
        QVERIFY(!dialog.testButton()->isEnabled()); // nothing typed, nothing saved

        QCOMPARE(dialog.keyEdit()->echoMode(), QLineEdit::Password);
        QTest::mouseClick(dialog.findChild<QCheckBox *>(QStringLiteral("showKey")), Qt::LeftButton);
        QCOMPARE(dialog.keyEdit()->echoMode(), QLineEdit::Normal);

        QTest::keyClicks(dialog.keyEdit(), QStringLiteral("hopx_live_bad"));
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QTRY_COMPARE(dialog.resultLabel()->text(), QStringLiteral("Invalid key."));
        dialog.keyEdit()->setText(QStringLiteral("  hopx_live_good  "));
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QTRY_COMPARE(dialog.resultLabel()->text(), QStringLiteral("The key works."));
        QCOMPARE(asked,
            (QStringList {QStringLiteral("hopx_live_bad"), QStringLiteral("hopx_live_good")}));

        QSignalSpy changed(&dialog, &ApiKeyDialog::keyChanged);
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toBool(), true);
        QVERIFY(dialog.keyEdit()->text().isEmpty()); // not left on screen
        QTRY_VERIFY(dialog.statusLabel()->text().contains(QStringLiteral("hopx_live_…good")));
        QVERIFY(!hint->isVisible());
        std::optional<QString> stored;
        store.read([&stored](Core::Result<QString> r) { stored = r.ok() ? r.value() : QString(); });
        QTRY_VERIFY(stored.has_value());
        QCOMPARE(*stored, QStringLiteral("hopx_live_good"));

        // Test with an empty field tests the saved key, which never shows up in the dialog.
        QTRY_VERIFY(dialog.testButton()->isEnabled());
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QTRY_COMPARE(asked.size(), 3);
        QCOMPARE(asked.last(), QStringLiteral("hopx_live_good"));
        QVERIFY(dialog.keyEdit()->text().isEmpty());

        QTRY_VERIFY(dialog.removeButton()->isEnabled());
        QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
        QTRY_COMPARE(changed.count(), 2);
        QCOMPARE(changed.at(1).at(0).toBool(), false);
        QTRY_COMPARE(dialog.statusLabel()->text(), QStringLiteral("No key is saved."));
        QVERIFY(
            dialog.resultLabel()->text().contains(QStringLiteral("Local sandboxes keep working")));
    }

    void keychainUnavailableIsExplained()
    {
        Test::FailingKeyStore store;
        store.setFailure(Core::Error::make(
            Core::Error::Code::Unavailable, QStringLiteral("No keychain service is running.")));
        QStringList asked;
        ApiKeyDialog dialog(&store, fakeTester(&asked));
        dialog.show();
        QTRY_COMPARE(
            dialog.statusLabel()->text(), QStringLiteral("No keychain service is running."));
        QTest::keyClicks(dialog.keyEdit(), QStringLiteral("hopx_live_good"));
        QTRY_VERIFY(dialog.saveButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QTRY_COMPARE(
            dialog.resultLabel()->text(), QStringLiteral("No keychain service is running."));
        QCOMPARE(dialog.keyEdit()->text(), QStringLiteral("hopx_live_good")); // kept, not lost
    }

    void withoutKeychainTheKeyCanServeThisSession()
    {
        auto keychain = std::make_unique<Test::FailingKeyStore>();
        keychain->setFailure(Core::Error::make(
            Core::Error::Code::Unavailable, QStringLiteral("No keychain service is running.")));
        Core::SessionKeyStore store(std::move(keychain));
        QSignalSpy changed(&store, &Core::KeyStore::keyChanged);
        QStringList asked;
        ApiKeyDialog dialog(&store, fakeTester(&asked));
        dialog.show();
        QTRY_VERIFY(dialog.sessionButton()->isVisible());
        QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("Use for this session only")),
            qPrintable(dialog.statusLabel()->text()));
        QVERIFY(!dialog.sessionButton()->isEnabled()); // nothing typed yet
        QTest::keyClicks(dialog.keyEdit(), QStringLiteral("hopx_live_session_7777"));
        QTRY_VERIFY(dialog.sessionButton()->isEnabled());
        QTest::mouseClick(dialog.sessionButton(), Qt::LeftButton);
        QTRY_VERIFY(
            dialog.resultLabel()->text().contains(QStringLiteral("until HOPX Desktop quits")));
        QTRY_VERIFY2(dialog.statusLabel()->text().contains(
                         QStringLiteral("this session only: hopx_live_…7777")),
            qPrintable(dialog.statusLabel()->text()));
        QVERIFY(dialog.keyEdit()->text().isEmpty());
        QVERIFY(changed.count() >= 1);
        // Everyone reading the store (providers, the tray) gets the key now.
        std::optional<QString> read;
        store.read([&read](Core::Result<QString> r) { read = r.ok() ? r.value() : QString(); });
        QTRY_VERIFY(read.has_value());
        QCOMPARE(*read, QStringLiteral("hopx_live_session_7777"));
        // Remove forgets it.
        QTRY_VERIFY(dialog.removeButton()->isEnabled());
        QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
        QTRY_VERIFY(!store.hasSessionValue());
        QTRY_VERIFY(dialog.statusLabel()->text().contains(QStringLiteral("No keychain service")));
    }

    void defaultTesterTalksToHopx()
    {
        FakeHopx hopx;
        QNetworkAccessManager nam;
        const Ui::KeyTester tester = Ui::ApiKeyTester::make(&nam, [&hopx] { return hopx.url(); });
        std::optional<std::pair<bool, QString>> result;
        tester(QStringLiteral("hopx_live_good"),
            [&result](bool ok, const QString &m) { result = std::make_pair(ok, m); });
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->first, qPrintable(result->second));
        QVERIFY(hopx.requests.first().startsWith("GET /v1/templates HTTP/1.1\r\n"));

        result.reset();
        tester(QStringLiteral("hopx_live_wrong"),
            [&result](bool ok, const QString &m) { result = std::make_pair(ok, m); });
        QTRY_VERIFY(result.has_value());
        QVERIFY(!result->first);
        QVERIFY2(
            result->second.contains(QStringLiteral("Invalid key")), qPrintable(result->second));

        // Nobody listening: a clear network message, not a hang.
        result.reset();
        const Ui::KeyTester offline =
            Ui::ApiKeyTester::make(&nam, [] { return QUrl(QStringLiteral("http://127.0.0.1:9")); });
        offline(QStringLiteral("k"),
            [&result](bool ok, const QString &m) { result = std::make_pair(ok, m); });
        QTRY_VERIFY(result.has_value());
        QVERIFY(!result->first);
        QVERIFY2(result->second.contains(QStringLiteral("Cannot reach HOPX")),
            qPrintable(result->second));
    }
};

QTEST_MAIN(TestApiKeyDialog)
#include "tst_apikeydialog.moc"
