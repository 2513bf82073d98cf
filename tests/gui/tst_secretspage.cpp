// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Settings → Secrets: a secret saved from the form lands in the store (value in the keychain
// only, never shown again in any widget), bad input is refused with a sentence, the test button
// reads the keychain, removing revokes. English and Simplified Chinese, each grabbed to
// build/screenshots/settings-secrets-<lang>.png to be looked at.
#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/SecretStore.h"
#include "core/settings/Settings.h"
#include "ui/Translations.h"
#include "ui/settings/SecretsPage.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Hopx;
using Core::SecretStore;

class TestSecretsPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    //! Every text a widget under \a root shows (labels, fields, list cells).
    static QStringList shownTexts(QWidget *root)
    {
        QStringList out;
        for (QLabel *l : root->findChildren<QLabel *>())
            out << l->text();
        for (QLineEdit *e : root->findChildren<QLineEdit *>())
            if (e->echoMode() == QLineEdit::Normal)
                out << e->text();
        for (QTreeWidget *t : root->findChildren<QTreeWidget *>())
            for (int i = 0; i < t->topLevelItemCount(); ++i)
                for (int c = 0; c < t->columnCount(); ++c)
                    out << t->topLevelItem(i)->text(c);
        return out;
    }

private slots:
    void saveTestRemove_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void saveTestRemove()
    {
        QFETCH(QString, lang);
        Ui::Translations translations;
        translations.install(lang, QStringLiteral(HOPX_QM_DIR));
        Core::Settings settings(m_dir.filePath(lang + QStringLiteral(".ini")), nullptr);
        Core::MemoryKeyStore keys;
        SecretStore store(&settings, &keys);
        Ui::SecretsPage page(&store);
        page.resize(640, 480);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QString value = QStringLiteral("ghp_value_never_shown_51c2");

        // Bad hosts: a sentence, nothing stored, the value still typed.
        page.nameEdit()->setText(QStringLiteral("GITHUB_TOKEN"));
        page.hostsEdit()->setText(QStringLiteral("https://api.github.com/"));
        page.valueEdit()->setText(value);
        QTest::mouseClick(page.saveButton(), Qt::LeftButton);
        QVERIFY(!page.messageLabel()->text().isEmpty());
        QVERIFY(store.list().isEmpty());

        QSignalSpy changed(&store, &SecretStore::changed);
        page.hostsEdit()->setText(QStringLiteral("api.github.com, *.githubusercontent.com"));
        QTest::mouseClick(page.saveButton(), Qt::LeftButton);
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(store.list().size(), 1);
        QCOMPARE(store.list().first().hosts,
            QStringList(
                {QStringLiteral("api.github.com"), QStringLiteral("*.githubusercontent.com")}));
        QVERIFY(page.valueEdit()->text().isEmpty()); // typed once, then gone from the form
        QTRY_COMPARE(page.list()->topLevelItemCount(), 1);
        QCOMPARE(page.list()->topLevelItem(0)->text(0), QStringLiteral("GITHUB_TOKEN"));

        // Selecting it fills the form again, without the value.
        page.list()->setCurrentItem(page.list()->topLevelItem(0));
        QCOMPARE(
            page.hostsEdit()->text(), QStringLiteral("api.github.com, *.githubusercontent.com"));
        QVERIFY(page.valueEdit()->text().isEmpty());
        QTest::mouseClick(page.testButton(), Qt::LeftButton);
        QTRY_VERIFY(page.messageLabel()->text().contains(QLatin1String("GITHUB_TOKEN")));
        for (const QString &text : shownTexts(&page))
            QVERIFY2(!text.contains(value), qPrintable(text));

        QDir().mkpath(QStringLiteral(HOPX_SCREENSHOT_DIR));
        QTest::qWait(100);
        QVERIFY(page.grab().save(QStringLiteral(HOPX_SCREENSHOT_DIR "/settings-secrets-") + lang
            + QStringLiteral(".png")));

        QSignalSpy revoked(&store, &SecretStore::revoked);
        QTest::mouseClick(page.removeButton(), Qt::LeftButton);
        QCOMPARE(revoked.count(), 1); // at once, before the keychain answers
        QTRY_COMPARE(page.list()->topLevelItemCount(), 0);
        QVERIFY(store.list().isEmpty());
    }
};

QTEST_MAIN(TestSecretsPage)
#include "tst_secretspage.moc"
