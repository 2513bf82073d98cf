// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The move from the Python hopx-mcp: real config files of each IDE, with other servers, on
// each platform's paths (the platform is a parameter, so macOS and Windows are tested here);
// every byte outside the replaced entries stays; the key goes to the keychain (a memory one,
// and the real Secret Service inside tests/with-keyring.sh); a second run changes nothing.
#include "core/ide/IdeConfigJsonc.h"
#include "core/ide/IdeConfigMigration.h"
#include "core/ide/IdeConfigToml.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/QtKeychainStore.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Hopx::Core;
using Hopx::Test::readFile;
using Hopx::Test::writeFile;
using Ide = IdeConfig::Ide;
using Platform = IdeConfig::Platform;

namespace {

constexpr const char *kBridge = "/opt/hopx desktop/bin/hopx-mcp";
constexpr const char *kKey = "hopx_live_0123456789abcdef";

//! A config file as text pieces: what must stay, and the entries the move replaces.
struct Sample
{
    QList<QByteArray> kept; // kept[0] entry[0] kept[1] entry[1] ... kept[n]
    QList<QByteArray> entries;
    QStringList servers;
    QByteArray text() const
    {
        QByteArray out;
        for (qsizetype i = 0; i < kept.size(); ++i)
            out += kept[i] + (i < entries.size() ? entries[i] : QByteArray());
        return out;
    }
};

const QByteArray kLegacy = R"({
      "command": "uvx",
      "args": ["hopx-mcp"],
      "env": {
        "HOPX_API_KEY": "hopx_live_0123456789abcdef",
        "LOG_LEVEL": "info"
      }
    })";

