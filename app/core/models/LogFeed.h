// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Wording.h"
#include "core/models/LogEntry.h"
#include "core/sandbox/SandboxTypes.h"
#include "session/RequestRecord.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace Hopx::Mcp {
class SessionObserver;
} // namespace Hopx::Mcp

namespace Hopx::Core {

class LogModel;
class SandboxManager;

/*! \brief Turns what the server and the sandboxes do into LogModel rows.
 *
 * Clients connecting and leaving, every tool call with its duration and outcome, sandboxes
 * created, changing state and deleted, each execution (what ran) and its output line by line.
 */
class LogFeed final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogFeed)
public:
    explicit LogFeed(LogModel *model, QObject *parent = nullptr);

    //! MCP clients on every transport: connected, each request, gone.
    void attachObserver(Mcp::SessionObserver *observer);
    void attachManager(SandboxManager *manager);

    // The event handlers, public so tests can feed them without sockets or providers.
    void clientIdentified(
        quint64 connectionId, const QString &name, const QString &version, const QString &protocol);
    void clientDisconnected(quint64 connectionId);
    void requestFinished(quint64 connectionId, const Mcp::RequestRecord &record);
    void sandboxAdded(const SandboxInfo &info);
    void sandboxChanged(const SandboxInfo &info);
    void sandboxRemoved(const QString &id, const QString &reason);
    void activity(const QString &sandboxId, const QString &what);
    void execution(const ExecutionRecord &record);
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    void problem(const QString &sandboxId, const Wording &message);

private:
    QString clientName(quint64 connectionId) const;
    static void figures(const ExecutionRecord &record, LogEntry &entry, QStringList &detail);
    void flushPartials();

    QPointer<LogModel> m_model;
    QPointer<SandboxManager> m_manager; // names providers in the log
    QHash<quint64, QString> m_clients; // connection id → display name
    QHash<QString, SandboxStatus> m_statuses; // sandbox id → last status seen
    QHash<QString, QByteArray> m_partial; // sandbox id + stream → unterminated output line
};

} // namespace Hopx::Core
