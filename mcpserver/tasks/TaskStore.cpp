// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tasks/TaskStore.h"

#include "tools/ToolCall.h"
#include "json/JsonRpc.h"
#include "json/RandomId.h"

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcTasks, "hopx.mcp.tasks", QtInfoMsg)

namespace Hopx::Mcp {

namespace {
QString isoUtc(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}
} // namespace

QJsonObject TaskStore::Task::toJson() const
{
    QJsonObject o {{QStringLiteral("taskId"), id}, {QStringLiteral("status"), statusName(status)},
        {QStringLiteral("createdAt"), isoUtc(createdAt)},
        {QStringLiteral("lastUpdatedAt"), isoUtc(lastUpdatedAt)},
        {QStringLiteral("ttl"), double(ttlMs)}};
    if (pollIntervalMs > 0)
        o.insert(QStringLiteral("pollInterval"), pollIntervalMs);
    if (!statusMessage.isEmpty())
        o.insert(QStringLiteral("statusMessage"), statusMessage);
    return o;
}

QJsonObject TaskStore::Task::toDetailedJson() const
{
    QJsonObject o {{QStringLiteral("taskId"), id}, {QStringLiteral("status"), statusName(status)},
        {QStringLiteral("createdAt"), isoUtc(createdAt)},
        {QStringLiteral("lastUpdatedAt"), isoUtc(lastUpdatedAt)},
        {QStringLiteral("ttlMs"), double(ttlMs)}};
    if (pollIntervalMs > 0)
        o.insert(QStringLiteral("pollIntervalMs"), pollIntervalMs);
    if (!statusMessage.isEmpty())
        o.insert(QStringLiteral("statusMessage"), statusMessage);
    if (status == Status::InputRequired)
        o.insert(QStringLiteral("inputRequests"), inputRequests);
    else if (status == Status::Completed && outcome.contains(QLatin1String("result")))
        o.insert(QStringLiteral("result"), outcome.value(QLatin1String("result")));
    else if (status == Status::Failed && outcome.contains(QLatin1String("error")))
        o.insert(QStringLiteral("error"), outcome.value(QLatin1String("error")));
    return o;
}

TaskStore::TaskStore(const ServerConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_sweep(new QTimer(this))
{
    m_sweep->setInterval(10 * 1000);
    connect(m_sweep, &QTimer::timeout, this, &TaskStore::purgeExpired);
}

TaskStore::~TaskStore()
{
    for (Entry &e : m_tasks)
        if (e.call)
            e.call->cancel();
}

bool TaskStore::isTerminal(Status status)
{
    return status == Status::Completed || status == Status::Failed || status == Status::Cancelled;
}

QString TaskStore::statusName(Status status)
{
    switch (status) {
    case Status::Working:
        return QStringLiteral("working");
    case Status::InputRequired:
        return QStringLiteral("input_required");
    case Status::Completed:
        return QStringLiteral("completed");
    case Status::Failed:
        return QStringLiteral("failed");
    case Status::Cancelled:
        return QStringLiteral("cancelled");
    }
    return {};
}

std::optional<TaskStore::Task> TaskStore::create(
    const QString &context, std::optional<qint64> requestedTtlMs, bool modern)
{
    purgeExpired();
    if (m_tasks.size() >= std::max(1, m_config.maxTasks)) {
        // Make room by forgetting the oldest finished task; never drop one that still runs.
        QString victim;
        for (const QString &id : std::as_const(m_order)) {
            if (m_tasks.value(id).task.isTerminal()) {
                victim = id;
                break;
            }
        }
        if (victim.isEmpty())
            return std::nullopt;
        drop(victim);
    }
    Task task;
    do {
        task.id = randomId(16);
    } while (m_tasks.contains(task.id));
    task.context = context;
    task.modern = modern;
    task.createdAt = task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    qint64 ttl = requestedTtlMs.value_or(m_config.taskDefaultTtlMs);
    task.ttlMs = std::clamp<qint64>(ttl, 1000, m_config.taskMaxTtlMs);
    task.pollIntervalMs = m_config.taskPollIntervalMs;
    m_tasks.insert(task.id, Entry {task, {}, {}, {}});
    m_order.append(task.id);
    if (!m_sweep->isActive())
        m_sweep->start();
    qCDebug(lcTasks) << "task created, ttl" << task.ttlMs << "ms;" << m_tasks.size() << "tasks";
    return task;
}

std::optional<TaskStore::Task> TaskStore::find(const QString &id, const QString &context) const
{
    const auto it = m_tasks.constFind(id);
    if (it == m_tasks.constEnd() || it->task.context != context)
        return std::nullopt;
    if (it->task.createdAt.msecsTo(QDateTime::currentDateTimeUtc()) > it->task.ttlMs)
        return std::nullopt; // expired; the sweep deletes it soon
    return it->task;
}

QList<TaskStore::Task> TaskStore::list(const QString &context) const
{
    QList<Task> out;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString &id : m_order) {
        const Entry &e = m_tasks[id];
        if (e.task.context == context && e.task.createdAt.msecsTo(now) <= e.task.ttlMs)
            out.append(e.task);
    }
    return out;
}

void TaskStore::attach(const QString &id, ToolCall *call)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || !call)
        return;
    call->setParent(this);
    it->call = call;
}

