// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/ClientListModel.h"

#include "session/SessionObserver.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "tools/ToolResult.h"
#include "transport/LocalConnection.h"
#include "transport/LocalServer.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Hopx;
using namespace Hopx::Core;

class TestClientListModel : public QObject
{
    Q_OBJECT

    std::unique_ptr<ClientListModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    static QByteArray line(const QJsonObject &o)
    {
        return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    }
    static QByteArray initialize(const QString &name, const QString &version)
    {
        return line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
            {QStringLiteral("method"), QStringLiteral("initialize")},
            {QStringLiteral("params"),
                QJsonObject {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                    {QStringLiteral("capabilities"), QJsonObject {}},
                    {QStringLiteral("clientInfo"),
                        QJsonObject {{QStringLiteral("name"), name},
                            {QStringLiteral("version"), version}}}}}});
    }

private slots:
    void init()
    {
        m_model = std::make_unique<ClientListModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    }
    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void addUpdateRemove()
    {
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        ClientListModel::Client a {1, QStringLiteral("Cursor"), QStringLiteral("1.7"),
            QStringLiteral("2025-06-18"), QString(), QDateTime::currentDateTime(), 0, 42};
        ClientListModel::Client b {2, QStringLiteral("claude-code"), QStringLiteral("2.0.14"),
            QStringLiteral("2025-11-25"), QStringLiteral("hopx-mcp"), QDateTime::currentDateTime(),
            3, 43};
        m_model->addClient(a);
        m_model->addClient(b);
        QCOMPARE(m_model->rowCount(), 2);
        // The profile each was offered; one that asked for none got the default.
        QCOMPARE(
            m_model->index(0, ClientListModel::Tools).data().toString(), QStringLiteral("compact"));
        QCOMPARE(m_model->index(1, ClientListModel::Tools).data().toString(),
            QStringLiteral("hopx-mcp"));
        QCOMPARE(m_model->index(1, ClientListModel::Calls).data().toInt(), 3);
        m_model->setCalls(2, 4);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().column(), int(ClientListModel::Calls));
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>().column(), int(ClientListModel::Calls));
        m_model->setCalls(2, 4); // no change, no signal
        QCOMPARE(changed.count(), 1);
        m_model->removeClient(1);
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, ClientListModel::Name).data().toString(),
            QStringLiteral("claude-code"));
        m_model->removeClient(99);
        QCOMPARE(m_model->rowCount(), 1);
    }

    void followsARealServer()
    {
        QTemporaryDir dir;
        Mcp::ToolRegistry registry;
        Mcp::ToolSpec spec;
        spec.name = QStringLiteral("echo");
        spec.description = QStringLiteral("echo");
        spec.inputSchema = QJsonObject {{QStringLiteral("type"), QStringLiteral("object")}};
        registry.add(spec,
            [](Mcp::ToolCall *call) { call->finish(Mcp::ToolResult::text(QStringLiteral("hi"))); });
        Mcp::SessionObserver observer;
        Mcp::LocalServer server(Mcp::ServerConfig {},
            Mcp::ServerContext {&registry, nullptr, nullptr, nullptr, &observer});
        const QString name = dir.path() + QStringLiteral("/mcp.sock");
        QCOMPARE(server.listen(name), Mcp::LocalServer::ListenResult::Listening);
        m_model->attach(&observer);

        // A probe and an activation request never show up as clients.
        QSignalSpy activation(&server, &Mcp::LocalServer::activationRequested);
        QLocalSocket activator;
        activator.connectToServer(name);
        QVERIFY(activator.waitForConnected(2000));
        activator.write(Mcp::LocalConnection::activationLine() + '\n');
        QTRY_COMPARE(activation.count(), 1);
        QTRY_COMPARE(activator.state(), QLocalSocket::UnconnectedState);

        QLocalSocket client;
        client.connectToServer(name);
        QVERIFY(client.waitForConnected(2000));
        QTRY_COMPARE(server.connections().size(), 1);
        QCOMPARE(m_model->rowCount(), 0); // connected but not identified yet
        // The bridge's hello says the profile hopx-mcp --tools asked for.
        client.write(R"({"hopx_hello":{"version":1,"pid":0,"tools":"full","env":{}}})"
                     "\n");
        client.write(initialize(QStringLiteral("Zed"), QStringLiteral("0.200")));
        QTRY_COMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, ClientListModel::Name).data().toString(), QStringLiteral("Zed"));
        QCOMPARE(
            m_model->index(0, ClientListModel::Version).data().toString(), QStringLiteral("0.200"));
        QCOMPARE(m_model->index(0, ClientListModel::Protocol).data().toString(),
            QStringLiteral("2025-06-18"));
        QCOMPARE(
            m_model->index(0, ClientListModel::Tools).data().toString(), QStringLiteral("full"));

        client.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("method"), QStringLiteral("notifications/initialized")}}));
        for (int id = 2; id < 5; ++id)
            client.write(line(
                {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                    {QStringLiteral("method"), QStringLiteral("tools/call")},
                    {QStringLiteral("params"),
                        QJsonObject {{QStringLiteral("name"), QStringLiteral("echo")},
                            {QStringLiteral("arguments"), QJsonObject {}}}}}));
        QTRY_COMPARE(m_model->index(0, ClientListModel::Calls).data().toInt(), 3);

        // A model attached later picks up the clients already there.
        ClientListModel late;
        QAbstractItemModelTester lateTester(
            &late, QAbstractItemModelTester::FailureReportingMode::Fatal);
        late.attach(&observer);
        QCOMPARE(late.rowCount(), 1);

        client.disconnectFromServer();
        QTRY_COMPARE(m_model->rowCount(), 0);
        QTRY_COMPARE(late.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestClientListModel)
#include "tst_clientlistmodel.moc"
