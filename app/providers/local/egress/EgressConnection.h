// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QObject>

class QLocalSocket;
class QTcpSocket;
class QTimer;

namespace Hopx::Local {

class EgressProxy;

/*! \brief One client connection of an EgressProxy: reads one request head, asks the proxy
 *  for a verdict, dials the checked address and hands both sockets to a SpliceRelay.
 *
 * CONNECT host:port gets "200 Connection established" and a tunnel; an absolute-URI request
 * (GET http://host/path) is sent on in origin form with "Connection: close", so every
 * further request opens a new connection and is checked again. Deletes itself once the
 * relay has the descriptors, or after a refusal has been written.
 */
class EgressConnection final : public QObject
{
    Q_OBJECT
public:
    EgressConnection(QLocalSocket *client, EgressProxy *proxy);
    ~EgressConnection() override;

private:
    void readHead();
    void onVerdict(const QHostAddress &address, const QString &denial);
    void onUpstreamConnected();
    void fail(int status, const QByteArray &reason, const QString &body);
    void finish();

    EgressProxy *m_proxy;
    QLocalSocket *m_client;
    QTcpSocket *m_upstream = nullptr;
    QTimer *m_timer;
    QByteArray m_head; // the request head while it is read; then what goes upstream first
    QString m_host;
    quint16 m_port = 0;
    bool m_tunnel = false;
    bool m_deciding = false;
    bool m_closing = false;
};

} // namespace Hopx::Local
