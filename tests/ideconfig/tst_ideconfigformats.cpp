// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Zed, JetBrains AI Assistant, Continue, Goose and opencode: each one's config written into a
// fake home over a file as the IDE itself leaves it, then read back by a reader that follows the
// IDE's own format rules, not ours: Node's JavaScript parser for JSON with comments and trailing
// commas (what Zed's lenient JSON and opencode's JSONC accept), PyYAML for Goose's YAML. Then
// detection (a settings folder, a command on the PATH) and hopx-desktop --connect.
#include "core/ide/IdeConfig.h"
#include "core/ide/IdeConnectCommand.h"

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
    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static void write(const QString &path, const QByteArray &content)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }

    //! The file as the IDE reads it, turned into JSON by a parser of its format's rules.
    static QJsonObject readAsTheIdeDoes(Ide ide, const QString &path)
    {
        QProcess p;
        if (IdeConfig::format(ide) == IdeConfig::Format::Yaml) {
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
            p.start(node,
                {QStringLiteral("-e"),
                    QStringLiteral("const t = require('fs').readFileSync(process.argv[1], 'utf8');"
                                   "process.stdout.write(JSON.stringify("
                                   "require('vm').runInNewContext('(' + t + ')')))"),
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
            QCOMPARE(hopx.value(QStringLiteral("type")).toString(), QStringLiteral("local"));
            QCOMPARE(hopx.value(QStringLiteral("command")).toArray(),
                QJsonArray {QLatin1String(kBridge)});
            QCOMPARE(hopx.value(QStringLiteral("enabled")), QJsonValue(true));
            break;
        default: // JetBrains and Continue: Claude Desktop's mcpServers
            QCOMPARE(hopx.value(QStringLiteral("command")).toString(), QLatin1String(kBridge));
            QVERIFY(hopx.value(QStringLiteral("args")).isArray());
            break;
        }
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
        write(home() + QStringLiteral("/.config/opencode/opencode.jsonc"), "{}");
        QCOMPARE(c.configPath(Ide::OpenCode),
            home() + QStringLiteral("/.config/opencode/opencode.jsonc"));
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
            write(path, before);
        const QJsonObject oldRoot = before.isNull() ? QJsonObject() : readAsTheIdeDoes(ide, path);
        QVERIFY(before.isNull() || !oldRoot.isEmpty()); // the reader reads the IDE's own file

        const auto r = c.install(ide);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(int(r.value().outcome), outcome);
        QCOMPARE(r.value().backupPath.isEmpty(), before.isNull());
        if (!before.isNull())
            QCOMPARE(read(r.value().backupPath), before);
        const QByteArray after = read(path);
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
        QCOMPARE(read(path), after);
    }

    void continueLeavesItsConfigAlone()
    {
        const IdeConfig c = config();
        const QString yaml = home() + QStringLiteral("/.continue/config.yaml");
        write(yaml, "name: Local Assistant\nversion: 1.0.0\nschema: v1\n");
        QVERIFY(c.install(Ide::Continue).ok());
        QCOMPARE(read(yaml), QByteArray("name: Local Assistant\nversion: 1.0.0\nschema: v1\n"));
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
        write(path, content);
        const auto r = c.install(ide);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(QStringLiteral("did not change")),
            qPrintable(r.error().message));
        QCOMPARE(read(path), content);
        QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files).size(), 1);
    }

    void detectsInstalledIdes()
    {
        const QString bin = m_dir.path() + QStringLiteral("/bin");
        const IdeConfig c = config({bin});
        for (Ide ide : IdeConfig::all())
            QVERIFY2(!c.isInstalled(ide), qPrintable(IdeConfig::id(ide)));
        QDir().mkpath(home() + QStringLiteral("/.config/zed")); // its settings folder
        write(bin + QStringLiteral("/goose"), "#!/bin/sh\n"); // its command on the PATH
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
        QVERIFY(read(c.configPath(Ide::Goose)).contains("args: [\"--tools\", \"full\"]"));

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
