// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// An allowlist sandbox under an XDG_STATE_HOME of 150 characters (what a long home makes): its
// egress socket's path, <state>/hopx-desktop/sandboxes/<id>/net/proxy.sock, passes the 108 bytes
// of sockaddr_un. Created, used through the proxy, and used again after the app restarts, with a
// real app, real sandboxes and a real loopback web server under an allowlisted name.
#include "upgrade/UpgradeApp.h"

#include <QDir>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/un.h>
#include <unistd.h>

using namespace HopxTest;

class TestLongStatePath : public QObject
{
    Q_OBJECT

    static constexpr int kStateLength = 150;

    QTemporaryDir m_dir {QDir::tempPath() + QStringLiteral("/hopx-longstate-XXXXXX")};
    QTemporaryDir m_site;
    QProcess m_server;
    int m_port = 0;

    //! python3's http.server on an ephemeral loopback port, serving m_site.
    bool startServer()
    {
        m_server.setProgram(QStringLiteral("/usr/bin/python3"));
        m_server.setArguments({QStringLiteral("-u"), QStringLiteral("-m"),
            QStringLiteral("http.server"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
            QStringLiteral("--directory"), m_site.path(), QStringLiteral("0")});
        m_server.start();
        QByteArray out;
        while (!out.contains(" port ") && m_server.waitForReadyRead(20000))
            out += m_server.readAllStandardOutput();
        const int at = out.indexOf(" port ");
        m_port = at < 0 ? 0 : out.mid(at + 6).split(' ').value(0).toInt();
        return m_port > 0;
    }
    static QString fetch(UpgradeApp &app, const QString &id, const QString &url)
    {
        return app.shell(
            id, QStringLiteral("curl -sS --max-time 20 -w ' %{http_code}' '%1' 2>&1").arg(url));
    }

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        QVERIFY(m_dir.isValid() && m_site.isValid());
        QFile page(m_site.filePath(QStringLiteral("hello.txt")));
        QVERIFY(page.open(QIODevice::WriteOnly) && page.write("hello from the host") > 0);
        page.close();
        QVERIFY(startServer());
    }
    void cleanupTestCase()
    {
        m_server.kill();
        m_server.waitForFinished(5000);
    }

    void anAllowlistSandboxWorksAndComesBackAfterARestart()
    {
        // UpgradeApp puts XDG_STATE_HOME at ROOT/xdg_state_home.
        const QString tail = QStringLiteral("/xdg_state_home");
        QString root = m_dir.path() + QStringLiteral("/a-long-home-");
        root += QString(kStateLength - root.size() - tail.size(), QLatin1Char('h'));
        QCOMPARE(QString(root + tail).size(), kStateLength);
        QVERIFY(QDir().mkpath(root));
        QSettings settings(root + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
            QSettings::IniFormat);
        settings.setValue(QStringLiteral("network/hostMap"),
            QStringList {QStringLiteral("site.test=127.0.0.1:%1").arg(m_port)});
        settings.sync();
        const QString url = QStringLiteral("http://site.test:%1/hello.txt").arg(m_port);

        UpgradeApp app(root);
        QVERIFY(app.start());
        const QJsonObject created = app.sc(QStringLiteral("create_sandbox"),
            {{"network", QJsonObject {{"allow", QJsonArray {"site.test"}}}}});
        const QString id = created.value(QStringLiteral("id")).toString();
        QVERIFY2(id.startsWith(QLatin1String("local-")),
            QByteArray(dump(created) + app.log().right(2000).toUtf8()).constData());
        const QString socket =
            root + tail + QStringLiteral("/hopx-desktop/sandboxes/%1/net/proxy.sock").arg(id);
        QVERIFY(QFileInfo::exists(socket));
        QVERIFY(size_t(QFile::encodeName(socket).size()) >= sizeof(sockaddr_un::sun_path));
        // Only the user may connect (the sandbox runs as the user).
        QCOMPARE(QFileInfo(socket).permissions()
                & (QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ReadOther
                    | QFileDevice::WriteOther),
            QFileDevice::Permissions());
        QCOMPARE(fetch(app, id, url), QStringLiteral("hello from the host 200"));
        // Only the allowlist: another name gets the proxy's 403.
        const QString denied = fetch(app, id, QStringLiteral("http://denied.test/"));
        QVERIFY2(denied.endsWith(QLatin1String(" 403")), qPrintable(denied));
        app.stop();
        QVERIFY2(!QFileInfo::exists(socket), "the socket outlived the app");

        UpgradeApp again(root);
        QVERIFY(again.start());
        QVERIFY2(again.waitUntilRunning({id}),
            QByteArray(dump(again.listed(id)) + again.log().right(2000).toUtf8()).constData());
        QCOMPARE(fetch(again, id, url), QStringLiteral("hello from the host 200"));
        again.stop();
    }
};

QTEST_GUILESS_MAIN(TestLongStatePath)
#include "tst_longstatepath.moc"
