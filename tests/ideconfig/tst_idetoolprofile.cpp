// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The tool profile an IDE's config asks for, read back from what Connect an IDE wrote into a
// fake home, in each IDE's own format (JSON, JSONC, TOML, YAML); and a change of profile that
// keeps the user's other servers.

#include "core/ide/IdeConfig.h"
#include "core/ide/IdeToolProfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx::Core;
using Ide = IdeConfig::Ide;

class TestIdeToolProfile : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

    IdeConfig config(const QString &profile) const
    {
        IdeConfig::Paths paths {m_home.path(), m_home.path() + QStringLiteral("/.config")};
        paths.platform = IdeConfig::Platform::Linux;
        return IdeConfig(
            IdeConfig::withToolProfile({QStringLiteral("/opt/hopx/hopx-mcp"), {}}, profile), paths);
    }

private slots:
    void everyFormatReadsBack_data()
    {
        QTest::addColumn<int>("ide");
        for (Ide ide : IdeConfig::all())
            if (ide != Ide::Generic)
                QTest::newRow(qPrintable(IdeConfig::id(ide))) << int(ide);
    }
    void everyFormatReadsBack()
    {
        QFETCH(int, ide);
        const Ide which = Ide(ide);
        QCOMPARE(IdeToolProfile::read(config({}), which), QString()); // not connected
        for (const QString &profile :
            {QStringLiteral("full"), QStringLiteral("hopx-mcp"), QStringLiteral("compact")}) {
            const auto r = config(profile).install(which);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
            QCOMPARE(IdeToolProfile::read(config({}), which), profile);
        }
    }

    void changingTheProfileKeepsOtherServers()
    {
        const QString path = config({}).configPath(Ide::Cursor);
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"mcpServers": {"other": {"command": "other-mcp", "args": ["--tools", "x"]}}})");
        f.close();
        QVERIFY(config(QStringLiteral("full")).install(Ide::Cursor).ok());
        QCOMPARE(IdeToolProfile::read(config({}), Ide::Cursor), QStringLiteral("full"));
        QVERIFY(config({}).install(Ide::Cursor).ok());
        QCOMPARE(IdeToolProfile::read(config({}), Ide::Cursor), QStringLiteral("compact"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("other-mcp"));
    }

    void argumentForms_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("profile");
        QTest::newRow("none") << QStringList() << QStringLiteral("compact");
        QTest::newRow("split") << QStringList {QStringLiteral("--tools"), QStringLiteral("full")}
                               << QStringLiteral("full");
        QTest::newRow("joined") << QStringList {QStringLiteral("--tools=hopx-mcp")}
                                << QStringLiteral("hopx-mcp");
        QTest::newRow("flatpak") << QStringList {QStringLiteral("run"),
            QStringLiteral("--command=hopx-mcp"), QStringLiteral("dev.hopx.Desktop"),
            QStringLiteral("--tools"), QStringLiteral("full")}
                                 << QStringLiteral("full");
    }
    void argumentForms()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, profile);
        QCOMPARE(IdeToolProfile::fromArgs(args), profile);
    }
};

QTEST_GUILESS_MAIN(TestIdeToolProfile)
#include "tst_idetoolprofile.moc"
