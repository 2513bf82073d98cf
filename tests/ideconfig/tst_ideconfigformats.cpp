// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The IDEs Connect an IDE gained (issue 34): Windsurf, Qwen Code, Cline, Kilo Code, GitHub
// Copilot CLI, Zed, JetBrains AI Assistant, Continue, Goose and opencode. Each one's config
// written into a fake home over a file as the IDE itself leaves it (with a server of the
// user's), then read back by a reader that follows the IDE's own format rules, not ours:
// JSON.parse for the IDEs that read plain JSON, Node's JavaScript parser for JSON with comments
// and trailing commas (what Zed's lenient JSON and opencode's and Kilo's JSONC accept), PyYAML
// for Goose's YAML; our entry must have the keys and types the IDE's settings schema takes. Then
// detection (a settings folder, a command on the PATH) and hopx-desktop --connect. The IDEs on
// npm also read their file back themselves: tests/clients/ide_readback.test.mjs.
#include "core/ide/IdeConfig.h"
#include "core/ide/IdeConnectCommand.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

using namespace Hopx::Core;
using Hopx::Test::readFile;
using Hopx::Test::writeFile;
using Ide = IdeConfig::Ide;

Q_DECLARE_METATYPE(IdeConfig::Ide)

namespace {

constexpr const char *kBridge = "/opt/hopx desktop/bin/hopx-mcp";

// Zed's own first settings.json, plus a server of the user's and the trailing commas Zed allows.
const QByteArray kZedSettings =
    "// Zed settings\n"
    "//\n"
    "// For information on how to configure Zed, see the Zed\n"
    "// documentation: https://zed.dev/docs/configuring-zed\n"
    "{\n"
    "  \"theme\": \"One Dark\", // the theme\n"
    "  \"context_servers\": {\n"
    "    \"postgres\": {\n"
    "      \"command\": \"npx\",\n"
    "      \"args\": [\"-y\", \"@modelcontextprotocol/server-postgres\", "
    "\"postgresql://localhost/db\"],\n"
    "      /* a trailing comma: Zed accepts it */\n"
    "    },\n"
    "  },\n"
    "  \"ui_font_size\": 16,\n"
    "}\n";

// What Goose writes (serde_yaml): sequences at their key's indentation, a built-in extension.
const QByteArray kGooseConfig = "GOOSE_PROVIDER: openai\n"
                                "GOOSE_MODEL: gpt-4o\n"
                                "extensions:\n"
                                "  developer:\n"
                                "    available_tools: []\n"
                                "    bundled: true\n"
                                "    description: null\n"
                                "    display_name: Developer\n"
                                "    enabled: true\n"
                                "    name: developer\n"
                                "    timeout: 300\n"
                                "    type: builtin\n"
                                "# my comment\n"
                                "GOOSE_MODE: smart_approve\n";

// Our entry, there already: an older path, disabled, a key of the user's in envs.
const QByteArray kGooseConfigWithOurs = "extensions:\n"
                                        "  hopx:\n"
                                        "    args:\n"
                                        "    - --old\n"
                                        "    cmd: /old/hopx-mcp\n"
                                        "    enabled: false\n"
                                        "    envs:\n"
                                        "      HOPX_API_KEY: k\n"
                                        "    name: hopx\n"
                                        "    type: stdio\n"
                                        "  developer:\n"
                                        "    enabled: true\n"
                                        "    name: developer\n"
                                        "    type: builtin\n";

const QByteArray kOpencodeConfig = "{\n"
                                   "  \"$schema\": \"https://opencode.ai/config.json\",\n"
                                   "  // the model\n"
                                   "  \"provider\": {\"fake\": {\"npm\": \"@ai-sdk/anthropic\"}},\n"
                                   "  \"mcp\": {}\n"
                                   "}\n";

const QByteArray kMcpServers = "{\"mcpServers\": {\"github\": {\"command\": \"docker\", \"args\": "
                               "[\"run\", \"-i\", \"gh\"]}}}";

// Windsurf's mcp_config.json with a remote server of the user's (serverUrl is Windsurf's key).
const QByteArray kWindsurfConfig =
    R"({"mcpServers": {"linear": {"serverUrl": "https://mcp.linear.app/sse", "disabled": false}}})";

// Qwen Code's settings.json (Gemini CLI's shape), as its settings dialog leaves it.
const QByteArray kQwenSettings = R"({
  "ui": {"theme": "Qwen Dark"},
  "model": {"name": "qwen3-coder-plus"},
  "mcpServers": {"fetch": {"command": "uvx", "args": ["mcp-server-fetch"], "timeout": 30000}}
})";

