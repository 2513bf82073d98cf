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

/*! \brief An in-process HOPX: the control plane on one 127.0.0.1 port, each sandbox's agent on
 *  a port of its own.
 *
 * Follows HOPX's OpenAPI documents (the copies in tests/hopx/openapi/): `X-API-Key` (or
 * `Authorization: Bearer <key>`) on `/v1/...`; each agent is addressed by host, as the real
 * `https://7777-<id>.<region>.vms.hopx.dev` is: its `public_host` is `http://127.0.0.1:<port>`,
 * and its paths are the document's (`/execute`, `/files/read`, …) with no prefix. Status codes
 * and error bodies are the documented ones (agent `main.ErrorResponse`; control plane flat or
 * nested, both documented); a route the agent document does not have answers Go's
 * `404 page not found`. Kill is only `DELETE /execute/kill?process_id=` (agent 3.2.8), whose
 * not-found body is the docs' `{"error":"Process not found","code":"RESOURCE_NOT_FOUND"}`.
 *
 * What no document describes is modelled as the absence of an answer, never as an invented
 * status: an agent still booting (for a moment after create and resume) closes each connection
 * without answering; a paused, stopped or deleted sandbox's agent port does not listen. Also
 * per the documents: `working_dir` is not an ExecuteRequest field (ignored: code runs in `/`),
 * `command` is exec'd with `args` (a bare shell line is "executable not found"), GET and list
 * do not carry `auth_token` (the SDK refreshes it on every connect), and the execute timeout
 * has no upper limit (agent 3.2.8).
 *
 * setQuirks(true) adds the real-world behaviour that HOPX's issues, SDK changelogs and docs
 * report beyond the documents, and only that:
 * - `POST /execute/kill/{id}` (the SDKs' form) answers success and kills nothing (hopx-ai/hopx#30);
 * - a base64 write is stored as its base64 text (hopx-ai/hopx#33);
 * - an unknown template name on create is a nested `internal_server_error` 500 (hopx-ai/hopx#6);
 * - `public_host` ends with `/` (the SDKs strip it before joining paths);
 * - `env_vars` in the create body are not applied to the runtime (Python SDK 0.2.9);
 * - `/commands/run` answers a failed command with 500 and the normal body, and a timed-out one
 *   with 408 (docs, run-command);
 * - an empty list is `"data": null` (Python SDK 0.3.8);
 * - an expired sandbox answers 410 `SANDBOX_EXPIRED`, an expired agent token 401
 *   `TOKEN_EXPIRED` (JS SDK's error mapping).
 *
 * Faults (status codes with Retry-After, slow replies, malformed JSON, connection resets, hangs)
 * are injected per method and path, matched against Request::key(). Every request is logged
 * for assertions and for the conformance test against the documents.
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
        QString sandboxId; // agent requests: the sandbox whose agent port it came to
        QString agentPath; // agent requests: the path (the same as `path`)

        QJsonObject json() const;
        QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
        bool isAgent() const { return !sandboxId.isEmpty(); }
        //! What faults and count() match: `path`, or `/agent/<id><path>` for an agent request.
        //! Only a name for tests: nothing on the wire has such a prefix.
        QString key() const;
    };

    enum class FaultKind {
        Status, // reply `status` with an error body (+ Retry-After when retryAfter >= 0)
        Slow, // handle the request now, send the reply after delayMs
        Malformed, // 200 with a body that is not JSON
        Reset, // close the connection without handling the request
        DropMidReply, // handle it, send half the reply, then close the connection
        Hang, // never answer
        SlowCreate, // as Slow, but the request takes effect only when the reply is sent
    };
    struct Fault
    {
        QByteArray method; // empty = any
        QRegularExpression path; // matched against Request::key()
        FaultKind kind = FaultKind::Status;
        int status = 503;
        int retryAfter = -1; // seconds; -1 = no Retry-After
        int delayMs = 0;
        int times = 1; // how many matching requests it hits; -1 = all
        QString code; // Status: the error body's code and message; empty = per status
        QString message;
        bool plainText = false; // Status: Go's "404 page not found"-style text, no JSON
    };
    enum class ErrorShape { Nested, Flat };
    using ExecHandler =
        std::function<QJsonObject(const QString &sandboxId, const QJsonObject &request)>;

    static QString defaultApiKey() { return QStringLiteral("hopx_test_0123456789abcdef"); }
    //! A fault of `kind` on requests whose method is `method` (empty = any) and key matches.
    static Fault fault(
        const QByteArray &method, const QString &keyPattern, FaultKind kind, int times = 1)
    {
        Fault f;
        f.method = method;
        f.path = QRegularExpression(keyPattern);
        f.kind = kind;
        f.times = times;
        return f;
    }

    explicit FakeHopxServer(QObject *parent = nullptr);
    ~FakeHopxServer() override;

    //! Listens on 127.0.0.1 and a free port.
    bool listen();
    quint16 port() const;
    QUrl baseUrl() const;
    //! Stops listening and drops every connection (a dead network for the client).
    void close();

    //! The control plane's URL; an agent's is agentUrl().
    QUrl agentUrl(const QString &id) const;
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
    //! As invalidateToken(), as a token past its expiry (quirks: 401 `TOKEN_EXPIRED`).
    void expireToken(const QString &id);
    //! The sandbox's timeout passed: HOPX removed it (quirks: it answers 410 `SANDBOX_EXPIRED`).
    void expireSandbox(const QString &id);
    QByteArray file(const QString &id, const QString &path) const;
    void setFile(const QString &id, const QString &path, const QByteArray &content);
    QMap<QString, QString> env(const QString &id) const;
    //! Its template has a desktop (`/desktop/*` answer; else 503 DESKTOP_NOT_AVAILABLE).
    void setDesktop(const QString &id, bool on);
    //! The mouse and keyboard actions it received: `{action: path, body}` each.
    QJsonArray desktopEvents(const QString &id) const;
    QJsonArray executions(const QString &id) const;

    void setHealthDelayMs(int ms) { m_healthDelayMs = ms; }
    //! After a resume the sandbox shows `status` for `ms` before it runs again (0 = at once).
    //! Which name HOPX uses then is not documented; tests choose.
    void setResumeTransition(const QString &status, int ms)
    {
        m_resumeStatus = status;
        m_resumeMs = ms;
    }
    void setErrorShape(ErrorShape shape) { m_errorShape = shape; }
    void addFault(const Fault &fault) { m_faults.append(fault); }
    void clearFaults() { m_faults.clear(); }
    //! The documented real-world quirks listed above, all together.
    void setQuirks(bool on) { m_quirks = on; }
    bool quirks() const { return m_quirks; }
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
        std::function<Reply()> later; // the reply is made only when it is sent (SlowCreate)
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
        QTcpServer *agent = nullptr; // listens while the sandbox runs
        quint16 agentPort = 0;
        bool tokenExpired = false; // the token was invalidated as expired
        bool expired = false; // quirks: kept to answer 410
        bool desktop = false;
        QJsonArray desktopEvents;
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
    Reply desktop(Sandbox &s, const Request &r);
    Reply upload(Sandbox &s, const Request &r);
    Reply kill(Sandbox &s, const Request &r, bool sdkForm);
    void acceptAgent(const QString &id);
    void setAgentListening(const QString &id, bool on);
    void watch(QTcpSocket *socket, const QString &sandboxId);
    Reply controlError(int status, const QString &code, const QString &message,
        const QJsonObject &details = {}) const;
    static Reply agentError(int status, const QString &code, const QString &message);
    Reply expiredError(bool agent) const;
    Reply unauthorized(const Sandbox &s) const;
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
    QHash<QTcpSocket *, QString> m_socketSandbox; // agent connections: whose agent
    QSet<QTcpSocket *> m_busy; // a delayed reply is pending on this connection
    QHash<QTcpSocket *, Stream> m_streams; // connections upgraded to a WebSocket
    int m_streamsClosedByClient = 0;
    ExecHandler m_execHandler;
    ErrorShape m_errorShape = ErrorShape::Nested;
    int m_healthDelayMs = 300;
    bool m_quirks = false;
    QString m_resumeStatus;
    int m_resumeMs = 0;
    int m_pageSize = 100;
    int m_connections = 0;
    quint64 m_counter = 0;
};

} // namespace Hopx::Test
