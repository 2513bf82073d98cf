// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The tool profiles as a client meets them: tools/list through the real hopx-mcp (its --tools
// flag, the hello, the app) and over Streamable HTTP (?tools=, X-HOPX-Tools); the compact
// default within its budget; calls by name outside the profile; a typo in a profile name.
#include "HttpTestClient.h"
#include "support/McpClient.h"
#include "support/McpTestClient.h"
#include "support/ProcessState.h"
#include "support/PythonServerTools.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace HopxTest;
using Headers = QList<QPair<QByteArray, QByteArray>>;

namespace {

const QStringList &kPythonServerTools = HopxTest::pythonServerTools();

QStringList namesOf(const QJsonArray &tools)
{
    QStringList names;
    for (const QJsonValue &t : tools)
        names.append(t.toObject().value(QStringLiteral("name")).toString());
    return names;
}

Headers jsonHeaders()
{
    return {
        {"Accept", "application/json, text/event-stream"}, {"Content-Type", "application/json"}};
}

const QByteArray kInit =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})";
const QByteArray kList = R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})";

//! The JSON-RPC message of a response, whether it came as JSON or as one SSE event.
QJsonObject messageOf(const HttpResponse &r)
{
    const QJsonObject plain = r.json();
    if (!plain.isEmpty())
        return plain;
    const QList<QJsonObject> events = r.events();
    return events.isEmpty() ? QJsonObject() : events.last();
}

quint16 startWithHttp(HeadlessApp &app)
{
    app.process().setProcessChannelMode(QProcess::SeparateChannels);
    if (!app.start())
        return 0;
    const QRegularExpression re(
        QStringLiteral("HTTP MCP endpoint: http://127\\.0\\.0\\.1:(\\d+)/mcp"));
    QByteArray err;
    quint16 port = 0;
    (void)QTest::qWaitFor(
        [&]() {
            err += app.process().readAllStandardError();
            const auto m = re.match(QString::fromUtf8(err));
            if (m.hasMatch())
                port = quint16(m.captured(1).toUInt());
            return port != 0 || app.process().state() != QProcess::Running;
        },
        15000);
    return port;
}

} // namespace

class TestToolSurface : public QObject
{
    Q_OBJECT

    std::unique_ptr<HeadlessApp> m_app;

    //! tools/list through hopx-mcp started with `args`, as an IDE starts it.
    QJsonObject listThroughBridge(const QStringList &args, qsizetype *lineBytes = nullptr)
    {
        QProcess bridge;
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
        env.insert(QStringLiteral("HOPX_MCP_SOCKET"), m_app->socketPath());
        bridge.setProcessEnvironment(env);
        bridge.start(binPath(QStringLiteral("hopx-mcp")),
            QStringList {QStringLiteral("--no-launch")} + args);
        if (!bridge.waitForStarted(5000))
            return {};
        McpClient c(&bridge);
        if (!c.initialize())
            return {};
        const QJsonObject list = c.call(QStringLiteral("tools/list"));
        if (lineBytes)
            *lineBytes = QJsonDocument(list.value(QStringLiteral("tools")).toArray())
                             .toJson(QJsonDocument::Compact)
                             .size();
        bridge.closeWriteChannel();
        exited(bridge, 5000);
        return list;
    }

private slots:
    void initTestCase()
    {
        m_app = std::make_unique<HeadlessApp>();
        QVERIFY(m_app->start());
    }
    void cleanupTestCase() { m_app.reset(); }

    void theDefaultIsCompactAndFitsTheBudget()
    {
        qsizetype bytes = 0;
        const QJsonObject list = listThroughBridge({}, &bytes);
        const QStringList names = namesOf(list.value(QStringLiteral("tools")).toArray());
        qInfo("compact through hopx-mcp: %d tools, %lld bytes, ~%lld tokens", int(names.size()),
            qint64(bytes), qint64(bytes / 4));
        QVERIFY2(!names.isEmpty() && names.size() <= 16, qPrintable(names.join(u' ')));
        QVERIFY2(bytes / 4 <= 4000, qPrintable(QString::number(bytes / 4)));
        QVERIFY(names.contains(QStringLiteral("run")));
        QVERIFY(!names.contains(QStringLiteral("execute_code_rich")));
        QVERIFY(!list.contains(QStringLiteral("nextCursor")));
    }

    void hopxMcpOffersThePythonServersTools()
    {
        const QJsonObject list =
            listThroughBridge({QStringLiteral("--tools"), QStringLiteral("hopx-mcp")});
        QCOMPARE(namesOf(list.value(QStringLiteral("tools")).toArray()), kPythonServerTools);
    }

    void fullOffersEveryTool()
    {
        const QStringList names = namesOf(listThroughBridge({QStringLiteral("--tools=full")})
                                              .value(QStringLiteral("tools"))
                                              .toArray());
        QVERIFY2(names.size() >= 50, qPrintable(QString::number(names.size())));
        for (const QString &tool : kPythonServerTools)
            QVERIFY2(names.contains(tool), qPrintable(tool));
        QVERIFY(names.contains(QStringLiteral("fork_sandbox")));
        QVERIFY(!names.contains(QStringLiteral("run"))); // the compact tools route to these
    }

