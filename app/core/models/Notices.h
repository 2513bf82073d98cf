// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"
#include "core/settings/Settings.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class QTimer;

namespace Hopx::Core {

class SandboxManager;

/*! \brief What is worth a desktop notification, from what the sandboxes do: a long run finished,
 *  a sandbox about to expire, a sandbox's disk full, a connection refused by its allowlist.
 *
 * Each is said once (again only after it went away: a disk freed, a timeout extended), and only
 * when the settings switch it on (Settings::notifies()). The GUI shows them (GuiApplication).
 */
class Notices final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Notices)
public:
    //! A run this long is one the user may have left to do something else.
    static constexpr double kLongRunSeconds = 30;
    //! Warned this long before a sandbox expires.
    static constexpr qint64 kExpiryWarningSeconds = 5 * 60;

    using Clock = std::function<QDateTime()>;

    explicit Notices(Settings *settings, QObject *parent = nullptr);

    //! Follows \a manager's sandboxes, executions and output.
    void attach(SandboxManager *manager);
    //! Tests: another clock, and checking expiry by hand (0: no timer).
    void setClock(Clock clock) { m_clock = std::move(clock); }
    void setCheckInterval(int ms);

    // The event handlers, public so tests can feed them without providers.
    void sandboxSeen(const SandboxInfo &info);
    void sandboxGone(const QString &id);
    void execution(const ExecutionRecord &record);
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    void checkExpiry();

signals:
    /*! \a sandboxId is the sandbox it is about; \a host, for NetworkDenied, the host the user
     *  may allow. Title and text are in the user's language. */
    void notice(Hopx::Core::Settings::Notice kind, const QString &title, const QString &text,
        const QString &sandboxId, const QString &host);

private:
    void say(Settings::Notice kind, const QString &title, const QString &text,
        const QString &sandboxId, const QString &host = {});

    QPointer<Settings> m_settings;
    Clock m_clock;
    QTimer *m_timer;
    QHash<QString, QDateTime> m_expires; // sandbox id → when it expires
    QSet<QString> m_warnedExpiry; // sandbox id + expiry: said
    QSet<QString> m_full; // sandboxes whose full disk was said
    QSet<QString> m_denied; // sandbox id + host: said
};

} // namespace Hopx::Core
