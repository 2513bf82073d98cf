// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/RequestEnvelope.h"
#include "session/Caller.h"
#include "session/FeatureHost.h"
#include "session/McpFeature.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "session/ModernCallers.h"
#include "session/Outgoing.h"
#include "session/ServerConfig.h"
#include "session/ServerContext.h"
#include "json/JsonParts.h"
#include "json/JsonRpcReader.h"

#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QObject>

#include <memory>
#include <vector>

namespace Hopx::Mcp {

class ToolRegistry;

/*! \brief One MCP conversation, independent of its transport: the core every feature plugs into.
 *
 * Feed it complete lines with handleLine() (or parsed JSON with handleJson()); it emits
 * outgoing() with each message to send (compact JSON, no newline). The core does JSON-RPC
 * framing and errors, 2025-03-26 batches, the lifecycle and version negotiation, ping, the
 * method table, requests in flight and their cancellation, and reporting to the server's
 * SessionObserver.
 *
 * Both protocol eras, chosen per request: a request whose `params._meta` names a protocol
 * version (2026-07-28, RequestEnvelope) is served statelessly for the caller it describes,
 * with `server/discover` instead of initialize and `resultType` on every result; any other
 * request belongs to the legacy conversation `initialize` opened. A stateless session
 * (setStateless(), Streamable HTTP without sessions) serves only the former. Everything else is a
 * feature (SessionFeatures): tools, tasks, resources, prompts, completion, logging and the requests
 * tools send to the client, each registering its methods and declaring its capability. Nothing a
 * client sends can make it throw or stop answering.
 *
 * outgoing() says what each message is and which client request it belongs to (Outgoing), and
 * requestOpened()/requestClosed() bracket every request that outlives its dispatch, so no
 * transport parses what the session wrote. A transport binds to a session with SessionLink.
 */
class McpSession : public QObject, private FeatureHost
{
    Q_OBJECT
public:
    McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent = nullptr);
    McpSession(const ServerConfig &config, const ServerContext &context, QObject *parent = nullptr);
    ~McpSession() override;

    void handleLine(const QByteArray &line);
    /*! An already parsed message (object) or 2025-03-26 batch (array). `keyPrefix` makes its
     *  requests' keys unique where ids are not (stateless HTTP: every POST is its own client). */
    void handleJson(const QJsonValue &message, const QString &keyPrefix = {});
    //! A request or notification a JsonRpcReader has read (see handleJson() for `keyPrefix`).
    void handleCall(const JsonRpcReader::Call &call, const QString &keyPrefix = {});
    //! The transport saw a line over the limit: answer with a parse error (then it closes).
    void handleOversizedLine(qsizetype limit);
    //! Per-connection environment from the bridge's hello (HOPX_API_KEY, …).
    void setConnectionEnv(const QMap<QString, QString> &env);
    //! The tool profile this connection's tools/list shows (empty: the default).
    void setToolProfile(const QString &profile);
    /*! Who the client is, as far as the transport can tell (e.g. "local-user"). Tasks are
     *  bound to it: another session with the same context may poll them, nobody else can. */
    void setAuthContext(const QString &context);
    //! The id the transport opened this session under in ServerContext::observer.
    void setObserverId(quint64 id) { m_observerId = id; }
    //! Cancels every request in flight (the client is gone). Tasks keep running.
    void abortAll();
    //! Cancels one request in flight, as notifications/cancelled would (HTTP: stream closed).
    void cancelRequest(const QString &key);
    //! Ends long-lived requests with a result (subscriptions/listen): the client is leaving.
    void endStreams();
    //! Every request is a 2026-07-28 one: there is no initialize to remember.
    void setStateless(bool stateless) { m_stateless = stateless; }
    //! Whether the 2026-07-28 era has `method` (HTTP answers 404 for one it has not).
    bool serves(const QString &method) const
    {
        return m_methods.find(method, MethodTable::Modern) != nullptr;
    }

