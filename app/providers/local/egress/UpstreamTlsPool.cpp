// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/UpstreamTlsPool.h"

#include <QSslSocket>
#include <QTimer>

namespace Hopx::Local {

UpstreamTlsPool::UpstreamTlsPool(QObject *parent)
    : QObject(parent)
{ }

UpstreamTlsPool::~UpstreamTlsPool()
{
    for (const Idle &idle : std::as_const(m_idle)) {
        disconnect(idle.socket, nullptr, this, nullptr);
        idle.socket->abort();
    }
}

QString UpstreamTlsPool::keyOf(const QString &host, quint16 port, const QHostAddress &address)
{
    return host + QLatin1Char(' ') + QString::number(port) + QLatin1Char(' ') + address.toString();
}

QSslSocket *UpstreamTlsPool::take(const QString &host, quint16 port, const QHostAddress &address)
{
    const QString key = keyOf(host, port, address);
    for (qsizetype i = m_idle.size() - 1; i >= 0; --i) {
        if (m_idle.at(i).key != key)
            continue;
        QSslSocket *socket = detach(i);
        if (socket->state() == QAbstractSocket::ConnectedState && socket->isEncrypted()
            && socket->bytesAvailable() == 0)
            return socket;
        socket->abort();
        socket->deleteLater();
    }
    return nullptr;
}

void UpstreamTlsPool::put(
    const QString &host, quint16 port, const QHostAddress &address, QSslSocket *socket, int idleMs)
{
    const QString key = keyOf(host, port, address);
    qsizetype sameHost = 0;
    for (const Idle &idle : std::as_const(m_idle))
        sameHost += idle.key == key ? 1 : 0;
    for (qsizetype i = 0; i < m_idle.size() && sameHost >= kPerHost;) {
        if (m_idle.at(i).key == key) {
            evict(i);
            --sameHost;
        } else {
            ++i;
        }
    }
    while (m_idle.size() >= kTotal)
        evict(0);
    socket->setParent(this);
    auto *expiry = new QTimer(socket);
    expiry->setSingleShot(true);
    connect(expiry, &QTimer::timeout, this, [this, socket]() { drop(socket); });
    expiry->start(idleMs < 0 ? kIdleMs : qMin(idleMs, kIdleMs));
    // Closed by the API, or anything at all while no request is out: not clean to reuse.
    connect(socket, &QSslSocket::disconnected, this, [this, socket]() { drop(socket); });
    connect(socket, &QSslSocket::readyRead, this, [this, socket]() { drop(socket); });
    connect(socket, &QSslSocket::errorOccurred, this, [this, socket]() { drop(socket); });
    m_idle.append({key, socket, expiry});
}

void UpstreamTlsPool::drop(QSslSocket *socket)
{
    for (qsizetype i = 0; i < m_idle.size(); ++i) {
        if (m_idle.at(i).socket == socket) {
            evict(i);
            return;
        }
    }
}

void UpstreamTlsPool::evict(qsizetype index)
{
    QSslSocket *socket = detach(index);
    socket->abort();
    socket->deleteLater();
}

QSslSocket *UpstreamTlsPool::detach(qsizetype index)
{
    const Idle idle = m_idle.takeAt(index);
    disconnect(idle.socket, nullptr, this, nullptr);
    delete idle.expiry;
    idle.socket->setParent(nullptr);
    return idle.socket;
}

} // namespace Hopx::Local
