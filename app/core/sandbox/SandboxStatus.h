// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>

namespace Hopx::Core {

/*! \brief Where a sandbox is in its life, whichever provider runs it.
 *
 * The app acts on the named states (a running sandbox is sampled, a dead one is shown as such,
 * a deleted one leaves the list). A provider may report a word of its own (the HOPX API's list
 * of statuses is open): it is kept as Other with that word, so tools and views show what the
 * provider said. name() is what tools return and settings and filters compare.
 */
class SandboxStatus
{
public:
    enum State {
        Creating,
        Running,
        Paused,
        Stopped,
        Dead, //!< its process is gone (a local sandbox that crashed or was killed)
        Unavailable, //!< its provider cannot reach it now (no key, no network)
        Deleted,
        Failed, //!< "error": the cloud could not make or keep it
        Other, //!< a word of the provider's own, or none yet
    };

    SandboxStatus() = default;
    SandboxStatus(State state); // NOLINT(google-explicit-constructor): `status = Running`
    //! The state a provider's word names; Other (keeping the word) for any other.
    static SandboxStatus fromName(const QString &name);

    State state() const { return m_state; }
    QString name() const;
    bool isRunning() const { return m_state == Running; }
    //! What the model is told when it asks a paused sandbox to run something: one sentence
    //! for the tools and every provider, so that it names the same next step everywhere.
    static QString pausedRefusal(const QString &sandboxId);

    friend bool operator==(const SandboxStatus &a, const SandboxStatus &b)
    {
        return a.m_state == b.m_state && a.m_other == b.m_other;
    }
    friend bool operator!=(const SandboxStatus &a, const SandboxStatus &b) { return !(a == b); }

private:
    State m_state = Other;
    QString m_other; // Other's word
};

} // namespace Hopx::Core

Q_DECLARE_METATYPE(Hopx::Core::SandboxStatus)