    bool isInitialized() const { return m_initialized; }
    const QString &protocolVersion() const { return m_caller->protocolVersion; }
    const QJsonObject &clientInfo() const { return m_caller->clientInfo; }
    int inFlightCount() const { return int(m_inFlight.size()); }
    const MethodTable &methods() const { return m_methods; }

signals:
    /*! One message to send (compact JSON, no newline), and what it is. Mostly one buffer; a
     *  tool's result with MiBs of output comes in parts, for the transport to read piece by
     *  piece (JsonParts::Reader) or join. */
    void outgoing(const Hopx::Mcp::JsonParts &message, const Hopx::Mcp::Outgoing &what);
    /*! The request `key` was not answered when its handler returned: it runs on (a tool
     *  call) until requestClosed(). `idJson` is its id as the response will write it. */
    void requestOpened(const QString &key, const QByteArray &idJson);
    /*! A request requestOpened() named has ended: its response was just sent (outgoing()
     *  before this), or it was cancelled and gets none. Never emitted by abortAll(): the
     *  client is gone. */
    void requestClosed(const QString &key);

private:
    friend class McpRequest;
    using RequestState = McpRequest::State;
    using Batch = std::shared_ptr<BatchCollector>;

    // FeatureHost
    void send(const QJsonObject &notification, const QString &relatedKey = {}) override;
    void sendRequest(const QJsonObject &request, const QString &relatedKey) override;
    const Caller *listener() const override;
    const ServerConfig &config() const override { return m_config; }

    void registerLifecycle();
    void handleBatch(const QJsonArray &batch);
    void dispatch(const QJsonValue &message, const Batch &batch, const QString &keyPrefix = {});
    /// A well-formed request (id defined) or notification, by either parser.
    void dispatchCall(const QJsonValue &id, const QString &method, const QJsonObject &params,
        const QString &key, const Batch &batch);
    void dispatchRequest(const QString &method, const QJsonObject &params, const QJsonValue &id,
        const QString &key, const Batch &batch);
    //! The era a request belongs to, and the entry that serves it there; false if answered.
    bool admit(const McpRequest &request, const QString &method, bool modern,
        const MethodTable::Method **entry);
    QJsonObject declareCapabilities(const Caller &caller) const;
    void initialize(const McpRequest &request);
    void discover(const McpRequest &request);
    //! "client NAME VERSION speaks V": which era each client ended on, for the log.
    void logClient(const Caller &caller, const QString &version) const;
    void cancelled(const QJsonObject &params);
    void cancel(RequestState &state);
    //! An error answering no request (a parse error, a refused batch).
    void sendError(int code, const QString &message, const QString &relatedKey = {});
    /*! Sends (or collects, in a batch) what answers a request; `key` names it, `opened` says
     *  whether requestOpened() named it (then requestClosed() follows the answer). */
    void reply(const Batch &batch, const JsonParts &message, const QString &key, int errorCode,
        bool opened = false);
    /*! The message needs no reply (a notification, a response); with a `key`, an opened
     *  request that ends without one (cancelled). */
    //! An error answer to a message that cannot be served (its id, or null when it has none).
    void refuse(const Batch &batch, const QJsonValue &id, int code, const QString &text,
        const QString &key = {});
    void noReply(const Batch &batch, const QString &key);
    //! A batch member is done: once all are, the batch's answer goes out.
    void batchMemberDone(const Batch &batch);
    void deliver(RequestState &state, const JsonParts &message, RequestRecord::Outcome outcome,
        const QString &detail, int errorCode);
    void record(const RequestState &state, RequestRecord::Outcome outcome, const QString &detail);
    void updateCaller(const std::function<void(Caller &)> &change);

    ServerConfig m_config;
    ServerContext m_context;
    MethodTable m_methods;
    JsonRpcReader m_reader;
    std::vector<std::unique_ptr<McpFeature>> m_features;
    QHash<QString, std::shared_ptr<RequestState>> m_inFlight; // JsonRpc::idKey → request
    CallerPtr m_caller; // the session's: env and auth context, then what initialize agreed
    ModernCallers m_modern; // 2026-07-28 requests' callers, and their results' two keys
    quint64 m_observerId = 0;
    bool m_initializeAnswered = false;
    bool m_initialized = false;
    bool m_stateless = false;
};

} // namespace Hopx::Mcp
