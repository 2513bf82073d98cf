// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Egress policies through a real app and real sandboxes: pip and npm installs from a loopback
// index that the proxy reaches under allowlisted names (the settings' host map), and every
// way out that must stay shut (other names, raw IPs, the host's loopback services).
#include "support/McpTestClient.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QTcpServer>
#include <QTest>

#include <unistd.h>

using namespace HopxTest;

class TestEgress : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<McpClient> m_client;
    QTemporaryDir m_indexDir;
    QProcess m_index;
    int m_port = 0;
    QString m_log; // the app's stderr

    QJsonObject tool(const QString &name, const QJsonObject &args = {}, int timeoutMs = 180000)
    {
        return m_client->callTool(name, args, timeoutMs);
    }
    static QJsonObject sc(const QJsonObject &result)
    {
        return result.value(QStringLiteral("structuredContent")).toObject();
    }
    static QString dump(const QJsonObject &o)
    {
        return QString::fromUtf8(QJsonDocument(o).toJson());
    }
    QString create(const QJsonValue &network)
    {
        const QJsonObject r = tool(QStringLiteral("create_sandbox"), {{"network", network}});
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        if (!id.startsWith(QLatin1String("local-")))
            qWarning().noquote() << "create_sandbox failed:" << dump(r);
        return id;
    }
    QJsonObject exec(
        const QString &id, const QString &code, const QString &language = QStringLiteral("python"))
    {
        return sc(tool(QStringLiteral("execute_code"),
            {{"sandbox_id", id}, {"code", code}, {"language", language}, {"timeout", 120}}));
    }
    QJsonObject command(const QString &id, const QString &cmd)
    {
        return sc(tool(QStringLiteral("run_command"),
            {{"sandbox_id", id}, {"command", cmd}, {"timeout", 120}}));
    }
    QString pipIndex() const
    {
        return QStringLiteral("--index-url http://pypi.test:%1/simple/ --trusted-host pypi.test")
            .arg(m_port);
    }
    QString appLog() const
    {
        QFile f(m_log);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    QString cacheDir() const
    {
        return m_app->root() + QStringLiteral("/xdg_cache_home/hopx-desktop/packages");
    }
    //! Where the cache keeps the test index's file \a relative (by its real sha256).
    QString blobOf(const QString &relative) const
    {
        QFile f(m_indexDir.path() + QLatin1Char('/') + relative);
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("(missing %1)").arg(relative);
        return cacheDir() + QStringLiteral("/blobs/sha256/")
            + QString::fromLatin1(
                QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex());
    }
    static QString out(const QJsonObject &r)
    {
        return r.value(QStringLiteral("stdout")).toString();
    }
    static int exitCode(const QJsonObject &r)
    {
        return r.value(QStringLiteral("exit_code")).toInt();
    }
    bool startIndex()
    {
        m_index.setProgram(QStringLiteral("/usr/bin/python3"));
        m_index.setArguments(
            {QStringLiteral(HOPX_SOURCE_DIR "/tests/tools/egress/package_index.py"),
                m_indexDir.path()});
        m_index.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_index.start();
        if (!m_index.waitForStarted(5000))
            return false;
        QByteArray out;
        while (!out.contains('\n') && m_index.waitForReadyRead(20000))
            out += m_index.readAll();
        if (!out.startsWith("PORT "))
            return false;
        m_port = out.mid(5, out.indexOf('\n') - 5).toInt();
        return m_port > 0;
    }

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        if (::access("/usr/lib/python3/dist-packages/pip", F_OK) != 0)
            QSKIP("Debian's python3-pip is not installed (scripts/test.sh installs it)");
        QVERIFY(startIndex());
        m_app = std::make_unique<HeadlessApp>();
        // The loopback index under two allowlistable names, on its own port only.
        QSettings settings(
            m_app->root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
            QSettings::IniFormat);
        settings.setValue(QStringLiteral("network/hostMap"),
            QStringList {QStringLiteral("pypi.test=127.0.0.1:%1").arg(m_port),
                QStringLiteral("npm.test=127.0.0.1:%1").arg(m_port),
                QStringLiteral("goproxy.test=127.0.0.1:%1").arg(m_port)});
        // The package cache's upstream: the same index, as the settings name it.
        settings.setValue(QStringLiteral("packages/pypiIndex"),
            QStringLiteral("http://pypi.test:%1/simple/").arg(m_port));
        settings.setValue(QStringLiteral("packages/npmRegistry"),
            QStringLiteral("http://npm.test:%1/npm/").arg(m_port));
        settings.sync();
        m_log = m_app->root() + QStringLiteral("/app.log");
        m_app->process().setProcessChannelMode(QProcess::SeparateChannels);
        m_app->process().setStandardErrorFile(m_log);
        QVERIFY(m_app->start());
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<McpClient>(m_socket.get());
        QVERIFY(m_client->initialize());
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_socket.reset();
        m_app.reset();
        m_index.kill();
        m_index.waitForFinished(5000);
    }

    void badPoliciesAreRefused_data()
    {
        QTest::addColumn<QJsonValue>("network");
        QTest::newRow("unknown mode") << QJsonValue(QStringLiteral("some"));
        QTest::newRow("not a host") << QJsonValue(QJsonArray {QStringLiteral("http://x/")});
        QTest::newRow("unknown key") << QJsonValue(QJsonObject {{"deny", QJsonArray {}}});
    }
    void badPoliciesAreRefused()
    {
        QFETCH(QJsonValue, network);
        const QJsonObject r = tool(QStringLiteral("create_sandbox"), {{"network", network}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), qPrintable(dump(r)));
        // Either the schema or the policy parser refuses it; both name the argument.
        QVERIFY2(dump(r).contains(QLatin1String("network")), qPrintable(dump(r)));
    }

    void pipInstallIsImportableInTheRunningKernel()
    {
        const QString id = create(QJsonObject {{"allow", QJsonArray {"pypi.test"}}});
        QVERIFY(!id.isEmpty());
        // The kernel is running before anything is installed.
        QCOMPARE(exec(id, QStringLiteral("import numpy, pandas, matplotlib\nprint('host ok')"))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("host ok\n"));
        const QJsonObject pip =
            exec(id, QStringLiteral("%pip install %1 hopxdemo").arg(pipIndex()));
        QVERIFY2(pip.value(QStringLiteral("stdout"))
                     .toString()
                     .contains(QLatin1String("Successfully installed hopxdemo-1.0")),
            qPrintable(dump(pip)));
        const QJsonObject imported = exec(
            id, QStringLiteral("import hopxdemo, numpy\nprint(hopxdemo.VALUE, hopxdemo.__file__)"));
        QVERIFY2(imported.value(QStringLiteral("stdout"))
                     .toString()
                     .startsWith(QLatin1String("installed by pip /home/user/.local/lib/python3")),
            qPrintable(dump(imported)));
        // run_command's pip, then the same kernel (no restart) imports it.
        const QJsonObject cmd =
            command(id, QStringLiteral("pip install %1 hopxtwo").arg(pipIndex()));
        QVERIFY2(cmd.value(QStringLiteral("exit_code")).toInt() == 0, qPrintable(dump(cmd)));
        const QJsonObject two = exec(id, QStringLiteral("import hopxtwo\nprint(hopxtwo.VALUE)"));
        QCOMPARE(two.value(QStringLiteral("stdout")).toString(),
            QStringLiteral("installed by run_command\n"));
        // `!pip` works too and says what is there.
        const QJsonObject list = exec(id, QStringLiteral("!pip list --user"));
        QVERIFY2(list.value(QStringLiteral("stdout")).toString().contains(QLatin1String("hopxtwo")),
            qPrintable(dump(list)));
        QVERIFY(
            appLog().contains(QStringLiteral("egress allowed: sandbox %1 host pypi.test").arg(id)));
        const QJsonObject listed = sc(tool(QStringLiteral("list_packages"), {{"sandbox_id", id}}));
        QCOMPARE(listed.value(QStringLiteral("python_installed_here")).toObject(),
            (QJsonObject {{"hopxdemo", "1.0"}, {"hopxtwo", "2.0"}}));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void npmInstallThenRequire()
    {
        const QString id = create(QJsonArray {"npm.test"});
        QVERIFY(!id.isEmpty());
        const QJsonObject npm = command(id,
            QStringLiteral(
                "cd /workspace && npm install --registry http://npm.test:%1/npm/ hopx-demo")
                .arg(m_port));
        QVERIFY2(npm.value(QStringLiteral("exit_code")).toInt() == 0, qPrintable(dump(npm)));
        const QJsonObject js = exec(id, QStringLiteral("console.log(require('hopx-demo').value)"),
            QStringLiteral("javascript"));
        QVERIFY2(
            js.value(QStringLiteral("stdout")).toString() == QLatin1String("installed by npm\n"),
            qPrintable(dump(js)));
        QCOMPARE(sc(tool(QStringLiteral("list_packages"), {{"sandbox_id", id}}))
                     .value(QStringLiteral("node"))
                     .toObject(),
            (QJsonObject {{"hopx-demo", "1.0.0"}}));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void goModulesThroughTheProxy()
    {
        if (::access("/usr/bin/go", X_OK) != 0)
            QSKIP("Go is not installed (Debian: golang-go)");
        const QString id = create(QJsonArray {"goproxy.test"});
        QVERIFY(!id.isEmpty());
        // The module proxy under an allowlisted name; no checksum database is reachable, so
        // go.sum comes from what was downloaded.
        const QJsonObject get = command(id,
            QStringLiteral("mkdir -p /workspace/app && cd /workspace/app && go mod init "
                           "example.test/app && GOPROXY=http://goproxy.test:%1/goproxy "
                           "GOSUMDB=off go get go.test/hopxdemo@v1.0.0")
                .arg(m_port));
        QVERIFY2(get.value(QStringLiteral("exit_code")).toInt() == 0, qPrintable(dump(get)));
        // Built offline from the sandbox's module cache (the sandbox's own GOPROXY is not used).
        const QJsonObject run = command(id,
            QStringLiteral(
                "cd /workspace/app && printf 'package main\\n\\nimport (\\n\\t\"fmt\"\\n"
                "\\t\"go.test/hopxdemo\"\\n)\\n\\nfunc main() { fmt.Println(hopxdemo.Value) "
                "}\\n' > main.go && GOPROXY=off go run ."));
        QVERIFY2(run.value(QStringLiteral("stdout")).toString()
                == QLatin1String("installed by go get\n"),
            qPrintable(dump(run)));
        QVERIFY(appLog().contains(QStringLiteral("host goproxy.test")));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void everyOtherWayOutIsShut()
    {
        QTcpServer hostService; // stands for the user's (or the app's) loopback services
        QVERIFY(hostService.listen(QHostAddress::LocalHost));
        const QString id = create(QJsonObject {{"allow", QJsonArray {"pypi.test", "127.0.0.1"}}});
        QVERIFY(!id.isEmpty());
        struct Probe
        {
            QString url;
            QString host; // what the result must name
        };
        const QList<Probe> probes {
            {QStringLiteral("http://denied.test/"), QStringLiteral("denied.test")},
            {QStringLiteral("https://denied-tls.test/"), QStringLiteral("denied-tls.test")},
            {QStringLiteral("http://10.1.2.3:%1/").arg(hostService.serverPort()),
                QStringLiteral("10.1.2.3")},
            // Allowlisted as a raw IP, but a loopback address is never dialled.
            {QStringLiteral("http://127.0.0.1:%1/").arg(hostService.serverPort()),
                QStringLiteral("127.0.0.1")},
            {QStringLiteral("http://localhost:%1/").arg(hostService.serverPort()),
                QStringLiteral("localhost")},
            // The mapped name is good for the index's port only.
            {QStringLiteral("http://pypi.test:%1/").arg(hostService.serverPort()),
                QStringLiteral("pypi.test")},
        };
        for (const Probe &p : probes) {
            // --noproxy '': loopback URLs go to the proxy too (NO_PROXY keeps them inside).
            const QJsonObject r = command(id,
                QStringLiteral("curl -sS --noproxy '' -o /dev/stderr -w '%{http_code}' "
                               "--max-time 20 '%1'")
                    .arg(p.url));
            const QString out = r.value(QStringLiteral("stdout")).toString();
            QVERIFY2(out == QLatin1String("403") || out == QLatin1String("000"),
                qPrintable(p.url + dump(r)));
            QVERIFY2(r.value(QStringLiteral("_note")).toString().contains(p.host),
                qPrintable(p.url + dump(r)));
            QVERIFY2(appLog().contains(
                         QStringLiteral("egress denied: sandbox %1 host %2").arg(id, p.host)),
                qPrintable(p.url));
        }
        // The 403's body says how to allow the host.
        const QJsonObject body = command(id, QStringLiteral("curl -s http://denied.test/"));
        QVERIFY2(body.value(QStringLiteral("stdout"))
                     .toString()
                     .contains(QLatin1String("blocked the connection to denied.test")),
            qPrintable(dump(body)));
        // Around the proxy: no route, no DNS, no host socket.
        const QJsonObject direct = exec(id,
            QStringLiteral(
                "import socket\ntry:\n    s = socket.create_connection(('127.0.0.1', %1), 3)\n"
                "    print('CONNECTED')\nexcept OSError as e:\n    print('refused', e.errno)\n"
                "try:\n    socket.getaddrinfo('pypi.org', 443)\n    print('RESOLVED')\n"
                "except OSError as e:\n    print('no dns')\n")
                .arg(hostService.serverPort()));
        QVERIFY2(
            !direct.value(QStringLiteral("stdout")).toString().contains(QLatin1String("CONNECTED"))
                && direct.value(QStringLiteral("stdout"))
                       .toString()
                       .contains(QLatin1String("no dns")),
            qPrintable(dump(direct)));
        QVERIFY(!hostService.hasPendingConnections());
        // The proxy socket does not hand out Unix sockets either: an absolute URL of another
        // scheme is refused.
        const QJsonObject unixUrl = command(
            id, QStringLiteral("curl -s -o /dev/null -w '%{http_code}' 'ftp://pypi.test/'"));
        QVERIFY2(unixUrl.value(QStringLiteral("stdout")).toString() != QLatin1String("200"),
            qPrintable(dump(unixUrl)));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    // The agent hands the app its TCP connections (EgressListener); the socket takes nothing
    // else. A program dialing the socket itself is still checked like any other request.
    void theProxySocketTakesOnlyTcpConnections()
    {
        const QString id = create(QJsonObject {{"allow", QJsonArray {"pypi.test"}}});
        QVERIFY(!id.isEmpty());
        const QString url = QStringLiteral("http://pypi.test:%1/simple/").arg(m_port);
        const QJsonObject direct = command(id,
            QStringLiteral(
                "curl -s --noproxy '*' --unix-socket /run/sbx/net/proxy.sock "
                "--request-target '%1' '%1'; echo; curl -s -o /dev/null -w '%{http_code}' "
                "--noproxy '*' --unix-socket /run/sbx/net/proxy.sock --request-target "
                "http://denied.test/ http://denied.test/")
                .arg(url));
        QVERIFY2(
            direct.value(QStringLiteral("stdout")).toString().contains(QLatin1String("hopxdemo")),
            qPrintable(dump(direct)));
        QVERIFY2(direct.value(QStringLiteral("stdout")).toString().endsWith(QLatin1String("403")),
            qPrintable(dump(direct)));

        // A pipe, a file, a UDP socket, a Unix socket and two descriptors, each sent as if it
        // were a connection: dropped (the Unix socket's other end gets no answer to a request
        // it writes), and the proxy serves on.
        const QJsonObject hostile = exec(id,
            QStringLiteral(R"(import os, socket
req = b'GET %1 HTTP/1.1\r\nHost: pypi.test\r\n\r\n'
def probe(name, fds, peer=None):
    s = socket.socket(socket.AF_UNIX)
    s.connect('/run/sbx/net/proxy.sock')
    socket.send_fds(s, [b'\0'], fds)
    s.settimeout(5)
    try:
        closed = s.recv(100) == b''
    except OSError:
        closed = False
    answered = False
    if peer is not None:
        peer.settimeout(3)
        try:
            peer.sendall(req)
            answered = bool(peer.recv(100))
        except OSError:
            pass
    print(name, 'closed' if closed else 'open', 'answered' if answered else 'unanswered')
r, w = os.pipe()
a, b = socket.socketpair()
probe('pipe', [r])
probe('udp', [socket.socket(socket.AF_INET, socket.SOCK_DGRAM).fileno()])
probe('unix', [a.fileno()], b)
probe('file', [open('/workspace/x', 'w').fileno()])
probe('two', [r, w])
)")
                .arg(url));
        const QString out = hostile.value(QStringLiteral("stdout")).toString();
        for (const char *name : {"pipe", "udp", "unix", "file", "two"})
            QVERIFY2(out.contains(QStringLiteral("%1 closed unanswered").arg(QLatin1String(name))),
                qPrintable(dump(hostile)));
        QVERIFY2(
            appLog().contains(QLatin1String("dropped a connection")), qPrintable(dump(hostile)));
        const QJsonObject after =
            command(id, QStringLiteral("env -u NO_PROXY -u no_proxy curl -s '%1'").arg(url));
        QVERIFY2(
            after.value(QStringLiteral("stdout")).toString().contains(QLatin1String("hopxdemo")),
            qPrintable(dump(after)));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void tamperedFileIsRefusedAndNotCached()
    {
        const QString id = create(QJsonObject {{"allow", QJsonArray {"pypi.test"}}});
        QVERIFY(!id.isEmpty());
        // Twice: the second attempt meets the same refusal, nothing was kept in between.
        for (int attempt = 0; attempt < 2; ++attempt) {
            const QJsonObject pip =
                command(id, QStringLiteral("pip install --no-cache-dir hopxbad 2>&1"));
            QVERIFY2(exitCode(pip) != 0, qPrintable(dump(pip)));
            QVERIFY2(
                out(pip).contains(QLatin1String(
                    "hopxbad-1.0-py3-none-any.whl does not match the hash its index published")),
                qPrintable(dump(pip)));
        }
        QVERIFY(appLog().contains(
            QStringLiteral("package cache: sandbox %1 refused hopxbad-1.0-py3-none-any.whl from "
                           "pypi.test")
                .arg(id)));
        QVERIFY(
            !QFile::exists(blobOf(QStringLiteral("simple/hopxbad/hopxbad-1.0-py3-none-any.whl"))));
        QVERIFY2(QDir(cacheDir() + QStringLiteral("/blobs/sha256")).isEmpty(),
            qPrintable(QDir(cacheDir() + QStringLiteral("/blobs/sha256")).entryList().join(' ')));
        QVERIFY(QDir(cacheDir() + QStringLiteral("/tmp")).isEmpty());
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    // It stops the test index: the tests after it do not need it.
    void packagesInstallFromTheCacheWithTheIndexStopped()
    {
        const QJsonObject both {{"allow", QJsonArray {"pypi.test", "npm.test"}}};
        const QString a = create(both);
        QVERIFY(!a.isEmpty());
        // No --index-url, no --registry: pip and npm use the cache by default.
        const QJsonObject pip = exec(a, QStringLiteral("%pip install hopxcached"));
        QVERIFY2(out(pip).contains(QLatin1String("Successfully installed hopxcached-1.0")),
            qPrintable(dump(pip)));
        QCOMPARE(out(exec(a, QStringLiteral("import hopxcached\nprint(hopxcached.VALUE)"))),
            QStringLiteral("installed from the cache\n"));
        const QJsonObject npm =
            command(a, QStringLiteral("cd /workspace && npm install hopx-demo 2>&1"));
        QVERIFY2(exitCode(npm) == 0, qPrintable(dump(npm)));
        const QString wheel =
            blobOf(QStringLiteral("simple/hopxcached/hopxcached-1.0-py3-none-any.whl"));
        QVERIFY2(QFile::exists(wheel), qPrintable(wheel));
        QVERIFY(appLog().contains(
            QStringLiteral("package cache: sandbox %1 stored hopxcached-1.0-py3-none-any.whl")
                .arg(a)));
        QVERIFY(appLog().contains(
            QStringLiteral("package cache: sandbox %1 stored hopx-demo-1.0.0.tgz").arg(a)));
        tool(QStringLiteral("delete_sandbox"), {{"id", a}});

        m_index.kill();
        QVERIFY(m_index.waitForFinished(5000));
        const QString b = create(both);
        QVERIFY(!b.isEmpty());
        const QJsonObject again = command(b, QStringLiteral("pip install hopxcached 2>&1"));
        QVERIFY2(exitCode(again) == 0, qPrintable(dump(again)));
        QCOMPARE(out(exec(b, QStringLiteral("import hopxcached\nprint(hopxcached.VALUE)"))),
            QStringLiteral("installed from the cache\n"));
        const QJsonObject npmAgain =
            command(b, QStringLiteral("cd /workspace && npm install hopx-demo 2>&1"));
        QVERIFY2(exitCode(npmAgain) == 0, qPrintable(dump(npmAgain)));
        const QJsonObject js = exec(b, QStringLiteral("console.log(require('hopx-demo').value)"),
            QStringLiteral("javascript"));
        QCOMPARE(out(js), QStringLiteral("installed by npm\n"));
        QVERIFY(appLog().contains(
            QStringLiteral("package cache: sandbox %1 served hopxcached-1.0-py3-none-any.whl from "
                           "the cache")
                .arg(b)));
        tool(QStringLiteral("delete_sandbox"), {{"id", b}});

        // A sandbox whose policy does not name the index gets nothing from the cache either.
        const QString npmOnly = create(QJsonArray {"npm.test"});
        QVERIFY(!npmOnly.isEmpty());
        const QJsonObject refused = command(npmOnly, QStringLiteral("pip install hopxcached 2>&1"));
        QVERIFY2(exitCode(refused) != 0, qPrintable(dump(refused)));
        QVERIFY2(
            refused.value(QStringLiteral("_note")).toString().contains(QLatin1String("pypi.test")),
            qPrintable(dump(refused)));
        QVERIFY(appLog().contains(
            QStringLiteral("egress denied: sandbox %1 host pypi.test").arg(npmOnly)));
        tool(QStringLiteral("delete_sandbox"), {{"id", npmOnly}});
        const QString pypiOnly = create(QJsonArray {"pypi.test"});
        QVERIFY(!pypiOnly.isEmpty());
        const QJsonObject npmRefused =
            command(pypiOnly, QStringLiteral("cd /workspace && npm install hopx-demo 2>&1"));
        QVERIFY2(exitCode(npmRefused) != 0, qPrintable(dump(npmRefused)));
        QVERIFY(appLog().contains(
            QStringLiteral("egress denied: sandbox %1 host npm.test").arg(pypiOnly)));
        tool(QStringLiteral("delete_sandbox"), {{"id", pypiOnly}});
    }

    void noPolicyMeansNoWayOut()
    {
        const QString id = create(QStringLiteral("none"));
        QVERIFY(!id.isEmpty());
        const QJsonObject r = command(id,
            QStringLiteral(
                "env | grep -ci _proxy=; ls /run/sbx/net 2>&1 | head -1; curl -sS --max-time 5 "
                "http://pypi.test:%1/simple/ 2>&1 | head -1")
                .arg(m_port));
        QVERIFY2(r.value(QStringLiteral("stdout")).toString().startsWith(QLatin1String("0\n")),
            qPrintable(dump(r)));
        QVERIFY2(!r.value(QStringLiteral("stdout")).toString().contains(QLatin1String("hopxdemo")),
            qPrintable(dump(r)));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }
};

QTEST_GUILESS_MAIN(TestEgress)
#include "tst_egress.moc"
