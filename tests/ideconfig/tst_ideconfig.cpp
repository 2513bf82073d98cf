// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfig.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx::Core;
using Hopx::Test::readFile;
using Hopx::Test::writeFile;
using Ide = IdeConfig::Ide;

Q_DECLARE_METATYPE(IdeConfig::Ide)

class TestIdeConfig : public QObject
{
    Q_OBJECT

    static constexpr const char *kBridge = "/opt/hopx desktop/bin/hopx-mcp";

    QTemporaryDir m_dir;

    IdeConfig config() const
    {
        return IdeConfig(IdeConfig::Launch {QLatin1String(kBridge), {}},
            IdeConfig::Paths {m_dir.path() + QStringLiteral("/home"),
                m_dir.path() + QStringLiteral("/home/.config")});
    }
    static QJsonObject json(const QString &path)
    {
        return QJsonDocument::fromJson(readFile(path)).object();
    }
    QStringList backups(const QString &path) const
    {
        const QFileInfo fi(path);
        return QDir(fi.absolutePath())
            .entryList({fi.fileName() + QStringLiteral(".hopx-backup-*")}, QDir::Files);
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path() + QStringLiteral("/home"));
    }

    void paths()
    {
        const IdeConfig c = config();
        const QString home = m_dir.path() + QStringLiteral("/home");
        QCOMPARE(c.configPath(Ide::ClaudeDesktop),
            home + QStringLiteral("/.config/Claude/claude_desktop_config.json"));
        QCOMPARE(c.configPath(Ide::Cursor), home + QStringLiteral("/.cursor/mcp.json"));
        QCOMPARE(c.configPath(Ide::VsCode), home + QStringLiteral("/.config/Code/User/mcp.json"));
        QCOMPARE(c.configPath(Ide::ClaudeCode), home + QStringLiteral("/.claude.json"));
        QCOMPARE(c.configPath(Ide::Windsurf),
            home + QStringLiteral("/.codeium/windsurf/mcp_config.json"));
        QCOMPARE(c.configPath(Ide::QwenCode), home + QStringLiteral("/.qwen/settings.json"));
        QCOMPARE(c.configPath(Ide::Cline),
            home + QStringLiteral("/.cline/data/settings/cline_mcp_settings.json"));
        IdeConfig::Paths clineDir = c.paths(); // $CLINE_DIR
        clineDir.clineDir = QStringLiteral("/srv/cline");
        QCOMPARE(IdeConfig(c.launch(), clineDir).configPath(Ide::Cline),
            QStringLiteral("/srv/cline/data/settings/cline_mcp_settings.json"));
        // Kilo 7 (its CLI, and its VS Code extension, which runs the CLI); the extension's old
        // file is its secondFile() (tst_ideconfigformats).
        QCOMPARE(c.configPath(Ide::KiloCode), home + QStringLiteral("/.config/kilo/kilo.jsonc"));
        QCOMPARE(c.configPath(Ide::CopilotCli), home + QStringLiteral("/.copilot/mcp-config.json"));
        QVERIFY(c.configPath(Ide::Generic).isEmpty());
        QVERIFY(!c.install(Ide::Generic).ok());
    }

    void snippets()
    {
        const IdeConfig c = config();
        const QJsonObject desktop =
            QJsonDocument::fromJson(c.snippet(Ide::ClaudeDesktop).toUtf8()).object();
        QCOMPARE(desktop,
            (QJsonObject {{QStringLiteral("mcpServers"),
                QJsonObject {{QStringLiteral("hopx"),
                    QJsonObject {{QStringLiteral("command"), QLatin1String(kBridge)},
                        {QStringLiteral("args"), QJsonArray()}}}}}}));
        QCOMPARE(QJsonDocument::fromJson(c.snippet(Ide::Cursor).toUtf8()).object(), desktop);
        const QJsonObject vscode =
            QJsonDocument::fromJson(c.snippet(Ide::VsCode).toUtf8()).object();
        QCOMPARE(vscode,
            (QJsonObject {{QStringLiteral("servers"),
                QJsonObject {{QStringLiteral("hopx"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("stdio")},
                        {QStringLiteral("command"), QLatin1String(kBridge)},
                        {QStringLiteral("args"), QJsonArray()}}}}}}));
        // The path has a space: the shell command quotes it.
        QCOMPARE(c.command(Ide::ClaudeCode),
            QStringLiteral("claude mcp add --scope user hopx -- '/opt/hopx desktop/bin/hopx-mcp'"));
        QVERIFY(c.command(Ide::Cursor).isEmpty());
        for (Ide same : {Ide::Windsurf, Ide::QwenCode, Ide::Cline})
            QCOMPARE(QJsonDocument::fromJson(c.snippet(same).toUtf8()).object(), desktop);
        // Kilo reads opencode's shape: the command and its arguments in one array.
        QCOMPARE(QJsonDocument::fromJson(c.snippet(Ide::KiloCode).toUtf8()).object(),
            QJsonDocument::fromJson(c.snippet(Ide::OpenCode).toUtf8()).object());
        // Copilot CLI: a local server, and the tools it may call (none unless listed).
        QCOMPARE(QJsonDocument::fromJson(c.snippet(Ide::CopilotCli).toUtf8()).object(),
            (QJsonObject {{QStringLiteral("mcpServers"),
                QJsonObject {{QStringLiteral("hopx"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("local")},
                        {QStringLiteral("command"), QLatin1String(kBridge)},
                        {QStringLiteral("args"), QJsonArray()},
                        {QStringLiteral("tools"), QJsonArray {QStringLiteral("*")}}}}}}}));
    }

    void readableText()
    {
        // What the dialog shows and what lands in the files: the shape IDE docs use.
        QCOMPARE(config().snippet(Ide::ClaudeDesktop),
            QStringLiteral("{\n"
                           "  \"mcpServers\": {\n"
                           "    \"hopx\": {\n"
                           "      \"command\": \"/opt/hopx desktop/bin/hopx-mcp\",\n"
                           "      \"args\": []\n"
                           "    }\n"
                           "  }\n"
                           "}"));
        // Anything a user's file holds survives the trip.
        const QJsonObject odd {
            {QStringLiteral("a"),
                QJsonArray {1, QJsonObject {{QStringLiteral("b"), QJsonValue::Null}}, QJsonArray(),
                    QStringLiteral("x\"y\\z\n")}},
            {QStringLiteral("e"), QJsonObject()}, {QStringLiteral("u"), QStringLiteral("é中")},
            {QStringLiteral("t"), true},
            {QStringLiteral("long"),
                QJsonArray {QString(40, QLatin1Char('a')), QString(40, QLatin1Char('b'))}},
            {QStringLiteral("n"), -1.5e-7}};
        QVERIFY(!odd.isEmpty());
        QCOMPARE(QJsonDocument::fromJson(IdeConfig::toText(odd).toUtf8()).object(), odd);
    }

    void flatpakLaunch()
    {
        qputenv("FLATPAK_ID", "dev.hopx.Desktop");
        const IdeConfig::Launch l = IdeConfig::launchFor(QStringLiteral("/app/bin/hopx-mcp"));
        qunsetenv("FLATPAK_ID");
        QCOMPARE(l.command, QStringLiteral("flatpak"));
        QCOMPARE(l.args,
            (QStringList {QStringLiteral("run"), QStringLiteral("--command=hopx-mcp"),
                QStringLiteral("dev.hopx.Desktop")}));
        QCOMPARE(IdeConfig::launchFor(QStringLiteral("/usr/bin/hopx-mcp")).command,
            QStringLiteral("/usr/bin/hopx-mcp"));
    }

    void missingFileIsCreated_data()
    {
        QTest::addColumn<Ide>("ide");
        QTest::newRow("claude-desktop") << Ide::ClaudeDesktop;
        QTest::newRow("cursor") << Ide::Cursor;
        QTest::newRow("vscode") << Ide::VsCode;
        QTest::newRow("claude-code") << Ide::ClaudeCode;
    }
    void missingFileIsCreated()
    {
        QFETCH(Ide, ide);
        const IdeConfig c = config();
        const QString path = c.configPath(ide);
        QVERIFY(!QFile::exists(path));
        const auto r = c.install(ide);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(r.value().outcome, IdeConfig::Outcome::Created);
        QVERIFY(r.value().backupPath.isEmpty());
        const QJsonObject root = json(path);
        QCOMPARE(root.value(IdeConfig::containerKey(ide))
                     .toObject()
                     .value(QStringLiteral("hopx"))
                     .toObject(),
            c.serverEntry(ide));
        // IDE configs may carry keys: a new one is private.
        QCOMPARE(QFile::permissions(path) & (QFileDevice::ReadOther | QFileDevice::ReadGroup),
            QFileDevice::Permissions());
    }

    void emptyFileIsFilled()
    {
        const IdeConfig c = config();
        const QString path = c.configPath(Ide::Cursor);
        writeFile(path, "  \n");
        const auto r = c.install(Ide::Cursor);
        QVERIFY(r.ok());
        QCOMPARE(r.value().outcome, IdeConfig::Outcome::Added);
        QCOMPARE(readFile(r.value().backupPath), QByteArray("  \n"));
        QVERIFY(json(path)
                    .value(QStringLiteral("mcpServers"))
                    .toObject()
                    .contains(QStringLiteral("hopx")));
    }

    void invalidFileIsNeverTouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("truncated") << QByteArray("{\"mcpServers\": {");
        QTest::newRow("comments (jsonc)")
            << QByteArray("{\n  // my servers\n  \"servers\": {}\n}\n");
        QTest::newRow("array") << QByteArray("[1, 2]");
        QTest::newRow("servers not an object") << QByteArray("{\"servers\": [\"x\"]}");
    }
    void invalidFileIsNeverTouched()
    {
        QFETCH(QByteArray, content);
        const IdeConfig c = config();
        const QString path = c.configPath(Ide::VsCode);
        writeFile(path, content);
        const auto r = c.install(Ide::VsCode);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::InvalidArgument);
        QVERIFY2(r.error().message.contains(QStringLiteral("did not change")),
            qPrintable(r.error().message));
        QCOMPARE(readFile(path), content);
        QVERIFY(backups(path).isEmpty());
    }

    void populatedFileKeepsEverythingElse()
    {
        const IdeConfig c = config();
        const QString path = c.configPath(Ide::ClaudeDesktop);
        const QByteArray before = R"({
  "globalShortcut": "Ctrl+Space",
  "mcpServers": {
    "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"]},
    "github": {"command": "docker", "args": ["run", "-i", "ghcr.io/github/github-mcp-server"],
               "env": {"GITHUB_TOKEN": "secret"}}
  }
})";
        writeFile(path, before);
        QFile::setPermissions(
            path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup);
        const QJsonObject original = QJsonDocument::fromJson(before).object();
        const auto r = c.install(Ide::ClaudeDesktop);
        QVERIFY(r.ok());
        QCOMPARE(r.value().outcome, IdeConfig::Outcome::Added);
        QCOMPARE(readFile(r.value().backupPath), before);
        const QJsonObject after = json(path);
        QCOMPARE(after.value(QStringLiteral("globalShortcut")),
            original.value(QStringLiteral("globalShortcut")));
        const QJsonObject servers = after.value(QStringLiteral("mcpServers")).toObject();
        QCOMPARE(servers.size(), 3);
        QCOMPARE(servers.value(QStringLiteral("filesystem")),
            original.value(QStringLiteral("mcpServers"))
                .toObject()
                .value(QStringLiteral("filesystem")));
        QCOMPARE(servers.value(QStringLiteral("github")),
            original.value(QStringLiteral("mcpServers"))
                .toObject()
                .value(QStringLiteral("github")));
        QCOMPARE(
            servers.value(QStringLiteral("hopx")).toObject(), c.serverEntry(Ide::ClaudeDesktop));
        QCOMPARE(QFile::permissions(path) & QFileDevice::ReadGroup, QFileDevice::ReadGroup); // kept
    }

    void existingEntryOfOursIsUpdatedKeepingUserKeys()
    {
        const IdeConfig c = config();
        const QString path = c.configPath(Ide::Cursor);
        writeFile(path,
            R"({"mcpServers": {"hopx": {"command": "/old/place/hopx-mcp", "args": ["--wait", "5"],
                        "env": {"HOPX_API_KEY": "k"}}, "other": {"command": "x"}}})");
        const auto r = c.install(Ide::Cursor);
        QVERIFY(r.ok());
        QCOMPARE(r.value().outcome, IdeConfig::Outcome::Updated);
        QVERIFY(!r.value().backupPath.isEmpty());
        const QJsonObject servers = json(path).value(QStringLiteral("mcpServers")).toObject();
        const QJsonObject hopx = servers.value(QStringLiteral("hopx")).toObject();
        QCOMPARE(hopx.value(QStringLiteral("command")).toString(), QLatin1String(kBridge));
        QCOMPARE(hopx.value(QStringLiteral("args")).toArray(), QJsonArray());
        QCOMPARE(hopx.value(QStringLiteral("env"))
                     .toObject()
                     .value(QStringLiteral("HOPX_API_KEY"))
                     .toString(),
            QStringLiteral("k"));
        QVERIFY(servers.contains(QStringLiteral("other")));

        // Installing again changes nothing and writes no second backup.
        const QByteArray now = readFile(path);
        const auto again = c.install(Ide::Cursor);
        QVERIFY(again.ok());
        QCOMPARE(again.value().outcome, IdeConfig::Outcome::Unchanged);
        QCOMPARE(readFile(path), now);
        QCOMPARE(backups(path).size(), 1);
    }

    void symlinkedConfigStaysALink()
    {
        const IdeConfig c = config();
        const QString real = m_dir.path() + QStringLiteral("/dotfiles/claude.json");
        writeFile(real, R"({"numStartups": 12, "mcpServers": {}})");
        QVERIFY(QFile::link(real, c.configPath(Ide::ClaudeCode)));
        const auto r = c.install(Ide::ClaudeCode);
        QVERIFY(r.ok());
        QVERIFY(QFileInfo(c.configPath(Ide::ClaudeCode)).isSymLink());
        QCOMPARE(json(real).value(QStringLiteral("numStartups")).toInt(), 12);
        QVERIFY(json(real)
                    .value(QStringLiteral("mcpServers"))
                    .toObject()
                    .contains(QStringLiteral("hopx")));
    }
};

QTEST_GUILESS_MAIN(TestIdeConfig)
#include "tst_ideconfig.moc"