// Realistic files: each IDE's documented shape, other servers and settings around ours.
Sample sample(Ide ide)
{
    switch (ide) {
    case Ide::ClaudeDesktop:
        return {{R"({
  "globalShortcut": "Ctrl+Space",
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Desktop"]
    },
    "hopx-sandbox": )",
                    "\n  }\n}\n"},
            {kLegacy}, {QStringLiteral("hopx-sandbox")}};
    case Ide::Cursor:
        return {{"{\n    \"mcpServers\": {\n        \"hopx\": ",
                    ",\n        \"github\": {\"url\": \"https://api.githubcopilot.com/mcp/\"}\n    "
                    "}\n}"},
            {R"({"command": "uvx", "args": ["hopx-mcp@0.2.1"], "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"}})"},
            {QStringLiteral("hopx")}};
    case Ide::VsCode:
        return {{R"({
  "inputs": [],
  "servers": {
    "playwright": {"type": "stdio", "command": "npx", "args": ["@playwright/mcp@latest"]},
    "hopx-sandbox": )",
                    "\n  }\n}\n"},
            {R"({
      "type": "stdio",
      "command": "uvx",
      "args": ["--from", "hopx-mcp", "hopx-mcp"],
      "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"}
    })"},
            {QStringLiteral("hopx-sandbox")}};
    case Ide::ClaudeCode:
        return {{R"({
  "numStartups": 12,
  "mcpServers": {
    "hopx-sandbox": )",
                    R"(
  },
  "projects": {
    "/home/me/app": {
      "allowedTools": [],
      "mcpServers": {
        "context7": {"type": "http", "url": "https://mcp.context7.com/mcp"},
        "hopx": )",
                    "\n      }\n    }\n  }\n}\n"},
            {kLegacy,
                R"({"type": "stdio", "command": "/home/me/.local/bin/hopx-mcp", "args": [], "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"}})"},
            {QStringLiteral("hopx-sandbox"), QStringLiteral("hopx")}};
    case Ide::GeminiCli:
        return {
            {R"({
  "theme": "GitHub",
  "mcpServers": {
    "hopx-sandbox": )",
                ",\n    \"git\": {\"command\": \"uvx\", \"args\": [\"mcp-server-git\"]}\n  }\n}\n"},
            {R"({
      "command": "uvx",
      "args": ["hopx-mcp"],
      "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"},
      "timeout": 30000,
      "trust": false
    })"},
            {QStringLiteral("hopx-sandbox")}};
    case Ide::Codex:
        return {{R"(# Codex configuration
model = "o4-mini"

[mcp_servers.docs]
command = "npx"
args = ["-y", "mcp-docs"]

)",
                    R"(
[profiles.fast]
model = "gpt-4.1"
)"},
            {R"([mcp_servers.hopx-sandbox]
command = "uvx"
args = ["hopx-mcp"]
startup_timeout_sec = 20

[mcp_servers.hopx-sandbox.env]
HOPX_API_KEY = "hopx_live_0123456789abcdef"
LOG_LEVEL = "info"
)"},
            {QStringLiteral("hopx-sandbox")}};
    case Ide::Windsurf:
    case Ide::QwenCode:
        // Cursor's shape, which both document (Qwen Code is Gemini CLI's).
        return {{"{\n  \"mcpServers\": {\n    \"hopx\": ",
                    ",\n    \"fetch\": {\"command\": \"uvx\", \"args\": [\"mcp-server-fetch\"]}\n  "
                    "}\n}\n"},
            {kLegacy}, {QStringLiteral("hopx")}};
    case Ide::Cline:
        // The extensions' own keys on each server (disabled, autoApprove) stay.
        return {{"{\n  \"mcpServers\": {\n    \"hopx-sandbox\": ", "\n  }\n}\n"}, {R"({
      "command": "uvx",
      "args": ["hopx-mcp"],
      "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"},
      "disabled": false,
      "autoApprove": ["health"]
    })"},
            {QStringLiteral("hopx-sandbox")}};
    case Ide::CopilotCli:
        return {{"{\n  \"mcpServers\": {\n    \"hopx\": ", "\n  }\n}\n"},
            {R"({"type": "local", "command": "uvx", "args": ["hopx-mcp"], "tools": ["*"], "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"}})"},
            {QStringLiteral("hopx")}};
    case Ide::Zed:
        // Zed's own first lines, "source" as its UI writes it, trailing commas.
        return {
            {"// Zed settings\n{\n  \"theme\": \"One Dark\", // mine\n  \"context_servers\": {\n"
             "    \"hopx\": ",
                ",\n    \"postgres\": {\"command\": \"npx\", \"args\": [\"pg-mcp\"]},\n  },\n}\n"},
            {R"({
      "source": "custom",
      "command": "uvx",
      "args": ["hopx-mcp"],
      "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef", "LOG_LEVEL": "info"}
    })"},
            {QStringLiteral("hopx")}};
    case Ide::JetBrains:
    case Ide::Continue:
        // Claude Desktop's shape: JetBrains' global mcp.json, and a JSON file in Continue's
        // mcpServers folder (which takes that shape).
        return {{"{\n  \"mcpServers\": {\n    \"hopx\": ", "\n  }\n}\n"}, {kLegacy},
            {QStringLiteral("hopx")}};
    case Ide::OpenCode:
    case Ide::KiloCode:
        // opencode's shape, which the Kilo CLI 7 reads too: one command array, "environment".
        return {{"{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  // servers\n  \"mcp\": "
                 "{\n    \"hopx-sandbox\": ",
                    ",\n    \"fetch\": {\"type\": \"local\", \"command\": [\"uvx\", "
                    "\"mcp-server-fetch\"]},\n  },\n}\n"},
            {R"({
      "type": "local",
      "command": ["uvx", "hopx-mcp"],
      "environment": {"HOPX_API_KEY": "hopx_live_0123456789abcdef", "LOG_LEVEL": "info"},
      "enabled": true,
      "timeout": 30000
    })"},
            {QStringLiteral("hopx-sandbox")}};
    case Ide::Goose: // YAML: tst_ideconfigmigrationshapes
    case Ide::Generic:
        break;
    }
    return {};
}

template<typename T>
std::optional<T> waitFor(std::function<void(std::function<void(T)>)> start)
{
    std::optional<T> out;
    start([&out](T v) { out.emplace(std::move(v)); });
    (void)QTest::qWaitFor([&out] { return out.has_value(); }, 20000);
    return out;
}

} // namespace

