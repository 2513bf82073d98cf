// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace Hopx::Test {

/*! \brief An in-process HOPX: control plane and every sandbox's agent on one 127.0.0.1 port.
 *
 * Speaks the wire format of the HOPX API notes (specs/hopx-api.md): `X-API-Key` (or `Authorization:
 * Bearer <key>`) on `/v1/...`, `Authorization: Bearer <sandbox JWT>` on the agent, whose base URL
 * (`public_host`) is `http://127.0.0.1:PORT/agent/<id>`. It keeps the quirks a client must
 * cope with: `/health` is not ready for a moment after create/resume; `working_dir` is
 * ignored (code runs in `/`), only `workdir` counts; a bare command string is looked up as an
 * executable; env_vars in the create body are not applied; an unknown template name is a
 * nested-shape 500; the SDK's kill form answers success without killing (hopx-ai/hopx#30);
 * the control plane's GET does not include `auth_token` (clients must refresh). Faults
 * (status codes with Retry-After, slow replies, malformed JSON, connection resets, hangs) are
 * injected per method and path. Every request is logged for assertions.
 *
 * Code is not really executed: a small interpreter understands print/echo/pwd/exit/sleep/
 * os.environ lookups and matplotlib (a 1x1 PNG); setExecHandler() overrides it.
 *
 * The agent's WebSocket `GET /execute/stream` (§3.6) is there too: after the handshake the
 * client sends `{"type":"execute", …}` (the /execute body) and gets `{"type":"stdout"|"stderr",
 * data, timestamp}` frames spread over the run's sleep, then `{"type":"result", exit_code,
 * execution_time}` and `{"type":"complete", success}`. An error the /execute reply would carry
 * comes as `{"type":"error", error, code}` (the agent's ErrorResponse keys). A client that
 * closes the stream stops its run.
 */
class FakeHopxServer : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeHopxServer)
public:
    struct Request
    {
        QByteArray method;
        QString path; // without query
        QUrlQuery query;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
        QString sandboxId; // agent requests: the <id> of /agent/<id>/...
        QString agentPath; // agent requests: the path after /agent/<id>

        QJsonObject json() const;
        QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
        bool isAgent() const { return !sandboxId.isEmpty(); }
    };

    enum class FaultKind {
        Status, // reply `status` with an error body (+ Retry-After when retryAfter >= 0)
        Slow, // handle the request now, send the reply after delayMs
        Malformed, // 200 with a body that is not JSON
        Reset, // close the connection without handling the request
        DropMidReply, // handle it, send half the reply, then close the connection
        Hang, // never answer
    };
    struct Fault
    {
        QByteArray method; // empty = any
        QRegularExpression path; // matched against the full path (agent: /agent/<id>/...)
        FaultKind kind = FaultKind::Status;
        int status = 503;
        int retryAfter = -1; // seconds; -1 = no Retry-After
        int delayMs = 0;
        int times = 1; // how many matching requests it hits; -1 = all
    };
    enum class ErrorShape { Nested, Flat };
    enum KillForm {
        KillPostBody = 1, // POST /execute/kill {"process_id"}
        KillDeleteQuery = 2, // DELETE /execute/kill?process_id=
        KillDeleteBody = 4, // DELETE /execute/kill {"process_id"}
        KillPostPath = 8, // POST /execute/kill/{id}: answers success, kills nothing
    };
    using ExecHandler =
        std::function<QJsonObject(const QString &sandboxId, const QJsonObject &request)>;

    static QString defaultApiKey() { return QStringLiteral("hopx_test_0123456789abcdef"); }

    explicit FakeHopxServer(QObject *parent = nullptr);
    ~FakeHopxServer() override;

    //! Listens on 127.0.0.1 and a free port.
    bool listen();
    quint16 port() const;
    QUrl baseUrl() const;
    //! Stops listening and drops every connection (a dead network for the client).
    void close();

    void addApiKey(const QString &key) { m_keys.insert(key); }
    void revokeApiKey(const QString &key) { m_keys.remove(key); }

    //! A sandbox created by someone else (another client, the web console).
    QJsonObject addSandbox(const QString &templateName = QStringLiteral("code-interpreter"),
        const QString &status = QStringLiteral("running"),
        const QDateTime &createdAt = QDateTime::currentDateTimeUtc());
    void addTemplate(const QString &name, const QString &id);
    QStringList sandboxIds() const;
    QJsonObject sandbox(const QString &id) const; // as GET shows it, plus auth_token
    void setSandboxStatus(const QString &id, const QString &status);
    void removeSandbox(const QString &id);
    //! The agent rejects the current token until the client refreshes it.
    void invalidateToken(const QString &id);
    QByteArray file(const QString &id, const QString &path) const;
    void setFile(const QString &id, const QString &path, const QByteArray &content);
    QMap<QString, QString> env(const QString &id) const;
    QJsonArray executions(const QString &id) const;

    void setHealthDelayMs(int ms) { m_healthDelayMs = ms; }
    void setErrorShape(ErrorShape shape) { m_errorShape = shape; }
    void addFault(const Fault &fault) { m_faults.append(fault); }
    void clearFaults() { m_faults.clear(); }
    void setKillForms(int forms) { m_killForms = forms; }
    //! Issue #33: base64 writes stored as the base64 text, not the bytes.
    void setBase64WriteStoresText(bool on) { m_base64StoresText = on; }
    void setExecHandler(ExecHandler handler) { m_execHandler = std::move(handler); }
    //! Largest page GET /v1/sandboxes returns (the API's maximum is 100).
    void setPageSize(int n) { m_pageSize = n; }

    QList<Request> requests() const { return m_log; }
    void clearRequests() { m_log.clear(); }
    //! Requests whose method matches (empty = any) and whose path matches `pathPattern`.
    int count(const QByteArray &method, const QString &pathPattern) const;
    int connectionCount() const { return m_connections; }
    //! /execute/stream runs still going, and those the client closed before their end.
    int openStreams() const;
    int streamsClosedByClient() const { return m_streamsClosedByClient; }

