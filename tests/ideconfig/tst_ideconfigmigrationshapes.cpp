// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The move from the Python hopx-mcp (tst_ideconfigmigration) in the two files that are not JSON
// of an IDE's own key: Goose's config.yaml, and the file of Kilo Code's VS Code extension before
// 7.0, which Kilo 7 still reads beside kilo.jsonc (IdeConfig::secondFile()).
#include "core/ide/IdeConfigMigration.h"
#include "core/secrets/MemoryKeyStore.h"
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

// The old extension's mcp_settings.json (Cline's shape; autoApprove is the extension's own key).
const QByteArray kKiloOld = R"({
  "mcpServers": {
    "hopx-sandbox": {
      "command": "uvx",
      "args": ["hopx-mcp"],
      "env": {"HOPX_API_KEY": "hopx_live_0123456789abcdef"},
      "disabled": false,
      "autoApprove": ["health"]
    }
  }
}
)";

} // namespace

class TestIdeConfigMigrationShapes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    IdeConfig config(Platform platform) const
    {
        IdeConfig::Paths paths;
        paths.home = m_dir.path() + QStringLiteral("/home");
        paths.configHome = paths.home + QStringLiteral("/.config");
        paths.platform = platform;
        return IdeConfig(IdeConfig::Launch {QLatin1String(kBridge), {}}, paths);
    }

    static IdeConfigMigration::Report migrate(const IdeConfig &c, KeyStore *store)
    {
        std::optional<IdeConfigMigration::Report> out;
        IdeConfigMigration(c).run(
            store, [&out](const IdeConfigMigration::Report &r) { out.emplace(r); });
        (void)QTest::qWaitFor([&out] { return out.has_value(); }, 20000);
        return out.value_or(IdeConfigMigration::Report {});
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path() + QStringLiteral("/home")).removeRecursively();
    }

    // Kilo Code's VS Code extension before 7.0 kept its servers in its globalStorage, in Cline's
    // shape; 7.x still reads that file, so a Python server there is replaced in that shape.
    void movesKiloCodesOldExtensionFile()
    {
        const IdeConfig c = config(Platform::Linux);
        const QString path = c.secondFile(Ide::KiloCode)->path;
        writeFile(path, kKiloOld);
        MemoryKeyStore store;
        const auto report = migrate(c, &store);
        QCOMPARE(report.changes.size(), 1);
        QCOMPARE(report.changes[0].ide, Ide::KiloCode);
        QCOMPARE(report.changes[0].path, path);
        QCOMPARE(report.changes[0].servers, QStringList {QStringLiteral("hopx-sandbox")});
        QVERIFY(report.text().contains(QStringLiteral("Kilo Code")));
        QCOMPARE(readFile(report.changes[0].backupPath), kKiloOld);
        const QJsonObject entry = QJsonDocument::fromJson(readFile(path))
                                      .object()
                                      .value("mcpServers")
                                      .toObject()
                                      .value("hopx-sandbox")
                                      .toObject();
        QCOMPARE(entry.value("command").toString(), QLatin1String(kBridge));
        QCOMPARE(entry.value("args").toArray(), QJsonArray({"--tools", "hopx-mcp"}));
        QCOMPARE(entry.value("autoApprove").toArray(), QJsonArray({"health"}));
        QVERIFY(!readFile(path).contains(kKey));
        QVERIFY(migrate(c, &store).changes.isEmpty());
    }

    // Goose's config.yaml as Goose writes it (serde_yaml: sequences at their key's indentation,
    // keys sorted), with the Python server added through `goose configure`: only its cmd, args
    // and key change, read back by PyYAML (YAML's own rules), and every other line stays.
    void movesGoose()
    {
        const IdeConfig c = config(Platform::Linux);
        const QString path = c.configPath(Ide::Goose);
        const QByteArray before = "GOOSE_PROVIDER: openai\n"
                                  "extensions:\n"
                                  "  developer:\n"
                                  "    bundled: true\n"
                                  "    enabled: true\n"
                                  "    name: developer\n"
                                  "    timeout: 300\n"
                                  "    type: builtin\n"
                                  "  hopx-sandbox:\n"
                                  "    args:\n"
                                  "    - hopx-mcp\n"
                                  "    bundled: null\n"
                                  "    cmd: uvx\n"
                                  "    description: HOPX cloud sandboxes\n"
                                  "    enabled: true\n"
                                  "    env_keys: []\n"
                                  "    envs:\n"
                                  "      HOPX_API_KEY: hopx_live_0123456789abcdef\n"
                                  "      LOG_LEVEL: info\n"
                                  "    name: hopx-sandbox\n"
                                  "    timeout: 120\n"
                                  "    type: stdio\n"
                                  "# mine\n"
                                  "GOOSE_MODE: smart_approve\n";
        writeFile(path, before);
        MemoryKeyStore store;
        const auto report = migrate(c, &store);
        QCOMPARE(report.changes.size(), 1);
        QCOMPARE(report.changes[0].servers, QStringList {QStringLiteral("hopx-sandbox")});
        QVERIFY(report.changes[0].keyRemoved);
        QVERIFY(report.keyMoved);
        QCOMPARE(readFile(report.changes[0].backupPath), before);
        const QByteArray after = readFile(path);
        QVERIFY(!after.contains(kKey));
        for (const QByteArray &kept :
            {QByteArray("GOOSE_PROVIDER: openai\nextensions:\n  developer:\n"
                        "    bundled: true\n"),
                QByteArray("    description: HOPX cloud sandboxes\n"),
                QByteArray("# mine\nGOOSE_MODE: smart_approve\n")})
            QVERIFY2(after.contains(kept), after.constData());

        QProcess yaml;
        yaml.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"),
                QStringLiteral("import json, sys, yaml; "
                               "print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"),
                path});
        QVERIFY(yaml.waitForFinished(30000));
        const QJsonObject root = QJsonDocument::fromJson(yaml.readAllStandardOutput()).object();
        const QJsonObject extensions = root.value("extensions").toObject();
        const QJsonObject hopx = extensions.value("hopx-sandbox").toObject();
        QVERIFY2(!hopx.isEmpty(), after.constData());
        QCOMPARE(hopx.value("cmd").toString(), QLatin1String(kBridge));
        QCOMPARE(hopx.value("args").toArray(), QJsonArray({"--tools", "hopx-mcp"}));
        QCOMPARE(hopx.value("envs").toObject(), QJsonObject({{"LOG_LEVEL", "info"}}));
        QCOMPARE(hopx.value("name").toString(), QStringLiteral("hopx-sandbox"));
        QCOMPARE(hopx.value("timeout").toInt(), 120);
        QCOMPARE(hopx.value("type").toString(), QStringLiteral("stdio"));
        QCOMPARE(hopx.value("description").toString(), QStringLiteral("HOPX cloud sandboxes"));
        QCOMPARE(extensions.value("developer").toObject().value("type").toString(),
            QStringLiteral("builtin"));
        QCOMPARE(root.value("GOOSE_MODE").toString(), QStringLiteral("smart_approve"));

        QVERIFY(migrate(c, &store).changes.isEmpty());
        QCOMPARE(readFile(path), after);
    }
};

QTEST_GUILESS_MAIN(TestIdeConfigMigrationShapes)
#include "tst_ideconfigmigrationshapes.moc"