// Cline's cline_mcp_settings.json after it added a server from its marketplace.
const QByteArray kClineSettings = R"({
  "mcpServers": {
    "fetch": {"autoApprove": [], "disabled": false, "timeout": 60, "type": "stdio",
              "command": "uvx", "args": ["mcp-server-fetch"]}
  }
})";

// Copilot CLI's mcp-config.json with GitHub's own remote server, all tools allowed.
const QByteArray kCopilotConfig = R"({"mcpServers": {"github": {"type": "http",
  "url": "https://api.githubcopilot.com/mcp/", "headers": {}, "tools": ["*"]}}})";

// Kilo's kilo.jsonc as its settings write it, with a comment and a trailing comma of the user's.
const QByteArray kKiloConfig = "{\n"
                               "  \"$schema\": \"https://app.kilo.ai/config.json\",\n"
                               "  // my servers\n"
                               "  \"mcp\": {\n"
                               "    \"fetch\": {\"type\": \"local\", \"command\": [\"uvx\", "
                               "\"mcp-server-fetch\"], \"enabled\": false},\n"
                               "  },\n"
                               "}\n";

// What Kilo Code's VS Code extension before 7.0 kept (Cline's shape, alwaysAllow its own key).
const QByteArray kKiloOldSettings = R"({
  "mcpServers": {
    "fetch": {"command": "uvx", "args": ["mcp-server-fetch"], "alwaysAllow": ["fetch"], "disabled": false}
  }
})";

} // namespace