void TaskStore::touch(Entry &entry, Status status, const QString &message)
{
    entry.task.status = status;
    entry.task.statusMessage = message;
    entry.task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    if (entry.task.isTerminal()) {
        // Nobody will answer what it still asks, and nobody waits any more.
        entry.task.inputRequests = QJsonObject();
        entry.waiting.clear();
    }
    if (entry.task.isTerminal() && entry.call) {
        entry.call->deleteLater();
        entry.call = nullptr;
    }
    emit statusChanged(entry.task);
}

bool TaskStore::setStatus(const QString &id, Status status, const QString &message)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || it->task.isTerminal() || isTerminal(status))
        return false;
    if (it->task.status != status || it->task.statusMessage != message)
        touch(*it, status, message);
    return true;
}

void TaskStore::finish(
    const QString &id, Status status, const QJsonObject &outcome, const QString &message)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || it->task.isTerminal() || !isTerminal(status))
        return;
    it->task.outcome = outcome;
    touch(*it, status, message);
}

bool TaskStore::cancel(const QString &id, const QString &message)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || it->task.isTerminal())
        return false;
    QPointer<ToolCall> call = it->call;
    it->task.outcome = QJsonObject {{QStringLiteral("error"),
        QJsonObject {{QStringLiteral("code"), int(JsonRpc::InvalidRequest)},
            {QStringLiteral("message"), message}}}};
    touch(*it, Status::Cancelled, message);
    if (call)
        call->cancel(); // after the state change: a handler that reacts synchronously sees
                        // "cancelled"
    return true;
}

QString TaskStore::ask(
    const QString &id, const QString &key, const QJsonObject &request, Answer answer)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || it->task.isTerminal() || !answer)
        return {};
    // A key is never reused in a task's life: an answer always means the question it names.
    QString unique = key;
    for (int n = 2; it->keysIssued.contains(unique); ++n)
        unique = QStringLiteral("%1-%2").arg(key).arg(n);
    it->keysIssued.insert(unique);
    it->task.inputRequests.insert(unique, request);
    it->waiting.insert(unique, std::move(answer));
    touch(*it, Status::InputRequired,
        QStringLiteral("Waiting for the client to answer %1")
            .arg(request.value(QLatin1String("method")).toString()));
    return unique;
}

void TaskStore::answer(const QString &id, const QJsonObject &responses)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end() || it->task.isTerminal())
        return;
    QList<QPair<Answer, QJsonObject>> due;
    for (auto r = responses.begin(); r != responses.end(); ++r) {
        const auto waiting = it->waiting.find(r.key());
        if (waiting == it->waiting.end() || !r.value().isObject())
            continue; // never asked, answered already, or not an answer
        due.append({waiting.value(), r.value().toObject()});
        it->waiting.erase(waiting);
        it->task.inputRequests.remove(r.key());
    }
    if (due.isEmpty())
        return;
    // Observable at once (the next tasks/get shows what is still open); the call hears later.
    if (it->waiting.isEmpty())
        touch(*it, Status::Working, {});
    else
        touch(*it, Status::InputRequired, it->task.statusMessage);
    for (const auto &[deliver, response] : due)
        QTimer::singleShot(
            0, this, [deliver = deliver, response = response]() { deliver(response); });
}

void TaskStore::drop(const QString &id)
{
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end())
        return;
    if (it->call) {
        it->call->cancel();
        it->call->deleteLater();
    }
    m_tasks.erase(it);
    m_order.removeAll(id);
    emit removed(id);
}

void TaskStore::purgeExpired()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QList<QString> ids = m_order;
    for (const QString &id : ids) {
        const Entry &e = m_tasks[id];
        if (e.task.createdAt.msecsTo(now) > e.task.ttlMs) {
            qCDebug(lcTasks) << "task expired after" << e.task.ttlMs << "ms";
            if (!e.task.isTerminal())
                cancel(id, QStringLiteral("The task's ttl elapsed before it finished."));
            drop(id);
        }
    }
    if (m_tasks.isEmpty())
        m_sweep->stop();
}

} // namespace Hopx::Mcp