signals:
    void requestReceived(const Hopx::Test::FakeHopxServer::Request &request);

private:
    struct Reply
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<QPair<QByteArray, QByteArray>> headers;
        int delayMs = 0;
        bool dropMid = false;
        bool reset = false;
        bool hang = false;
    };
    struct Sandbox
    {
        QJsonObject meta; // the control-plane object, without auth_token
        QString token;
        QDateTime tokenExpires;
        qint64 readyAtMs = 0;
        QMap<QString, QByteArray> files;
        QSet<QString> dirs;
        QMap<QString, QString> env;
        QList<QJsonObject> executions;
        int executionsRun = 0;
        int cacheHits = 0;
    };

    struct Stream
    {
        QString sandboxId;
        QByteArray buffer; // raw frames not parsed yet
        QByteArray message; // a fragmented text message so far
        QPointer<QObject> run; // owns the timers of the run in progress
    };

    void handleReadyRead(QTcpSocket *socket);
    bool acceptStream(QTcpSocket *socket, const Request &r);
    void readFrames(QTcpSocket *socket);
    void streamExecute(QTcpSocket *socket, const QByteArray &message);
    void stopStream(QTcpSocket *socket, bool byClient);
    void processBuffer(QTcpSocket *socket);
    void send(QTcpSocket *socket, const Reply &reply);
    Reply dispatch(Request &request);
    Reply control(const Request &r);
    Reply agent(const Request &r);
    Reply execute(Sandbox &s, const QString &id, const QJsonObject &body);
    Reply runCommand(Sandbox &s, const QJsonObject &body);
    Reply files(Sandbox &s, const Request &r);
    Reply envRoute(Sandbox &s, const Request &r);
    Reply kill(Sandbox &s, const Request &r, int form);
    Reply controlError(int status, const QString &code, const QString &message,
        const QJsonObject &details = {}) const;
    static Reply agentError(int status, const QString &code, const QString &message);
    static Reply json(const QJsonObject &o, int status = 200);
    static Reply textReply(int status, const QByteArray &body);
    QJsonObject newSandbox(const QString &templateName, const QString &templateId,
        const QString &region, int timeoutSeconds, bool internet, const QString &status,
        const QDateTime &createdAt);
    QJsonObject publicView(const Sandbox &s) const;
    QJsonObject templateJson(const QString &name, const QString &id, bool detail) const;
    QString shell(Sandbox &s, const QString &script, const QString &cwd,
        const QMap<QString, QString> &env, int *exitCode, int *sleepMs) const;

    QTcpServer *m_server;
    QSet<QString> m_keys;
    QMap<QString, Sandbox> m_sandboxes;
    QList<QString> m_order; // creation order, newest last
    QList<QPair<QString, QString>> m_templates; // name, id
    QList<Fault> m_faults;
    QList<Request> m_log;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QSet<QTcpSocket *> m_busy; // a delayed reply is pending on this connection
    QHash<QTcpSocket *, Stream> m_streams; // connections upgraded to a WebSocket
    int m_streamsClosedByClient = 0;
    ExecHandler m_execHandler;
    ErrorShape m_errorShape = ErrorShape::Nested;
    int m_healthDelayMs = 300;
    int m_killForms = KillPostBody | KillDeleteQuery | KillDeleteBody | KillPostPath;
    bool m_base64StoresText = false;
    int m_pageSize = 100;
    int m_connections = 0;
    quint64 m_counter = 0;
};

} // namespace Hopx::Test
