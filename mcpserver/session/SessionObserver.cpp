// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/SessionObserver.h"

#include <QMetaMethod>

#include <algorithm>

namespace Hopx::Mcp {

quint64 SessionObserver::open(Transport transport, qint64 pid)
{
    const int t = int(transport);
    const quint64 id = (quint64(t) << 32) | m_next[t]++;
    Entry entry;
    entry.session.id = id;
    entry.session.transport = transport;
    entry.session.connectedAt = QDateTime::currentDateTime();
    entry.session.pid = pid;
    m_sessions.insert(id, entry);
    return id;
}

void SessionObserver::setPid(quint64 id, qint64 pid)
{
    const auto it = m_sessions.find(id);
    if (it != m_sessions.end())
        it->session.pid = pid;
}

void SessionObserver::close(quint64 id)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return;
    const Entry entry = *it;
    m_sessions.erase(it);
    if (entry.shown)
        emit ended(entry.session);
}

void SessionObserver::identified(quint64 id, const QJsonObject &clientInfo,
    const QString &protocolVersion, const QString &toolProfile)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return;
    it->session.clientInfo = clientInfo;
    it->session.protocolVersion = protocolVersion;
    it->session.toolProfile = toolProfile;
    it->shown = true;
    emit connected(it->session);
}

void SessionObserver::requestStarted(
    quint64 id, const QString &method, const QString &tool, const QString &key)
{
    // Per request and usually unobserved: build nothing for nobody.
    static const QMetaMethod signal = QMetaMethod::fromSignal(&SessionObserver::request);
    if (!isSignalConnected(signal))
        return;
    const auto it = m_sessions.constFind(id);
    if (it != m_sessions.cend())
        emit request(it->session, Request {method, tool, key});
}

void SessionObserver::requestFinished(quint64 id, const RequestRecord &record)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return;
    if (record.method == QLatin1String("tools/call"))
        ++it->session.toolCalls;
    static const QMetaMethod signal = QMetaMethod::fromSignal(&SessionObserver::response);
    if (isSignalConnected(signal))
        emit response(it->session, record);
}

QList<SessionObserver::Session> SessionObserver::sessions() const
{
    QList<Session> out;
    for (const Entry &e : m_sessions)
        if (e.shown)
            out.append(e.session);
    std::sort(out.begin(), out.end(), [](const Session &a, const Session &b) {
        return a.connectedAt != b.connectedAt ? a.connectedAt < b.connectedAt : a.id < b.id;
    });
    return out;
}

} // namespace Hopx::Mcp
