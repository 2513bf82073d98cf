// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/MemoryKeyStore.h"
#include "ui/Translations.h"
#include "ui/dialogs/ConnectIdeDialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx;
using Core::IdeConfig;
using Ide = IdeConfig::Ide;
using Ui::ConnectIdeDialog;

class TestConnectIdeDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Ui::Translations m_translations;

    IdeConfig config() const
    {
        return IdeConfig(IdeConfig::launchFor(QStringLiteral("/opt/hopx/bin/hopx-mcp")),
            IdeConfig::Paths {m_dir.path(), m_dir.path() + QStringLiteral("/.config")});
    }

private slots:
    void initTestCase()
    {
        m_translations.install(QStringLiteral("en"), QStringLiteral(HOPX_QM_DIR));
    }

    void showsEachIdesExactConfig()
    {
        ConnectIdeDialog dialog(config());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.ideList()->count(), int(IdeConfig::all().size()));
        for (Ide ide : IdeConfig::all()) {
            dialog.selectIde(ide);
            QCOMPARE(dialog.currentIde(), ide);
            const QString snippet = dialog.snippetEdit()->toPlainText();
            QVERIFY2(snippet.contains(QStringLiteral("\"/opt/hopx/bin/hopx-mcp\"")),
                qPrintable(snippet));
            // Codex keeps TOML, Goose YAML; every other IDE JSON.
            if (ide == Ide::Codex)
                QVERIFY2(
                    snippet.startsWith(QLatin1String("[mcp_servers.hopx]")), qPrintable(snippet));
            else if (ide == Ide::Goose)
                QVERIFY2(snippet.startsWith(QLatin1String("extensions:\n  hopx:\n")),
                    qPrintable(snippet));
            else
                QVERIFY(QJsonDocument::fromJson(snippet.toUtf8()).isObject());
            QCOMPARE(snippet.contains(QStringLiteral("\"servers\"")), ide == Ide::VsCode);
            QCOMPARE(dialog.commandEdit()->isVisible(), ide == Ide::ClaudeCode);
            QCOMPARE(dialog.installButton()->isEnabled(), ide != Ide::Generic);
        }
        dialog.selectIde(Ide::ClaudeCode);
        QCOMPARE(dialog.commandEdit()->text(),
            QStringLiteral("claude mcp add --scope user hopx -- /opt/hopx/bin/hopx-mcp"));
        QTest::mouseClick(dialog.copyCommandButton(), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), dialog.commandEdit()->text());

        dialog.selectIde(Ide::ClaudeDesktop);
        QTest::mouseClick(dialog.copyButton(), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), dialog.snippetEdit()->toPlainText());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("idePath"))
                    ->text()
                    .contains(QStringLiteral("claude_desktop_config.json")));
    }

    //! The list says which IDEs are on this computer and which already start us.
    void marksInstalledAndConnectedIdes()
    {
        QDir().mkpath(m_dir.path() + QStringLiteral("/.config/zed"));
        ConnectIdeDialog dialog(config());
        const auto item = [&](Ide ide) {
            return dialog.ideList()->item(IdeConfig::all().indexOf(ide));
        };
        QCOMPARE(item(Ide::Zed)->data(Qt::UserRole + 1).toString(), QStringLiteral("installed"));
        QVERIFY2(item(Ide::Zed)->text().contains(QStringLiteral("installed")),
            qPrintable(item(Ide::Zed)->text()));
        QCOMPARE(item(Ide::Goose)->data(Qt::UserRole + 1).toString(), QString());
        QCOMPARE(item(Ide::Goose)->text(), QStringLiteral("Goose"));
        dialog.selectIde(Ide::Zed);
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        QCOMPARE(item(Ide::Zed)->data(Qt::UserRole + 1).toString(), QStringLiteral("connected"));
        QVERIFY(item(Ide::Zed)->text().contains(QStringLiteral("connected")));
        QDir(m_dir.path() + QStringLiteral("/.config/zed")).removeRecursively();
    }

    //! The Tools choice goes into what is shown, copied and installed; compact writes nothing.
    void theToolProfileGoesIntoTheConfig()
    {
        ConnectIdeDialog dialog(config());
        dialog.show();
        QCOMPARE(dialog.profileBox()->currentData().toString(), QStringLiteral("compact"));
        dialog.selectIde(Ide::ClaudeCode);
        QCOMPARE(dialog.commandEdit()->text(),
            QStringLiteral("claude mcp add --scope user hopx -- /opt/hopx/bin/hopx-mcp"));
        dialog.profileBox()->setCurrentIndex(
            dialog.profileBox()->findData(QStringLiteral("hopx-mcp")));
        QCOMPARE(dialog.commandEdit()->text(),
            QStringLiteral(
                "claude mcp add --scope user hopx -- /opt/hopx/bin/hopx-mcp --tools hopx-mcp"));
        dialog.selectIde(Ide::Cursor);
        QCOMPARE(QJsonDocument::fromJson(dialog.snippetEdit()->toPlainText().toUtf8())
                     .object()
                     .value(QStringLiteral("mcpServers"))
                     .toObject()
                     .value(QStringLiteral("hopx"))
                     .toObject()
                     .value(QStringLiteral("args"))
                     .toArray(),
            QJsonArray({QStringLiteral("--tools"), QStringLiteral("hopx-mcp")}));
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        QFile file(m_dir.path() + QStringLiteral("/.cursor/mcp.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"--tools\", \"hopx-mcp\""));
        file.close();

        // Opened again, a connected IDE shows the profile its config names, not the default;
        // an IDE not connected keeps what was picked.
        ConnectIdeDialog again(config());
        again.show();
        again.selectIde(Ide::Cursor);
        QCOMPARE(again.profileBox()->currentData().toString(), QStringLiteral("hopx-mcp"));
        again.selectIde(Ide::ClaudeDesktop);
        QCOMPARE(again.profileBox()->currentData().toString(), QStringLiteral("hopx-mcp"));
        file.remove();
    }

    void installCreatesMergesAndRefuses()
    {
        ConnectIdeDialog dialog(config());
        dialog.show();
        dialog.selectIde(Ide::Cursor);
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        QVERIFY2(dialog.resultLabel()->text().startsWith(QStringLiteral("Created")),
            qPrintable(dialog.resultLabel()->text()));
        // Cursor needs no restart (it picks the server up in its settings, as the text above
        // says): the result does not tell every IDE to restart.
        QVERIFY2(!dialog.resultLabel()->text().contains(QStringLiteral("Restart")),
            qPrintable(dialog.resultLabel()->text()));
        const QString cursor = m_dir.path() + QStringLiteral("/.cursor/mcp.json");
        QFile file(cursor);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(file.readAll())
                     .object()
                     .value(QStringLiteral("mcpServers"))
                     .toObject()
                     .value(QStringLiteral("hopx"))
                     .toObject()
                     .value(QStringLiteral("command"))
                     .toString(),
            QStringLiteral("/opt/hopx/bin/hopx-mcp"));
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        QVERIFY2(dialog.resultLabel()->text().contains(QStringLiteral("already set up")),
            qPrintable(dialog.resultLabel()->text()));

        // VS Code's file has comments: refused, untouched.
        const QString vscode = m_dir.path() + QStringLiteral("/.config/Code/User/mcp.json");
        QDir().mkpath(QFileInfo(vscode).absolutePath());
        QFile v(vscode);
        QVERIFY(v.open(QIODevice::WriteOnly));
        v.write("{ // mine\n \"servers\": {} }");
        v.close();
        dialog.selectIde(Ide::VsCode);
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        QVERIFY2(dialog.resultLabel()->text().contains(QStringLiteral("not valid JSON")),
            qPrintable(dialog.resultLabel()->text()));
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("{ // mine\n \"servers\": {} }"));
    }

    // Kilo Code: kilo.jsonc, and the old extension's file where the user has one, said so.
    void installTellsOfKilosSecondFile()
    {
        const QString old = m_dir.path()
            + QStringLiteral("/.config/Code/User/globalStorage/kilocode.kilo-code/settings/"
                             "mcp_settings.json");
        QDir().mkpath(QFileInfo(old).absolutePath());
        QFile f(old);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"mcpServers\": {}}");
        f.close();
        ConnectIdeDialog dialog(config());
        dialog.show();
        dialog.selectIde(Ide::KiloCode);
        QTest::mouseClick(dialog.installButton(), Qt::LeftButton);
        const QString text = dialog.resultLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("/.config/kilo/kilo.jsonc")), qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("Kilo Code also reads %1").arg(old)), qPrintable(text));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("/opt/hopx/bin/hopx-mcp"));
    }

    // IDE configs that still start the Python server: the window says so and moves them.
    void offersTheMoveFromThePythonServer()
    {
        const QString gemini = m_dir.path() + QStringLiteral("/.gemini/settings.json");
        QDir().mkpath(QFileInfo(gemini).absolutePath());
        QFile g(gemini);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(R"({"mcpServers": {"hopx-sandbox": {"command": "uvx", "args": ["hopx-mcp"],)"
                R"( "env": {"HOPX_API_KEY": "hopx_live_moved"}}}})");
        g.close();
        Core::MemoryKeyStore store;
        ConnectIdeDialog dialog(config());
        dialog.setKeyStore(&store);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.migrateButton()->isVisible());
        QVERIFY2(dialog.legacyLabel()->text().contains(QStringLiteral("Gemini CLI")),
            qPrintable(dialog.legacyLabel()->text()));
        QTest::mouseClick(dialog.migrateButton(), Qt::LeftButton);
        QTRY_VERIFY2(dialog.resultLabel()->text().contains(QStringLiteral("replaced hopx-sandbox")),
            qPrintable(dialog.resultLabel()->text()));
        QVERIFY(dialog.resultLabel()->text().contains(QStringLiteral("now in the keychain")));
        QVERIFY(!dialog.migrateButton()->isVisible());
        QVERIFY(g.open(QIODevice::ReadOnly));
        const QByteArray after = g.readAll();
        QVERIFY(!after.contains("hopx_live_moved"));
        QVERIFY(after.contains("/opt/hopx/bin/hopx-mcp"));
    }
};

QTEST_MAIN(TestConnectIdeDialog)
#include "tst_connectidedialog.moc"
