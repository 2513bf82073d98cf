// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QHostAddress>
#include <QList>
#include <QObject>

class QSslSocket;
class QTimer;

namespace Hopx::Local {

/*! \brief One sandbox's idle TLS connections to the hosts of its secrets, kept for the next
 *  request so that it does not wait for a second handshake (the sandbox's own with the proxy
 *  is the one it cannot skip).
 *
 * Each EgressProxy has its own, so a connection never serves another sandbox. A connection is
 * handed out only for the name it was verified for, the port and the checked address it was
 * dialled at, and only after an answer that was read to its end, from an API that keeps the
 * connection open. It is dropped when it has been idle for kIdleMs (or the API's own
 * Keep-Alive timeout, if shorter), when the API closes it or sends anything while idle, and,
 * the oldest first, when more than kPerHost of a host or kTotal in all are idle.
 */
class UpstreamTlsPool final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kIdleMs = 15000;
    static constexpr int kPerHost = 4;
    static constexpr int kTotal = 16;

    explicit UpstreamTlsPool(QObject *parent = nullptr);
    ~UpstreamTlsPool() override;

    /*! An idle, encrypted connection to \a host (its verified name) on \a port at \a address,
     *  now the caller's (parent cleared); null when there is none. The newest first. */
    QSslSocket *take(const QString &host, quint16 port, const QHostAddress &address);
    /*! Keeps \a socket (encrypted, an answer read to its end) for the next request to the same
     *  host, port and address, for \a idleMs at most (-1: kIdleMs). */
    void put(const QString &host, quint16 port, const QHostAddress &address, QSslSocket *socket,
        int idleMs);
    int idleCount() const { return int(m_idle.size()); }

private:
    struct Idle
    {
        QString key;
        QSslSocket *socket;
        QTimer *expiry;
    };
    static QString keyOf(const QString &host, quint16 port, const QHostAddress &address);
    void drop(QSslSocket *socket);
    void evict(qsizetype index);
    QSslSocket *detach(qsizetype index);

    QList<Idle> m_idle; // oldest first
};

} // namespace Hopx::Local
