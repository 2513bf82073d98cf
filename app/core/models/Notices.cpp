// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/Notices.h"

#include "core/manager/SandboxManager.h"
#include "core/models/Format.h"
#include "core/settings/NetworkLog.h"

#include <QTimer>

namespace Hopx::Core {

Notices::Notices(Settings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
    , m_timer(new QTimer(this))
{
    connect(m_timer, &QTimer::timeout, this, &Notices::checkExpiry);
    setCheckInterval(30 * 1000);
}

void Notices::setCheckInterval(int ms)
{
    m_timer->stop();
    if (ms > 0)
        m_timer->start(ms);
}

void Notices::attach(SandboxManager *manager)
{
    connect(manager, &SandboxManager::sandboxAdded, this, &Notices::sandboxSeen);
    connect(manager, &SandboxManager::sandboxChanged, this, &Notices::sandboxSeen);
    connect(manager, &SandboxManager::sandboxRemoved, this,
        [this](const QString &id, const QString &) { sandboxGone(id); });
    connect(manager, &SandboxManager::execution, this, &Notices::execution);
    connect(manager, &SandboxManager::output, this, &Notices::output);
}

void Notices::sandboxSeen(const SandboxInfo &info)
{
    if (info.expiresAt.isValid())
        m_expires.insert(info.id, info.expiresAt);
    else
        m_expires.remove(info.id);
    if (info.diskCapBytes <= 0 || info.diskUsedBytes < 0)
        return;
    // Full is within 2 % of the cap (what the file system keeps for itself); said again only
    // after the sandbox freed a good part of it.
    if (info.diskUsedBytes * 50 >= info.diskCapBytes * 49) {
        if (!m_full.contains(info.id))
            say(Settings::Notice::WorkspaceFull, tr("A sandbox's disk is full"),
                tr("%1 uses all of its %2: programs there get \"no space left\". Delete files in "
                   "it, or raise the disk space in Settings.")
                    .arg(info.id, Format::bytes(info.diskCapBytes)),
                info.id);
        m_full.insert(info.id);
    } else if (info.diskUsedBytes * 10 < info.diskCapBytes * 9) {
        m_full.remove(info.id);
    }
}

void Notices::sandboxGone(const QString &id)
{
    m_expires.remove(id);
    m_full.remove(id);
}

void Notices::execution(const ExecutionRecord &record)
{
    // A run the client does not wait for (background, a task, async) is news whenever it ends;
    // one it waits for only when it took long enough for the user to look away.
    const bool detached = record.background || record.async;
    if (!record.finished || (!detached && record.seconds < kLongRunSeconds))
        return;
    // A shell command's record says "command"; languages are names and stay as they are.
    const QString what =
        record.language == QLatin1String("command") ? tr("Command") : record.language;
    const QString how = !record.failure.isEmpty()
        ? tr("could not run: %1").arg(Format::failure(record.failureCode, record.failure))
        : record.timedOut             ? tr("timed out")
        : !record.exception.isEmpty() ? tr("raised %1").arg(record.exception)
                                      : tr("exit code %1").arg(record.exitCode);
    say(Settings::Notice::RunFinished,
        record.background  ? tr("A background run finished")
            : record.async ? tr("An async run finished")
                           : tr("A run finished"),
        tr("%1 in %2 finished after %3: %4")
            .arg(what, record.sandboxId, Format::duration(qint64(record.seconds)), how),
        record.sandboxId);
}

void Notices::output(const QString &sandboxId, const QString &stream, const QByteArray &chunk)
{
    if (stream != QLatin1String("network"))
        return;
    for (const QByteArray &line : chunk.split('\n')) {
        const QString host = NetworkLog::allowableHostOf(QString::fromUtf8(line));
        if (host.isEmpty() || m_denied.contains(sandboxId + QLatin1Char(' ') + host))
            continue;
        m_denied.insert(sandboxId + QLatin1Char(' ') + host);
        say(Settings::Notice::NetworkDenied, tr("A connection was refused"),
            tr("%1 tried to reach %2, which its network allowlist does not name. Allow it from "
               "the Logs.")
                .arg(sandboxId, host),
            sandboxId, host);
    }
}

void Notices::checkExpiry()
{
    const QDateTime now = m_clock();
    for (auto it = m_expires.cbegin(); it != m_expires.cend(); ++it) {
        const qint64 left = now.secsTo(it.value());
        const QString key = it.key() + QLatin1Char(' ') + it.value().toString(Qt::ISODate);
        if (left <= 0 || left > kExpiryWarningSeconds || m_warnedExpiry.contains(key))
            continue;
        m_warnedExpiry.insert(key); // an extended timeout is a new expiry, warned again
        say(Settings::Notice::Expiring, tr("A sandbox expires soon"),
            tr("%1 and its files are deleted in %2, unless its timeout is extended.")
                .arg(it.key(), Format::duration(left)),
            it.key());
    }
}

void Notices::say(Settings::Notice kind, const QString &title, const QString &text,
    const QString &sandboxId, const QString &host)
{
    if (m_settings && !m_settings->notifies(kind))
        return;
    emit notice(kind, title, text, sandboxId, host);
}

} // namespace Hopx::Core