class TestIdeConfigMigration : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    IdeConfig config(Platform platform) const
    {
        IdeConfig::Paths paths;
        paths.home = m_dir.path() + QStringLiteral("/home");
        paths.configHome = paths.home + QStringLiteral("/.config");
        paths.appData = paths.home + QStringLiteral("/AppData/Roaming");
        paths.platform = platform;
        return IdeConfig(IdeConfig::Launch {QLatin1String(kBridge), {}}, paths);
    }

    static IdeConfigMigration::Report migrate(const IdeConfig &c, KeyStore *store)
    {
        const auto r = waitFor<IdeConfigMigration::Report>(
            [&](auto done) { IdeConfigMigration(c).run(store, done); });
        return r.value_or(IdeConfigMigration::Report {});
    }

    static QStringList backups(const QString &path)
    {
        const QFileInfo info(path);
        return QDir(info.absolutePath())
            .entryList(
                {info.fileName() + QStringLiteral(".hopx-backup-*")}, QDir::Files | QDir::Hidden);
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path() + QStringLiteral("/home")).removeRecursively();
    }

    void locationsPerPlatform_data()
    {
        QTest::addColumn<int>("platform");
        QTest::addColumn<int>("ide");
        QTest::addColumn<QString>("path");
        const QString roaming = QStringLiteral("AppData/Roaming/");
        const QString support = QStringLiteral("Library/Application Support/");
        QTest::newRow("claude desktop, linux") << int(Platform::Linux) << int(Ide::ClaudeDesktop)
                                               << ".config/Claude/claude_desktop_config.json";
        QTest::newRow("claude desktop, macos") << int(Platform::MacOS) << int(Ide::ClaudeDesktop)
                                               << support + "Claude/claude_desktop_config.json";
        QTest::newRow("claude desktop, windows")
            << int(Platform::Windows) << int(Ide::ClaudeDesktop)
            << roaming + "Claude/claude_desktop_config.json";
        QTest::newRow("vs code, linux")
            << int(Platform::Linux) << int(Ide::VsCode) << ".config/Code/User/mcp.json";
        QTest::newRow("vs code, macos")
            << int(Platform::MacOS) << int(Ide::VsCode) << support + "Code/User/mcp.json";
        QTest::newRow("vs code, windows")
            << int(Platform::Windows) << int(Ide::VsCode) << roaming + "Code/User/mcp.json";
        for (Platform p : {Platform::Linux, Platform::MacOS, Platform::Windows}) {
            const QByteArray os = p == Platform::Linux ? "linux"
                : p == Platform::MacOS                 ? "macos"
                                                       : "windows";
            QTest::newRow(QByteArray("cursor, " + os).constData())
                << int(p) << int(Ide::Cursor) << ".cursor/mcp.json";
            QTest::newRow(QByteArray("claude code, " + os).constData())
                << int(p) << int(Ide::ClaudeCode) << ".claude.json";
            QTest::newRow(QByteArray("gemini, " + os).constData())
                << int(p) << int(Ide::GeminiCli) << ".gemini/settings.json";
            QTest::newRow(QByteArray("codex, " + os).constData())
                << int(p) << int(Ide::Codex) << ".codex/config.toml";
        }
    }

    void locationsPerPlatform()
    {
        QFETCH(int, platform);
        QFETCH(int, ide);
        QFETCH(QString, path);
        QCOMPARE(config(Platform(platform)).configPath(Ide(ide)),
            m_dir.path() + QStringLiteral("/home/") + path);
    }

    void recognisesThePythonServer()
    {
        const QString ours = QLatin1String(kBridge);
        const auto legacy = [&ours](const QString &command, const QStringList &args) {
            return IdeConfigMigration::isLegacy(command, args, ours);
        };
        QVERIFY(legacy("uvx", {"hopx-mcp"}));
        QVERIFY(legacy("/usr/bin/uvx", {"hopx-mcp@0.2.1"}));
        QVERIFY(legacy("uvx", {"--python", "3.12", "--from", "hopx-mcp==0.2.0", "hopx-mcp"}));
        QVERIFY(legacy("uv", {"tool", "run", "hopx-mcp"}));
        QVERIFY(legacy("pipx", {"run", "hopx-mcp"}));
        QVERIFY(legacy("/home/me/.local/bin/hopx-mcp", {}));
        QVERIFY(legacy("C:\\Users\\me\\.local\\bin\\hopx-mcp.exe", {}));
        QVERIFY(!legacy(ours, {}));
        QVERIFY(!legacy("uvx", {"hopx-mcp-tools"}));
        QVERIFY(!legacy("npx", {"-y", "@modelcontextprotocol/server-filesystem"}));
        QVERIFY(!legacy("flatpak", {"run", "--command=hopx-mcp", "ai.hopx.Desktop"}));
    }

    void movesEachIde_data()
    {
        QTest::addColumn<int>("platform");
        QTest::addColumn<int>("ide");
        for (Platform p : {Platform::Linux, Platform::MacOS, Platform::Windows}) {
            const QByteArray os = p == Platform::Linux ? "linux"
                : p == Platform::MacOS                 ? "macos"
                                                       : "windows";
            for (Ide ide : IdeConfig::all()) {
                // Every IDE but Goose, whose YAML tst_ideconfigmigrationshapes moves.
                if (ide != Ide::Goose && ide != Ide::Generic)
                    QTest::newRow(
                        QByteArray(IdeConfig::displayName(ide).toUtf8() + ", " + os).constData())
                        << int(p) << int(ide);
            }
        }
    }

    void movesEachIde()
    {
        QFETCH(int, platform);
        QFETCH(int, ide);
        const IdeConfig c = config(Platform(platform));
        const Ide which = Ide(ide);
        const Sample s = sample(which);
        const QString path = c.configPath(which);
        writeFile(path, s.text());
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);

        MemoryKeyStore store;
        const auto report = migrate(c, &store);
        QCOMPARE(report.changes.size(), 1);
        QCOMPARE(report.changes[0].servers, s.servers);
        QVERIFY(report.changes[0].keyRemoved);
        QVERIFY(report.keyMoved);
        QVERIFY2(report.text().contains(s.servers.first()), qPrintable(report.text()));
        const auto key = waitFor<Result<QString>>([&](auto done) { store.read(done); });
        QCOMPARE(key->value(), QLatin1String(kKey));

        // Byte for byte outside the entries; each entry now ours, the user's settings kept.
        const QByteArray after = readFile(path);
        QVERIFY(!after.contains(kKey));
        // opencode and Kilo: the command and its arguments in one array, the variables in
        // "environment".
        const bool array = which == Ide::OpenCode || which == Ide::KiloCode;
        const QString envKey = array ? QStringLiteral("environment") : QStringLiteral("env");
        qsizetype pos = 0;
        for (qsizetype i = 0; i < s.kept.size(); ++i) {
            QCOMPARE(after.mid(pos, s.kept[i].size()), s.kept[i]);
            pos += s.kept[i].size();
            if (i == s.entries.size())
                break;
            const qsizetype next = i + 1 < s.kept.size() && !s.kept[i + 1].isEmpty()
                ? after.indexOf(s.kept[i + 1], pos)
                : after.size();
            QVERIFY(next > pos);
            const QByteArray entry = after.mid(pos, next - pos);
            if (which == Ide::Codex) {
                QCOMPARE(entry,
                    QByteArray("[mcp_servers.hopx-sandbox]\ncommand = \"/opt/hopx "
                               "desktop/bin/hopx-mcp\"\nargs = [\"--tools\", \"hopx-mcp\"]\nenv = "
                               "{ LOG_LEVEL = \"info\" }\nstartup_timeout_sec = 20\n"));
            } else {
                const QJsonObject o = QJsonDocument::fromJson(entry).object();
                // The Python server's tools by their names: prompts written for it still work.
                if (array) {
                    QCOMPARE(o.value("command").toArray(),
                        QJsonArray({QLatin1String(kBridge), "--tools", "hopx-mcp"}));
                } else {
                    QCOMPARE(o.value("command").toString(), QLatin1String(kBridge));
                    QCOMPARE(o.value("args").toArray(), QJsonArray({"--tools", "hopx-mcp"}));
                }
                QVERIFY(!o.value(envKey).toObject().contains("HOPX_API_KEY"));
                const QJsonObject old = QJsonDocument::fromJson(s.entries[i]).object();
                for (const QString &k : old.keys()) {
                    if (k != "command" && k != "args" && k != envKey)
                        QCOMPARE(o.value(k), old.value(k)); // timeout, trust, type, source
                }
                QCOMPARE(o.value(envKey).toObject().value("LOG_LEVEL"),
                    old.value(envKey).toObject().value("LOG_LEVEL"));
                QCOMPARE(o.contains("type"),
                    which == Ide::VsCode || which == Ide::ClaudeCode || which == Ide::CopilotCli
                        || array);
            }
            pos = next;
        }
        QCOMPARE(pos, after.size());
        if (which != Ide::Codex)
            QVERIFY(QJsonDocument::fromJson(IdeConfig::format(which) == IdeConfig::Format::Jsonc
                    ? IdeConfigJsonc::blank(after)
                    : after)
                        .isObject());
        else
            QCOMPARE(IdeConfigToml::servers(after).size(), 2);
        // The old file is kept, and the new one is as private as the old.
        QCOMPARE(report.changes[0].path, path);
        QCOMPARE(readFile(report.changes[0].backupPath), s.text());
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
            | QFileDevice::ReadOther | QFileDevice::WriteOther;
        QCOMPARE(QFile::permissions(path) & others, QFileDevice::Permissions());

        // Again: nothing to do, nothing touched.
        const auto again = migrate(c, &store);
        QVERIFY(again.changes.isEmpty());
        QCOMPARE(readFile(path), after);
        QCOMPARE(backups(path).size(), 1);
        QVERIFY(again.text().contains(QLatin1String("nothing was changed")));
    }

    // Connect an IDE's Tools choice: the default writes nothing, any other profile its flag.
    void aToolProfileIsWrittenUnlessItIsTheDefault()
    {
        const IdeConfig c = config(Platform::Linux);
        QCOMPARE(
            IdeConfig::withToolProfile(c.launch(), QStringLiteral("compact")).args, QStringList());
        const IdeConfig full(
            IdeConfig::withToolProfile(c.launch(), QStringLiteral("full")), c.paths());
        const QJsonObject entry = full.serverEntry(Ide::Cursor);
        QCOMPARE(entry.value("args").toArray(), QJsonArray({"--tools", "full"}));
        QVERIFY(full.snippet(Ide::Cursor).contains(QStringLiteral("\"--tools\", \"full\"")));
    }

    // Install for Codex writes only our table: appended once, then left as it is.
    void codexInstallKeepsTheRest()
    {
        const IdeConfig c = config(Platform::Linux);
        const QString path = c.configPath(Ide::Codex);
        const auto created = c.install(Ide::Codex);
        QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : created.error().message));
        QCOMPARE(created.value().outcome, IdeConfig::Outcome::Created);
        QCOMPARE(readFile(path),
            QByteArray(
                "[mcp_servers.hopx]\ncommand = \"/opt/hopx desktop/bin/hopx-mcp\"\nargs = []\n"));
        const QByteArray other =
            "# mine\nmodel = \"o4-mini\"\n\n[mcp_servers.docs]\ncommand = \"npx\"\n";
        writeFile(path, other);
        const auto added = c.install(Ide::Codex);
        QCOMPARE(added.value().outcome, IdeConfig::Outcome::Added);
        const QByteArray after = readFile(path);
        QVERIFY(after.startsWith(other));
        QCOMPARE(IdeConfigToml::servers(after).size(), 2);
        QCOMPARE(c.install(Ide::Codex).value().outcome, IdeConfig::Outcome::Unchanged);
        QCOMPARE(readFile(path), after);
    }

    void keyStaysWhenTheKeychainHoldsAnother()
    {
        const IdeConfig c = config(Platform::Linux);
        const QString path = c.configPath(Ide::Cursor);
        writeFile(path, sample(Ide::Cursor).text());
        MemoryKeyStore store;
        (void)waitFor<Result<Unit>>(
            [&](auto done) { store.write(QStringLiteral("hopx_live_other"), done); });
        const auto report = migrate(c, &store);
        QCOMPARE(report.changes.size(), 1);
        QVERIFY(!report.keyMoved);
        QVERIFY(!report.changes[0].keyRemoved);
        QVERIFY(readFile(path).contains(kKey)); // nothing lost
        QVERIFY(!readFile(path).contains("uvx"));
        QVERIFY(report.text().contains(QLatin1String("different HOPX API key")));

        // Without any keychain the key stays too.
        writeFile(path, sample(Ide::Cursor).text());
        const auto none = migrate(c, nullptr);
        QCOMPARE(none.changes.size(), 1);
        QVERIFY(readFile(path).contains(kKey));
    }

    void jsonWithCommentsIsLeftAlone()
    {
        const IdeConfig c = config(Platform::Linux);
        const QString path = c.configPath(Ide::VsCode);
        const QByteArray text = "{\n  // mine\n  \"servers\": {\"h\": {\"command\": \"uvx\", "
                                "\"args\": [\"hopx-mcp\"]}}\n}\n";
        writeFile(path, text);
        MemoryKeyStore store;
        const auto report = migrate(c, &store);
        QVERIFY(report.changes.isEmpty());
        QCOMPARE(readFile(path), text);
        QVERIFY2(
            report.text().contains(QLatin1String("not plain JSON")), qPrintable(report.text()));
        QVERIFY(backups(path).isEmpty());
    }

    // Inside tests/with-keyring.sh: the key lands in the real Secret Service, and the command
    // line does the same as the window.
    void keyGoesToTheSecretService()
    {
        if (qEnvironmentVariable("HOPX_KEYCHAIN_EXPECT") != QLatin1String("available"))
            QSKIP("needs a Secret Service (run through tests/with-keyring.sh)");
        const QString service =
            QStringLiteral("hopx-desktop-test-%1").arg(QCoreApplication::applicationPid());
        const IdeConfig c = config(Platform::Linux);
        writeFile(c.configPath(Ide::GeminiCli), sample(Ide::GeminiCli).text());
        QtKeychainStore store(service);
        const auto report = migrate(c, &store);
        QVERIFY2(report.keyMoved, qPrintable(report.text()));
        QtKeychainStore again(service);
        const auto key = waitFor<Result<QString>>([&](auto done) { again.read(done); });
        QVERIFY2(key->ok(), qPrintable(key->ok() ? QString() : key->error().message));
        QCOMPARE(key->value(), QLatin1String(kKey));
        QVERIFY(!readFile(c.configPath(Ide::GeminiCli)).contains(kKey));
        (void)waitFor<Result<Unit>>([&](auto done) { again.remove(done); });

        // hopx-desktop --migrate-ide-configs, with this temporary home.
        const IdeConfig cli(
            IdeConfig::Launch {QStringLiteral(HOPX_BIN_DIR "/hopx-mcp"), {}}, c.paths());
        writeFile(cli.configPath(Ide::Cursor), sample(Ide::Cursor).text());
        QProcess desktop;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), c.paths().home);
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), c.paths().configHome);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        desktop.setProcessEnvironment(env);
        desktop.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"),
            {QStringLiteral("--headless"), QStringLiteral("--migrate-ide-configs")});
        QVERIFY(desktop.waitForFinished(30000));
        const QString out = QString::fromUtf8(desktop.readAllStandardOutput());
        QCOMPARE(desktop.exitCode(), 0);
        QVERIFY2(out.contains(QLatin1String("replaced hopx in")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("now in the keychain")), qPrintable(out));
        const QByteArray after = readFile(cli.configPath(Ide::Cursor));
        QVERIFY(!after.contains(kKey));
        QVERIFY(after.contains(HOPX_BIN_DIR "/hopx-mcp"));
        QtKeychainStore real; // the app's own service name, in the throw-away keyring
        const auto moved = waitFor<Result<QString>>([&](auto done) { real.read(done); });
        QCOMPARE(moved->value(), QLatin1String(kKey));
        desktop.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"),
            {QStringLiteral("--headless"), QStringLiteral("--migrate-ide-configs")});
        QVERIFY(desktop.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(desktop.readAllStandardOutput())
                    .contains(QLatin1String("nothing was changed")));
        QCOMPARE(readFile(cli.configPath(Ide::Cursor)), after);
    }
};

QTEST_GUILESS_MAIN(TestIdeConfigMigration)
#include "tst_ideconfigmigration.moc"
