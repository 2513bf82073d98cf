// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/SandboxLimits.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief The booted sandboxes that wait for the next create_sandbox or isolated run.
 *
 * Two kinds: plain spares serve create_sandbox, Python spares serve isolated Python runs (their
 * interpreter is started). A kind is kept filled only once it has been asked for, so a user who
 * never runs local sandboxes pays nothing.
 *
 * With a preload list, a plain spare's interpreter and some Python spares' have imported it
 * already (kernel.py imports it on a low-priority thread after the spare boots), so the first
 * plot in a new sandbox costs the plot, not the imports. Such an interpreter is ~60 MiB, so only
 * `preloadedPython` of the Python spares get one; the others have a plain interpreter, which
 * serves a run that imports nothing of the list as fast.
 *
 * Isolated runs come in bursts (an agent makes several in a row): after the first one the Python
 * spares grow to `pythonBurst`, booting two at a time, while the host has memory to spare, and
 * shrink back to one after some minutes without an isolated run.
 *
 * Forks come in rounds too (an agent tries alternatives, then branches again from the best):
 * after a fork of N children the plain spares grow to N (at most `pythonBurst`), without the
 * preload (a child loads its parent's variables, imports and all; a plain spare with no
 * interpreter costs ~0.6 MiB), and shrink back after the same minutes without a fork.
 */
class SparePool final : public QObject
{
    Q_OBJECT
public:
    enum class Kind { Plain, Python };
    struct Sizes
    {
        int plain = 1; // spares kept for create_sandbox (0 = none)
        int pythonBurst = 16; // Python spares kept after an isolated run (bounded by memory)
        int preloadedPython = 1; // of which have the preload imported
        int idleShrinkMs = 5 * 60 * 1000; // after this without an isolated run: back to one
    };
    //! Boots a spare sandbox (not ready yet); null when it could not start.
    using Boot = std::function<LocalSandbox *()>;
    //! Ends a spare that is no longer wanted.
    using Discard = std::function<void(LocalSandbox *)>;

    SparePool(Boot boot, Discard discard, const Sizes &sizes, QObject *parent = nullptr);

    //! New sizes from now on: spares beyond them end, missing ones boot soon.
    void setSizes(const Sizes &sizes);
    //! The modules spares preload (empty: none). Applies to spares booted from now on.
    void setPreload(const QStringList &modules) { m_preload = modules; }
    QStringList preload() const { return m_preload; }
    //! Keeps \a kind filled from now on (the first create of that kind asked for it).
    void want(Kind kind);
    //! A fork asked for \a children sandboxes: plain spares for the next round.
    void expectForks(int children);
    //! A spare of \a kind booted with \a limits (ready, or still booting), removed from the
    //! pool, or null.
    LocalSandbox *take(Kind kind, const SandboxLimits &limits);
    /*! A spare for a create_sandbox of \a kind (a Python one falls back to a plain one), its
     *  interpreter made fit for the new owner: dropped when \a envGiven (variables set at
     *  creation may steer imports) or while it still preloads; kept for a minute when nobody
     *  asked for Python. Null when no spare with \a limits waits. */
    LocalSandbox *handOut(Kind kind, const SandboxLimits &limits, bool envGiven);
    //! Boots what is missing now (spares become ready in the background).
    void refill();
    /*! Boots what is missing once no spare has been taken for a moment and no isolated run
     *  taken from the pool is still going (for up to two seconds): a boot mounts a disk and
     *  starts bwrap on this thread, which the calls of a burst must not wait for. */
    void refillSoon() { m_refill.start(); }
    //! The sandbox \a id, taken as a Python spare, is gone (its isolated run ended).
    void finished(const QString &id);
    //! Ends every spare and boots new ones (the preload setting changed).
    void renew();
    //! Empties the pool (app exit); the caller ends them.
    QList<LocalSandbox *> takeAll();
    bool contains(const QString &id) const;
    int count(Kind kind) const { return pool(kind).size(); }
    //! Spares of \a kind ready to hand out (booted; with \a preloaded, their preload done).
    int ready(Kind kind, bool preloaded) const;

    //! Memory the host has available now (/proc/meminfo), -1 when unknown.
    static qint64 availableMemory();

private:
    QList<LocalSandbox *> &pool(Kind kind) { return kind == Kind::Plain ? m_plain : m_python; }
    const QList<LocalSandbox *> &pool(Kind kind) const
    {
        return kind == Kind::Plain ? m_plain : m_python;
    }
    int target(Kind kind) const;
    int preloadedPython() const;
    int booting() const;
    bool bootOne(Kind kind);
    void shrink();
    void shrinkForks();
    //! Ends the spares of \a kind beyond its target.
    void trim(Kind kind);
    int preloadingPlain() const;
    void forget(LocalSandbox *spare);

    Boot m_boot;
    Discard m_discard;
    Sizes m_sizes;
    QStringList m_preload;
    QList<LocalSandbox *> m_plain;
    QList<LocalSandbox *> m_python;
    QList<LocalSandbox *> m_preloading; // spares whose interpreter was asked to preload
    bool m_plainWanted = false;
    bool m_pythonWanted = false;
    bool m_burst = false; // Python spares at burst size (an isolated run came recently)
    int m_forkRound = 0; // plain spares a fork asked for recently (0: none)
    QTimer m_forkIdle;
    QTimer m_idle;
    QTimer m_refill;
    QHash<QString, qint64> m_running; // Python spares handed out -> when (ms since the epoch)
};

} // namespace Hopx::Local
