// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QStringList>

namespace Hopx::Mcp {

/*! \brief Settings of the Streamable HTTP transport. Defaults are the product's. */
struct HttpServerConfig
{
    //! Loopback only: HttpServer::listen() refuses any other address.
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0; // 0 = let the OS pick
    QString path = QStringLiteral("/mcp");
    //! Required in "Authorization: Bearer …" unless requireToken is false.
    QByteArray bearerToken;
    bool requireToken = true;
    //! Browser origins allowed besides http(s)://{localhost,127.0.0.1,[::1]}:<our port>.
    QStringList extraAllowedOrigins;

    qsizetype maxBodyBytes = 16 * 1024 * 1024; // larger → 413 before the body is read
    qsizetype maxHeaderBytes = 32 * 1024; // larger → 431
    int requestTimeoutMs = 10 * 1000; // first byte to last byte of one request (slowloris)
    int idleTimeoutMs = 60 * 1000; // keep-alive connection waiting for its next request
    int maxConnections = 256;
    int maxSessions = 128; // beyond that the least recently used idle one goes
    /*! Sessions idle for longer than idleTimeoutMs (no request, no GET stream, and by then no
     *  keep-alive connection either) kept at most: beyond them a new session replaces the
     *  least recently used one. Clients that end without a DELETE (the official SDK's close()
     *  sends none) leave such sessions until sessionIdleTimeoutMs; at ~27 KiB each (its
     *  McpSession, features and method tables), 32 bound that to ~0.9 MiB however many
     *  clients come and go. */
    int maxIdleSessions = 32;
    int sessionIdleTimeoutMs = 60 * 60 * 1000; // no request and no open stream for this long → gone
    int sseKeepAliveMs = 25 * 1000; // comment lines on the GET stream
    int maxQueuedMessages = 1000; // server-initiated messages waiting for a GET stream
    qint64 maxUnsentBytes = 64 * 1024 * 1024; // a client that stops reading is disconnected
};

} // namespace Hopx::Mcp
