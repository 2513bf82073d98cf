// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/egress/ResponseFraming.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>

class QLocalSocket;
class QSslSocket;
class QTimer;

typedef struct ssl_st SSL;
typedef struct bio_st BIO;
typedef struct ssl_ctx_st SSL_CTX;

namespace Hopx::Local {

class EgressProxy;

/*! \brief A CONNECT to a host that a secret of the sandbox belongs to: the proxy ends the
 *  sandbox's TLS itself (a certificate from this installation's EgressCa), reads the request
 *  head, swaps the secrets in (EgressRequest) and sends it on over its own TLS connection to
 *  the checked address, verified against the system's trust store (plus the CA files the user
 *  added in the settings) for the host's name. That connection is an idle one the sandbox's
 *  UpstreamTlsPool kept from an earlier request (no second handshake at all), else dialled at
 *  once, so that its handshake runs while the sandbox's does; a failure of it is answered
 *  (502) once the request is read.
 *
 * TLS towards the sandbox runs on memory BIOs over the Qt socket, so it works the same for a
 * TCP connection the sandbox agent handed over and for a Unix socket. One request per
 * connection from the sandbox ("Connection: close" in the answer), as for plain HTTP: every
 * request is read and rewritten, nothing after it is passed on. The connection to the API is
 * kept alive instead: ResponseFraming finds the answer's end, and then it goes back to the
 * pool. A kept connection that the API closed before answering a GET (or another idempotent
 * request) gets the request again on a new connection. Deletes itself when either side ends.
 */
class SecretTlsConnection final : public QObject
{
    Q_OBJECT
public:
    /*! Takes \a client, which has just been told "200 Connection established"; \a early is
     *  what it sent after its CONNECT head. */
    SecretTlsConnection(QLocalSocket *client, EgressProxy *proxy, SSL_CTX *context,
        const QString &host, quint16 port, const QHostAddress &address, const QByteArray &early);
    ~SecretTlsConnection() override;

private:
    enum class State { Handshake, Head, Dialing, Relay, Closing };
    void feed(const QByteArray &bytes);
    void pump();
    void readPlain();
    void flushTls();
    void onHead();
    void dialUpstream();
    void watchUpstream();
    bool retryFresh();
    void upstreamFailed(const QString &why);
    void startRelay();
    QByteArray bounded(QByteArray plain);
    void onAnswer(const QByteArray &bytes);
    void finishExchange();
    void sendToClient(const QByteArray &plain);
    void fail(int status, const QByteArray &reason, const QString &body);
    void close();

    EgressProxy *m_proxy;
    QLocalSocket *m_client;
    QSslSocket *m_upstream = nullptr;
    QTimer *m_timer;
    SSL *m_ssl = nullptr;
    BIO *m_in = nullptr; // what the sandbox sent, still encrypted
    BIO *m_out = nullptr; // what goes to the sandbox, encrypted
    QString m_host;
    quint16 m_port;
    QHostAddress m_address;
    QByteArray m_plain; // decrypted request bytes not yet sent upstream
    QByteArray m_request; // the rewritten request, kept for a retry while it may be needed
    qint64 m_requestLeft = -1; // body bytes still to pass on; -1: until the sandbox closes
    ResponseFraming m_response {QByteArray()};
    bool m_reused = false; // m_upstream came from the pool
    bool m_retryable = false; // the request may go again on a new connection
    QString m_upstreamError; // the API could not be reached; said once the request is read
    State m_state = State::Handshake;
};

} // namespace Hopx::Local