    void aToolOutsideTheProfileAnswersByName()
    {
        QProcess bridge;
        QProcessEnvironment env;
        env.insert(QStringLiteral("HOPX_MCP_SOCKET"), m_app->socketPath());
        bridge.setProcessEnvironment(env);
        bridge.start(binPath(QStringLiteral("hopx-mcp")), {QStringLiteral("--no-launch")});
        QVERIFY(bridge.waitForStarted(5000));
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        // A prompt written for the Python server names its tools; they still run.
        const QJsonObject templates = c.callTool(QStringLiteral("list_templates"));
        QVERIFY2(!templates.value(QStringLiteral("isError")).toBool(),
            QJsonDocument(templates).toJson().constData());
        // An unknown name's error tells the model what it can call instead.
        const qint64 id = c.startTool(QStringLiteral("execute_python"));
        const auto error = c.response(id);
        QVERIFY(error);
        const QString message = error->value(QStringLiteral("error"))
                                    .toObject()
                                    .value(QStringLiteral("message"))
                                    .toString();
        QVERIFY2(message.contains(QStringLiteral("execute_python"))
                && message.contains(QStringLiteral("run, processes, create_sandbox")),
            qPrintable(message));
        bridge.closeWriteChannel();
        exited(bridge, 5000);
    }

    void aMistypedProfileFailsWhereTheIdeShowsIt()
    {
        QProcess bridge;
        bridge.start(binPath(QStringLiteral("hopx-mcp")),
            {QStringLiteral("--tools"), QStringLiteral("compcat")});
        QVERIFY(exited(bridge, 5000));
        QCOMPARE(bridge.exitCode(), 2);
        QVERIFY(bridge.readAllStandardError().contains("use compact, hopx-mcp or full"));
    }

    void theBridgeKnowsEveryProfileOfTheApp()
    {
        // The app names its profiles when given one it lacks; the bridge must accept each.
        QProcess app;
        app.setProcessEnvironment(m_app->environment());
        app.start(binPath(QStringLiteral("hopx-desktop")),
            {QStringLiteral("--list-tools"), QStringLiteral("--tools"), QStringLiteral("nope")});
        QVERIFY(exited(app, 10000));
        QCOMPARE(app.exitCode(), 2);
        const QString err = QString::fromUtf8(app.readAllStandardError());
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("\\(use ([^)]+)\\)")).match(err);
        QVERIFY2(m.hasMatch(), qPrintable(err));
        const QStringList profiles = m.captured(1).split(QStringLiteral(", "));
        QCOMPARE(profiles,
            QStringList(
                {QStringLiteral("compact"), QStringLiteral("hopx-mcp"), QStringLiteral("full")}));
        for (const QString &profile : profiles) {
            QProcess bridge;
            bridge.start(binPath(QStringLiteral("hopx-mcp")),
                {QStringLiteral("--tools"), profile, QStringLiteral("--help")});
            QVERIFY(exited(bridge, 5000));
            QVERIFY2(bridge.exitCode() == 0, qPrintable(profile));
        }
    }

    void httpChoosesTheProfileByQueryOrHeader()
    {
        HeadlessApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0")});
        // No token file dance: the test server's flag is not needed, the token is read back.
        const quint16 port = startWithHttp(app);
        QVERIFY(port != 0);
        QFile tokenFile(app.root() + QStringLiteral("/run/hopx-desktop/http-token"));
        QVERIFY(tokenFile.open(QIODevice::ReadOnly));
        const QByteArray token = tokenFile.readAll().trimmed();
        const auto listed = [&](const QByteArray &path, const Headers &extra) {
            HttpTestClient client(port);
            Headers h = jsonHeaders();
            h.append(qMakePair(QByteArray("Authorization"), "Bearer " + token));
            h.append(extra);
            client.startRequest("POST", h, kInit, path);
            const HttpResponse init = client.waitForResponse();
            if (init.status != 200)
                return QStringList {QStringLiteral("HTTP %1").arg(init.status)};
            h.append(qMakePair(QByteArray("Mcp-Session-Id"), init.header("mcp-session-id")));
            h.append(qMakePair(QByteArray("MCP-Protocol-Version"), QByteArray("2025-11-25")));
            client.startRequest("POST", h, kList, path);
            return namesOf(messageOf(client.waitForResponse())
                               .value(QStringLiteral("result"))
                               .toObject()
                               .value(QStringLiteral("tools"))
                               .toArray());
        };
        const QStringList compact = listed("/mcp", {});
        QVERIFY2(compact.contains(QStringLiteral("run")) && compact.size() <= 16,
            qPrintable(compact.join(u' ')));
        QCOMPARE(listed("/mcp?tools=hopx-mcp", {}), kPythonServerTools);
        QCOMPARE(listed("/mcp", {qMakePair(QByteArray("X-HOPX-Tools"), QByteArray("hopx-mcp"))}),
            kPythonServerTools);
        QVERIFY(listed("/mcp?tools=full", {}).size() >= 50);

        HttpTestClient client(port);
        Headers h = jsonHeaders();
        h.append(qMakePair(QByteArray("Authorization"), "Bearer " + token));
        client.startRequest("POST", h, kInit, "/mcp?tools=everything");
        const HttpResponse bad = client.waitForResponse();
        QCOMPARE(bad.status, 400);
        QVERIFY2(bad.body.contains(
                     "Unknown tool profile \\\"everything\\\": use one of compact, hopx-mcp, full"),
            bad.body.constData());
    }
};

QTEST_GUILESS_MAIN(TestToolSurface)
#include "tst_toolsurface.moc"
