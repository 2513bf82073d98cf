// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/ServerConfig.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

#include <optional>

class QTimer;

namespace Hopx::Mcp {

class ToolCall;

/*! \brief The tasks of a server (MCP 2025-11-25 experimental tasks, and the 2026-07-28 tasks
 *  extension), shared by its sessions.
 *
 * Owned by the transport's owner, not by a session, so that a task outlives the request that
 * created it and the session/connection too. Each task is bound to an owner context (the
 * transport's authorization context, see McpSession::setAuthContext): lookups from another
 * context find nothing. Bounded: at most ServerConfig::maxTasks tasks (the oldest finished one
 * is dropped to make room; when all are still working, creation fails), and every task is
 * deleted ttl ms after its creation (ttl is capped at taskMaxTtlMs), cancelling it if it still
 * runs. Task ids are 128-bit random: whoever knows one can read the task's result.
 */
class TaskStore : public QObject
{
    Q_OBJECT
public:
    enum class Status { Working, InputRequired, Completed, Failed, Cancelled };
    struct Task
    {
        QString id;
        QString context;
        Status status = Status::Working;
        QString statusMessage;
        QDateTime createdAt;
        QDateTime lastUpdatedAt;
        qint64 ttlMs = 0;
        int pollIntervalMs = 0;
        //! {"result": {...}} or {"error": {...}}: what the request itself would have answered.
        QJsonObject outcome;
        bool modern = false; // made under the 2026-07-28 tasks extension
        QJsonObject inputRequests; // key → request, still unanswered (modern)
        bool isTerminal() const { return TaskStore::isTerminal(status); }
        QJsonObject toJson() const; // 2025-11-25's Task object
        //! The extension's DetailedTask (tasks/get, notifications/tasks): result, error or
        //! inputRequests inline, ttlMs and pollIntervalMs.
        QJsonObject toDetailedJson() const;
    };
    using Answer = std::function<void(const QJsonObject &response)>;

    explicit TaskStore(const ServerConfig &config = {}, QObject *parent = nullptr);
    ~TaskStore() override;

    //! nullopt when the store is full of unfinished tasks.
    std::optional<Task> create(
        const QString &context, std::optional<qint64> requestedTtlMs, bool modern = false);
    std::optional<Task> find(const QString &id, const QString &context) const;
    //! The context's tasks, oldest first.
    QList<Task> list(const QString &context) const;
    int size() const { return int(m_tasks.size()); }

    //! The store takes the call (re-parents it) and deletes it once the task ends.
    void attach(const QString &id, ToolCall *call);
    //! working ⇄ input_required; false once the task is terminal.
    bool setStatus(const QString &id, Status status, const QString &message = {});
    //! Ends the task (completed/failed) with the request's outcome; ignored when already terminal.
    void finish(
        const QString &id, Status status, const QJsonObject &outcome, const QString &message = {});
    //! Cancels a task that still runs; false when unknown or already terminal.
    bool cancel(const QString &id, const QString &message);
    /*! Parks `request` (an elicitation …) until the client answers it; `answer` runs then, on a
     *  later turn of the event loop. Returns the key the client sees: `key`, made unique over
     *  the task's life; empty when the task is unknown or over. */
    QString ask(const QString &id, const QString &key, const QJsonObject &request, Answer answer);
    //! Answers the open questions `responses` names (others are ignored).
    void answer(const QString &id, const QJsonObject &responses);

    static bool isTerminal(Status status);
    static QString statusName(Status status);

signals:
    void statusChanged(const Hopx::Mcp::TaskStore::Task &task);
    void removed(const QString &id);

private:
    struct Entry
    {
        Task task;
        QPointer<ToolCall> call;
        QHash<QString, Answer> waiting; // key → who waits for its answer
        QSet<QString> keysIssued;
    };
    void purgeExpired();
    void drop(const QString &id);
    void touch(Entry &entry, Status status, const QString &message);

    ServerConfig m_config;
    QHash<QString, Entry> m_tasks;
    QList<QString> m_order; // creation order, for eviction and listing
    QTimer *m_sweep;
};

} // namespace Hopx::Mcp
