// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QList>

namespace Hopx::Core {

/*! \brief The host's processes by parent, read once from /proc, to measure whole process trees.
 *
 * A sandbox is more than the processes it lists from inside: its bubblewrap, its agent and
 * whatever runs use memory too. What it costs the host is the proportional set size (PSS) of
 * every process in its tree, as `scripts/bench.sh scale` measures it; shared pages (the
 * agent's, Python's libraries) count once across all the sandboxes that map them.
 */
class ProcessTree final
{
public:
    struct Usage
    {
        qint64 pssBytes = -1; // -1: the root is gone or its memory cannot be read
        double cpuSeconds = -1; // user + system, including waited-for children that ended
        int processes = 0;
    };

    //! Every process of the host, by parent, as /proc shows it now.
    static ProcessTree read();

    //! What \a root and all its descendants use now.
    Usage usage(qint64 root) const;

private:
    QHash<qint64, QList<qint64>> m_children;
};

} // namespace Hopx::Core
