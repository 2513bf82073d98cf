// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>

#include <atomic>
#include <memory>

namespace Hopx::Local {

/*! \brief Moves bytes between two connected stream sockets on a thread of its own, with
 *  splice() through pipes (no copies through user space), until either side ends.
 *
 * The egress proxy's hot path: the Qt sockets only read the request and dial; the tunnel's
 * bytes then bypass the event loop. Each relay owns its two descriptors and closes them.
 * A Group ends all of its relays when it is stopped (its sandbox is gone) and counts them.
 */
class SpliceRelay
{
public:
    class Group
    {
    public:
        Group();
        ~Group();
        //! Ends every relay of the group (soon; they close their own descriptors).
        void stop();
        int active() const { return m_active.load(); }

    private:
        friend class SpliceRelay;
        int m_stopFd = -1; // eventfd, readable once stopped
        std::atomic<int> m_active {0};
    };

    /*! Starts relaying between \a a and \a b (taking both), first writing \a toA to a and
     *  \a toB to b. False (descriptors closed) when no thread could be started. */
    static bool start(const std::shared_ptr<Group> &group, int a, int b, const QByteArray &toA,
        const QByteArray &toB);

private:
    static void run(std::shared_ptr<Group> group, int a, int b, QByteArray toA, QByteArray toB);
};

} // namespace Hopx::Local