class TestIdeConfigFormats : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString home() const { return m_dir.path() + QStringLiteral("/home"); }
    IdeConfig config(const QStringList &binPath = {}) const
    {
        IdeConfig::Paths paths {home(), home() + QStringLiteral("/.config")};
        paths.binPath = binPath;
        return IdeConfig(IdeConfig::Launch {QLatin1String(kBridge), {}}, paths);
    }

    //! The file as the IDE reads it, turned into JSON by a parser of its format's rules.
    static QJsonObject readAsTheIdeDoes(Ide ide, const QString &path)
    {
        QProcess p;
        const IdeConfig::Format format = IdeConfig::format(ide);
        if (format == IdeConfig::Format::Yaml) {
            p.start(QStringLiteral("/usr/bin/python3"),
                {QStringLiteral("-c"),
                    QStringLiteral("import json, sys, yaml; "
                                   "print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"),
                    path});
        } else {
            // JSON with comments and trailing commas is a JavaScript object literal.
            QString node = QStringLiteral(HOPX_TEST_NODE_DIR "/node_modules/.bin/node");
            if (!QFileInfo::exists(node))
                node = QStandardPaths::findExecutable(QStringLiteral("node"));
            if (node.isEmpty())
                qFatal("node is missing: apt-get install nodejs");
            // Plain JSON where the IDE reads its file with JSON.parse (a comment fails there).
            const QString parse = format == IdeConfig::Format::Json
                ? QStringLiteral("JSON.parse(t)")
                : QStringLiteral("require('vm').runInNewContext('(' + t + ')')");
            p.start(node,
                {QStringLiteral("-e"),
                    QStringLiteral("const t = require('fs').readFileSync(process.argv[1], 'utf8');"
                                   "process.stdout.write(JSON.stringify(%1))")
                        .arg(parse),
                    path});
        }
        if (!p.waitForFinished(30000) || p.exitCode() != 0)
            qWarning().noquote() << "reader failed:" << p.readAllStandardError();
        return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    }

    //! Our entry as the IDE's own settings types take it.
    static void checkEntry(Ide ide, const QJsonObject &root)
    {
        const QJsonObject servers = root.value(IdeConfig::containerKey(ide)).toObject();
        const QJsonObject hopx = servers.value(QStringLiteral("hopx")).toObject();
        QVERIFY2(!hopx.isEmpty(), QJsonDocument(root).toJson().constData());
        switch (ide) {
        case Ide::Zed: // ContextServerCommand: command, args (required), env
            QCOMPARE(hopx.value(QStringLiteral("command")).toString(), QLatin1String(kBridge));
            QVERIFY(hopx.value(QStringLiteral("args")).isArray());
            QVERIFY(hopx.value(QStringLiteral("enabled")).toBool(true));
            break;
        case Ide::Goose: // ExtensionEntry: enabled + ExtensionConfig::Stdio tagged "type"
            QCOMPARE(hopx.value(QStringLiteral("enabled")), QJsonValue(true));
            QCOMPARE(hopx.value(QStringLiteral("type")).toString(), QStringLiteral("stdio"));
            QCOMPARE(hopx.value(QStringLiteral("name")).toString(), QStringLiteral("hopx"));
            QCOMPARE(hopx.value(QStringLiteral("cmd")).toString(), QLatin1String(kBridge));
            QVERIFY(hopx.value(QStringLiteral("args")).isArray());
            QCOMPARE(hopx.value(QStringLiteral("timeout")).toInt(), 300);
            break;
        case Ide::OpenCode: // a local server: the command and its arguments in one array
        case Ide::KiloCode: // opencode's McpLocal, a strict schema: no key of its own beyond these
            QCOMPARE(hopx.value(QStringLiteral("type")).toString(), QStringLiteral("local"));
            QCOMPARE(hopx.value(QStringLiteral("command")).toArray(),
                QJsonArray {QLatin1String(kBridge)});
            QCOMPARE(hopx.value(QStringLiteral("enabled")), QJsonValue(true));
            onlyKeys(hopx, {"type", "command", "environment", "enabled", "timeout"});
            break;
        case Ide::CopilotCli: // a local server offers its model only the tools it lists
            QCOMPARE(hopx.value(QStringLiteral("type")).toString(), QStringLiteral("local"));
            commandAndArgs(hopx);
            QCOMPARE(
                hopx.value(QStringLiteral("tools")).toArray(), QJsonArray {QStringLiteral("*")});
            onlyKeys(hopx, {"type", "command", "args", "env", "cwd", "tools"});
            break;
        case Ide::Cline: // StdioConfigSchema; the old Kilo Code extension reads the same
            commandAndArgs(hopx);
            onlyKeys(hopx,
                {"type", "command", "args", "cwd", "env", "autoApprove", "alwaysAllow", "disabled",
                    "timeout"});
            break;
        case Ide::QwenCode: // Gemini CLI's MCPServerConfig
            commandAndArgs(hopx);
            onlyKeys(hopx, {"command", "args", "env", "cwd", "timeout", "trust"});
            break;
        case Ide::Windsurf: // command and args; serverUrl is for remote servers only
            commandAndArgs(hopx);
            onlyKeys(hopx, {"command", "args", "env", "disabled", "disabledTools"});
            break;
        default: // JetBrains and Continue: Claude Desktop's mcpServers
            commandAndArgs(hopx);
            break;
        }
    }
    //! A stdio server as every mcpServers reader takes it: a command, and its arguments as strings.
    static void commandAndArgs(const QJsonObject &entry)
    {
        QCOMPARE(entry.value(QStringLiteral("command")).toString(), QLatin1String(kBridge));
        QVERIFY(entry.value(QStringLiteral("args")).isArray());
        for (const QJsonValue &arg : entry.value(QStringLiteral("args")).toArray())
            QVERIFY(arg.isString());
    }
    static void onlyKeys(const QJsonObject &entry, std::initializer_list<const char *> allowed)
    {
        QStringList known;
        for (const char *key : allowed)
            known << QLatin1String(key);
        for (const QString &key : entry.keys())
            QVERIFY2(known.contains(key), qPrintable(key));
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(home());
    }

    void paths()
    {
        const IdeConfig c = config();
        QCOMPARE(c.configPath(Ide::Zed), home() + QStringLiteral("/.config/zed/settings.json"));
        QCOMPARE(c.configPath(Ide::JetBrains), home() + QStringLiteral("/.ai/mcp/mcp.json"));
        QCOMPARE(c.configPath(Ide::Continue),
            home() + QStringLiteral("/.continue/mcpServers/hopx.json"));
        QCOMPARE(c.configPath(Ide::Goose), home() + QStringLiteral("/.config/goose/config.yaml"));
        QCOMPARE(c.configPath(Ide::OpenCode),
            home() + QStringLiteral("/.config/opencode/opencode.json"));
        // opencode.jsonc when that is the one the user has.
        writeFile(home() + QStringLiteral("/.config/opencode/opencode.jsonc"), "{}");
        QCOMPARE(c.configPath(Ide::OpenCode),
            home() + QStringLiteral("/.config/opencode/opencode.jsonc"));
        // Kilo: kilo.jsonc unless the user has another of the names it reads.
        QCOMPARE(c.configPath(Ide::KiloCode), home() + QStringLiteral("/.config/kilo/kilo.jsonc"));
        writeFile(home() + QStringLiteral("/.config/kilo/config.json"), "{}");
        QCOMPARE(c.configPath(Ide::KiloCode), home() + QStringLiteral("/.config/kilo/config.json"));
        writeFile(home() + QStringLiteral("/.config/kilo/kilo.json"), "{}");
        QCOMPARE(c.configPath(Ide::KiloCode), home() + QStringLiteral("/.config/kilo/kilo.json"));
        QCOMPARE(c.secondFile(Ide::KiloCode)->path,
            home()
                + QStringLiteral("/.config/Code/User/globalStorage/kilocode.kilo-code/settings/"
                                 "mcp_settings.json"));
        QVERIFY(!c.secondFile(Ide::Cline));
        IdeConfig::Paths windows = c.paths();
        windows.platform = IdeConfig::Platform::Windows;
        windows.appData = QStringLiteral("C:/Users/me/AppData/Roaming");
        windows.continueHome = QStringLiteral("D:/continue");
        const IdeConfig w(c.launch(), windows);
        QCOMPARE(w.configPath(Ide::Zed),
            QStringLiteral("C:/Users/me/AppData/Roaming/Zed/settings.json"));
        QCOMPARE(w.configPath(Ide::Goose),
            QStringLiteral("C:/Users/me/AppData/Roaming/Block/goose/config/config.yaml"));
        QCOMPARE(w.configPath(Ide::Continue), QStringLiteral("D:/continue/mcpServers/hopx.json"));
        QCOMPARE(w.configPath(Ide::KiloCode), home() + QStringLiteral("/.config/kilo/kilo.json"));
        QCOMPARE(w.secondFile(Ide::KiloCode)->path,
            QStringLiteral("C:/Users/me/AppData/Roaming/Code/User/globalStorage/kilocode.kilo-code/"
                           "settings/mcp_settings.json"));
    }

    void writesWhatTheIdeReads_data()
    {
        QTest::addColumn<Ide>("ide");
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QString>("other"); // a server of the user's, kept
        QTest::addColumn<QByteArrayList>("kept"); // bytes of the old file that must stay
        QTest::addColumn<int>("outcome");
        const int created = int(IdeConfig::Outcome::Created);
        const int added = int(IdeConfig::Outcome::Added);
        const int updated = int(IdeConfig::Outcome::Updated);
        QTest::newRow("zed, its own first settings")
            << Ide::Zed << kZedSettings << QStringLiteral("postgres")
            << QByteArrayList {"// documentation: https://zed.dev/docs/configuring-zed\n",
                   "\"theme\": \"One Dark\", // the theme",
                   "/* a trailing comma: Zed accepts it */", "\"ui_font_size\": 16,\n}"}
            << added;
        QTest::newRow("zed, no file")
            << Ide::Zed << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("zed, no context_servers")
            << Ide::Zed << QByteArray("// mine\n{\n  \"vim_mode\": true, // yes\n}\n") << QString()
            << QByteArrayList {"// mine\n{", "\"vim_mode\": true, // yes"} << added;
        QTest::newRow("jetbrains") << Ide::JetBrains << kMcpServers << QStringLiteral("github")
                                   << QByteArrayList() << added;
        QTest::newRow("continue, no file")
            << Ide::Continue << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("goose, as Goose writes it")
            << Ide::Goose << kGooseConfig << QStringLiteral("developer")
            << QByteArrayList {"GOOSE_PROVIDER: openai\nGOOSE_MODEL: gpt-4o\nextensions:\n",
                   "    type: builtin\n", "# my comment\nGOOSE_MODE: smart_approve\n"}
            << added;
        QTest::newRow("goose, ours there")
            << Ide::Goose << kGooseConfigWithOurs << QStringLiteral("developer")
            << QByteArrayList {"      HOPX_API_KEY: k\n"} << updated;
        QTest::newRow("goose, no file")
            << Ide::Goose << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("windsurf, a remote server of the user's")
            << Ide::Windsurf << kWindsurfConfig << QStringLiteral("linear") << QByteArrayList()
            << added;
        QTest::newRow("windsurf, no file")
            << Ide::Windsurf << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("qwen code, its settings")
            << Ide::QwenCode << kQwenSettings << QStringLiteral("fetch") << QByteArrayList()
            << added;
        QTest::newRow("cline, its own file")
            << Ide::Cline << kClineSettings << QStringLiteral("fetch") << QByteArrayList() << added;
        QTest::newRow("cline, no file")
            << Ide::Cline << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("copilot cli, github's server")
            << Ide::CopilotCli << kCopilotConfig << QStringLiteral("github") << QByteArrayList()
            << added;
        QTest::newRow("kilo code, comments and a trailing comma")
            << Ide::KiloCode << kKiloConfig << QStringLiteral("fetch")
            << QByteArrayList {"  \"$schema\": \"https://app.kilo.ai/config.json\",\n  // my "
                               "servers\n"}
            << added;
        QTest::newRow("kilo code, no file")
            << Ide::KiloCode << QByteArray() << QString() << QByteArrayList() << created;
        QTest::newRow("opencode, comments, empty mcp")
            << Ide::OpenCode << kOpencodeConfig << QString()
            << QByteArrayList {"  \"$schema\": \"https://opencode.ai/config.json\",\n  // the "
                               "model\n"}
            << added;
    }
    void writesWhatTheIdeReads()
    {
        QFETCH(Ide, ide);
        QFETCH(QByteArray, before);
        QFETCH(QString, other);
        QFETCH(QByteArrayList, kept);
        QFETCH(int, outcome);
        const IdeConfig c = config();
        const QString path = c.configPath(ide);
        if (!before.isNull())
            writeFile(path, before);
        const QJsonObject oldRoot = before.isNull() ? QJsonObject() : readAsTheIdeDoes(ide, path);
        QVERIFY(before.isNull() || !oldRoot.isEmpty()); // the reader reads the IDE's own file

        const auto r = c.install(ide);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(int(r.value().outcome), outcome);
        QCOMPARE(r.value().backupPath.isEmpty(), before.isNull());
        if (!before.isNull())
            QCOMPARE(readFile(r.value().backupPath), before);
        const QByteArray after = readFile(path);
        for (const QByteArray &bytes : kept)
            QVERIFY2(after.contains(bytes), after.constData());

        const QJsonObject root = readAsTheIdeDoes(ide, path);
        checkEntry(ide, root);
        if (QTest::currentTestFailed())
            qWarning().noquote() << after;
        const QString key = IdeConfig::containerKey(ide);
        if (!other.isEmpty())
            QCOMPARE(root.value(key).toObject().value(other),
                oldRoot.value(key).toObject().value(other));
        for (auto it = oldRoot.begin(); it != oldRoot.end(); ++it)
            if (it.key() != key)
                QCOMPARE(root.value(it.key()), it.value());
        if (ide == Ide::Goose && before == kGooseConfigWithOurs) // the user's key stays
            QCOMPARE(root.value(key)
                         .toObject()
                         .value(QStringLiteral("hopx"))
                         .toObject()
                         .value(QStringLiteral("envs")),
                QJsonValue(QJsonObject {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k")}}));
        QVERIFY(c.isConnected(ide));

        // Again: nothing to do, nothing written.
        const auto again = c.install(ide);
        QVERIFY(again.ok());
        QCOMPARE(again.value().outcome, IdeConfig::Outcome::Unchanged);
        QCOMPARE(readFile(path), after);
    }

    // Kilo Code's VS Code extension still reads the file of its releases before 7.0 (which read
    // nothing else): where it is there, it gets our entry too, in its own shape; where it is
    // not, it is not made.
    void kiloAlsoUpdatesTheExtensionsOldFile()
    {
        const IdeConfig c = config();
        const QString old = c.secondFile(Ide::KiloCode)->path;
        auto first = c.install(Ide::KiloCode);
        QVERIFY(first.ok());
        QVERIFY(first.value().secondPath.isEmpty());
        QVERIFY(!QFileInfo::exists(old));

        writeFile(old, kKiloOldSettings);
        const auto r = c.install(Ide::KiloCode);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(r.value().outcome, IdeConfig::Outcome::Unchanged); // kilo.jsonc had it
        QCOMPARE(r.value().secondPath, old);
        QCOMPARE(readFile(r.value().secondBackupPath), kKiloOldSettings);
        const QJsonObject root = readAsTheIdeDoes(Ide::Cline, old); // JSON.parse, as Kilo does
        checkEntry(Ide::Cline, root);
        const QJsonObject servers = root.value(QStringLiteral("mcpServers")).toObject();
        QCOMPARE(servers.value(QStringLiteral("fetch")),
            QJsonDocument::fromJson(kKiloOldSettings)
                .object()
                .value(QStringLiteral("mcpServers"))
                .toObject()
                .value(QStringLiteral("fetch")));
        const QByteArray after = readFile(old);
        QVERIFY(c.install(Ide::KiloCode).ok());
        QCOMPARE(readFile(old), after);
    }

    void continueLeavesItsConfigAlone()
    {
        const IdeConfig c = config();
        const QString yaml = home() + QStringLiteral("/.continue/config.yaml");
        writeFile(yaml, "name: Local Assistant\nversion: 1.0.0\nschema: v1\n");
        QVERIFY(c.install(Ide::Continue).ok());
        QCOMPARE(readFile(yaml), QByteArray("name: Local Assistant\nversion: 1.0.0\nschema: v1\n"));
    }

    void refusesWhatItCannotEdit_data()
    {
        QTest::addColumn<Ide>("ide");
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("zed, broken") << Ide::Zed << QByteArray("{ \"context_servers\": ");
        QTest::newRow("zed, servers a list") << Ide::Zed << QByteArray("{\"context_servers\": []}");
        QTest::newRow("goose, flow mapping")
            << Ide::Goose << QByteArray("extensions: {developer: {enabled: true}}\n");
    }
    void refusesWhatItCannotEdit()
    {
        QFETCH(Ide, ide);
        QFETCH(QByteArray, content);
        const IdeConfig c = config();
        const QString path = c.configPath(ide);
        writeFile(path, content);
        const auto r = c.install(ide);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(QStringLiteral("did not change")),
            qPrintable(r.error().message));
        QCOMPARE(readFile(path), content);
        QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files).size(), 1);
    }

    void detectsInstalledIdes()
    {
        const QString bin = m_dir.path() + QStringLiteral("/bin");
        const IdeConfig c = config({bin});
        for (Ide ide : IdeConfig::all())
            QVERIFY2(!c.isInstalled(ide), qPrintable(IdeConfig::id(ide)));
        QDir().mkpath(home() + QStringLiteral("/.config/zed")); // its settings folder
        writeFile(bin + QStringLiteral("/goose"), "#!/bin/sh\n"); // its command on the PATH
        QFile::setPermissions(bin + QStringLiteral("/goose"),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QDir().mkpath(home() + QStringLiteral("/.config/JetBrains/PyCharm2026.1/options"));
        QVERIFY(c.isInstalled(Ide::Zed));
        QVERIFY(c.isInstalled(Ide::Goose));
        QVERIFY(c.isInstalled(Ide::JetBrains));
        QVERIFY(!c.isInstalled(Ide::OpenCode));
        QVERIFY(!c.isConnected(Ide::Zed));
        QVERIFY(c.install(Ide::Zed).ok());
        QVERIFY(c.isConnected(Ide::Zed));
        QVERIFY(!c.isConnected(Ide::Goose));
    }

    void connectCommand()
    {
        const IdeConfig c = config();
        QString out;
        QString err;
        QTextStream o(&out);
        QTextStream e(&err);
        QCOMPARE(IdeConnectCommand::run(c, QStringLiteral("notepad"), {}, o, e), 2);
        o.flush();
        e.flush();
        for (const char *id :
            {"claude-desktop", "zed", "jetbrains", "continue", "goose", "opencode"})
            QVERIFY2(err.contains(QLatin1String(id)), qPrintable(err));
        QCOMPARE(IdeConnectCommand::run(c, QStringLiteral("zed"), QStringLiteral("nope"), o, e), 2);

        err.clear();
        QCOMPARE(
            IdeConnectCommand::run(c, QStringLiteral("goose"), QStringLiteral("full"), o, e), 0);
        o.flush();
        QVERIFY2(out.contains(c.configPath(Ide::Goose)), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("args: [\"--tools\", \"full\"]")), qPrintable(out));
        QVERIFY(readFile(c.configPath(Ide::Goose)).contains("args: [\"--tools\", \"full\"]"));

        out.clear();
        QCOMPARE(IdeConnectCommand::run(c, QStringLiteral("list"), {}, o, e), 0);
        o.flush();
        const QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + int(IdeConfig::all().size()) - 1);
        for (const QString &line : lines.mid(1)) {
            const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            QVERIFY(IdeConfig::fromId(words.value(0)).has_value());
        }
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("\\ngoose +Goose +yes +yes "))),
            qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TestIdeConfigFormats)
#include "tst_ideconfigformats.moc"
