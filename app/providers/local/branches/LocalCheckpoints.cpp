// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/LocalCheckpoints.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/boot/HostTool.h"
#include "providers/local/branches/CheckpointFiles.h"
#include "providers/local/branches/CheckpointJournal.h"
#include "providers/local/branches/LocalFork.h"
#include "providers/local/disk/SharedFiles.h"

#include "core/base/Later.h"

#include <QJsonObject>
#include <QPointer>
#include <QRandomGenerator>

#include <csignal>
#include <memory>

namespace Hopx::Local {

using Core::Callback;
using Core::CheckpointInfo;
using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

constexpr const char *kDir = CheckpointJournal::kDir;

Error noSpace(LocalSandbox *sandbox, const QString &what)
{
    return Error::make(Error::Code::LimitExceeded,
        QStringLiteral("%1 does not fit in the sandbox's disk (%2), which its files and "
                       "checkpoints share: delete files or checkpoints (delete_checkpoint), or "
                       "raise the cap in Settings → Local.")
            .arg(what, sandbox->capText()),
        {}, QStringLiteral("No space left"));
}

//! A checkpoint's directory, relative to the disk's mount point.
QString checkpointDir(const QString &id)
{
    return QLatin1String(kDir) + QLatin1Char('/') + id;
}

//! Removes checkpoint \a id's files from \a sandbox's disk, off the main thread.
void removeFiles(
    LocalSandbox *sandbox, const QString &id,
    std::function<void(const HostTool::Outcome &)> done = [](const HostTool::Outcome &) {})
{
    const QString mountPoint = sandbox->volume()->mountPoint();
    const QString dir = checkpointDir(id);
    SharedFiles::runAsync(
        sandbox, [mountPoint, dir]() { return CheckpointFiles::remove(mountPoint, dir); },
        [done](const Result<Unit> &r) {
            HostTool::Outcome o;
            o.exitCode = r ? 0 : 1;
            o.said = r ? QString() : r.error().message;
            done(o);
        });
}

QString statePath()
{
    return QString::fromLatin1(LocalFork::kStatePath);
}

//! Removes the live copy of the state file when one was \a written, then \a next: a run
//! queued after the operation must not find the interpreter still busy with it.
void discardThen(LocalSandbox *sandbox, bool written, std::function<void()> next)
{
    if (written)
        sandbox->kernel()->discardState(statePath(), std::move(next));
    else
        next();
}

QString notWritten(const QString &why)
{
    return QStringLiteral("The Python variables were not written to the disk (%1): they come "
                          "back only while HOPX Desktop keeps running.")
        .arg(why);
}

} // namespace

LocalCheckpoints::LocalCheckpoints(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
    , m_writes(sandbox)
{ }

template<typename T>
bool LocalCheckpoints::refuse(const Callback<T> &done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return true;
    std::optional<Error> e;
    if (m_busy)
        e = Error::make(Error::Code::Unavailable,
            QStringLiteral("A checkpoint, restore or fork of this sandbox is in progress; "
                           "retry when it is done."));
    if (e)
        QTimer::singleShot(0, m_sandbox, [done, e = *e]() { done(e); });
    return e.has_value();
}

LocalCheckpoints::Entry *LocalCheckpoints::find(const QString &id)
{
    for (Entry &e : m_entries)
        if (e.info.id == id)
            return &e;
    return nullptr;
}

QSet<qint64> LocalCheckpoints::stoppedPids() const
{
    QSet<qint64> pids;
    for (const Entry &e : m_entries)
        if (e.python.pid > 0)
            pids.insert(e.python.pid);
    return pids;
}

qint64 LocalCheckpoints::totalBytes() const
{
    qint64 total = 0;
    for (const Entry &e : m_entries)
        total += e.info.sizeBytes;
    return total;
}

QString LocalCheckpoints::filesDir(const QString &id) const
{
    return m_sandbox->volume()->backingDir() + QLatin1Char('/') + QLatin1String(kDir)
        + QLatin1Char('/') + id;
}

QJsonArray LocalCheckpoints::index() const
{
    return CheckpointEntry::toIndex(m_entries);
}

void LocalCheckpoints::loadIndex(const QJsonArray &index)
{
    for (const CheckpointEntry &e : CheckpointEntry::fromIndex(index))
        if (!find(e.info.id))
            m_entries.append(e);
}

void LocalCheckpoints::signalAll(int signal, qint64 spare, PidsDone done)
{
    QPointer<LocalSandbox> self(m_sandbox);
    const QSet<qint64> keep = stoppedPids() + m_writes.writers();
    m_sandbox->agent()->ps(
        [self, signal, spare, keep, done](Result<QList<AgentClient::ProcessInfo>> r) {
            if (!self)
                return;
            QList<qint64> pids;
            if (r)
                for (const AgentClient::ProcessInfo &p : r.value())
                    if (p.pid > 2 && p.pid != spare && !keep.contains(p.pid))
                        pids << p.pid;
            if (pids.isEmpty()) {
                done(pids);
                return;
            }
            // Done once the agent has sent every signal: the host's copy must not start earlier.
            auto left = std::make_shared<int>(int(pids.size()));
            for (qint64 pid : std::as_const(pids))
                self->agent()->kill(pid, signal, false, [left, pids, done](Result<Unit>) {
                    if (--*left == 0)
                        done(pids);
                });
        });
}

void LocalCheckpoints::thaw(const QList<qint64> &pids)
{
    if (m_sandbox->isDead())
        return;
    for (qint64 pid : pids)
        m_sandbox->agent()->kill(pid, SIGCONT, false, [](Result<Unit>) {});
}

void LocalCheckpoints::copyFiles(const QString &id, Callback<qint64> done)
{
    SandboxVolume *volume = m_sandbox->volume();
    const SandboxVolume::Usage before = volume->usage();
    // Variables on their way to another checkpoint are on the disk but not among the files.
    const qint64 live =
        std::max<qint64>(0, before.usedBytes - totalBytes() - m_writes.pendingBytes());
    if (before.freeBytes >= 0 && live > before.freeBytes) {
        QTimer::singleShot(0, m_sandbox,
            [done, e = noSpace(m_sandbox, QStringLiteral("A checkpoint"))]() { done(e); });
        return;
    }
    QPointer<LocalSandbox> self(m_sandbox);
    const QString rel = checkpointDir(id);
    const QString mountPoint = volume->mountPoint();
    m_sandbox->diskStep(QStringLiteral("checkpoint"), QStringLiteral("copy"));
    SharedFiles::runAsync(
        m_sandbox, [mountPoint, rel]() { return CheckpointFiles::take(mountPoint, rel); },
        [self, before, done](const Result<Unit> &taken) {
            if (!self)
                return;
            if (!taken) {
                done(taken.error().code == Error::Code::LimitExceeded
                        ? noSpace(self, QStringLiteral("A checkpoint"))
                        : Error::make(Error::Code::Internal,
                            QStringLiteral("Copying the sandbox's files failed: %1")
                                .arg(taken.error().message)));
                return;
            }
            self->diskStep(QStringLiteral("checkpoint"), QStringLiteral("copied"));
            done(std::max<qint64>(0, self->volume()->usage().usedBytes - before.usedBytes));
        });
}

void LocalCheckpoints::checkpoint(const QString &name, Callback<CheckpointInfo> done)
{
    // Right after an app restart the sandbox boots again: the call waits for it.
    if (m_sandbox->deferUntilStarted([this, name, done]() { checkpoint(name, done); }))
        return;
    if (refuse(done))
        return;
    m_busy = true;
    const QString id = QStringLiteral("ckpt-%1").arg(
        QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
    QPointer<LocalSandbox> self(m_sandbox);
    // First the variables, pickled (their file is written behind the answer:
    // BackgroundStateWrites), then the live copy (any object, while the app runs), then the
    // files.
    m_sandbox->kernel()->saveStateBehind(BackgroundStateWrites::sandboxPath(id),
        [this, self, id, name, done](Result<PythonKernel::StateReport> saved) {
            if (!self)
                return;
            self->kernel()->checkpoint(
                [this, self, id, name, saved, done](Result<PythonKernel::Snapshot> snapshot) {
                    if (!self)
                        return;
                    self->diskStep(QStringLiteral("checkpoint"), QStringLiteral("state-written"));
                    if (!snapshot) {
                        m_busy = false;
                        stopWriting(id, saved);
                        done(snapshot.error());
                        return;
                    }
                    copyCheckpoint({id, name, snapshot.value(), saved}, done);
                });
        });
}

void LocalCheckpoints::stopWriting(
    const QString &id, const Result<PythonKernel::StateReport> &saved)
{
    if (saved && saved.value().writer > 0)
        m_writes.discard(id, saved.value().writer);
}

void LocalCheckpoints::followWrite(const QString &id, qint64 writer, qint64 bytes)
{
    QPointer<LocalSandbox> self(m_sandbox);
    m_writes.follow(id, writer, bytes, [this, self, id](const Result<qint64> &written) {
        Entry *e = self ? find(id) : nullptr;
        if (!e)
            return;
        e->info.variablesOnDisk = true;
        if (written) {
            e->stateFile = true;
            e->info.sizeBytes += written.value();
        } else {
            e->info.variables.clear();
            e->info.notKept = {};
            e->info.note = notWritten(written.error().message);
        }
        if (const Result<Unit> recorded = self->persist(); !recorded)
            qCWarning(lcLocal).noquote()
                << "sandbox" << self->id() << "checkpoint" << id
                << ": the record could not be written:" << recorded.error().message;
        self->diskStep(QStringLiteral("checkpoint-state"), QStringLiteral("recorded"));
    });
}

void LocalCheckpoints::copyCheckpoint(const Taking &taking, Callback<CheckpointInfo> done)
{
    QPointer<LocalSandbox> self(m_sandbox);
    signalAll(SIGSTOP, taking.python.pid, [this, self, taking, done](const QList<qint64> &stopped) {
        copyFiles(taking.id, [this, self, taking, stopped, done](Result<qint64> size) {
            if (!self)
                return;
            thaw(stopped);
            m_busy = false;
            if (!size) {
                if (taking.python.pid > 0)
                    self->agent()->kill(taking.python.pid, SIGKILL, false, [](Result<Unit>) {});
                stopWriting(taking.id, taking.saved);
                done(size.error());
                return;
            }
            Entry e;
            e.info.id = taking.id;
            e.info.name = taking.name;
            e.info.createdAt = QDateTime::currentDateTimeUtc();
            e.info.sizeBytes = size.value();
            e.info.pythonState = taking.python.pid > 0;
            e.python = taking.python;
            const qint64 writer = taking.saved ? taking.saved.value().writer : 0;
            if (taking.saved) {
                e.info.variables = taking.saved.value().carried;
                e.info.notKept = taking.saved.value().notCarried;
                e.info.variablesOnDisk = writer <= 0;
            } else {
                e.info.note = notWritten(taking.saved.error().message);
            }
            m_entries.append(e);
            // Not recorded (a full disk): no checkpoint. Its files go now (else at the next
            // start, which removes what no record lists).
            if (const Result<Unit> recorded = self->persist(); !recorded) {
                m_entries.removeLast();
                if (taking.python.pid > 0)
                    self->agent()->kill(taking.python.pid, SIGKILL, false, [](Result<Unit>) {});
                removeFiles(self, taking.id);
                stopWriting(taking.id, taking.saved);
                done(Error::make(Error::Code::Internal,
                    QStringLiteral("The checkpoint was not kept: its sandbox's record could not "
                                   "be written (%1).")
                        .arg(recorded.error().message)));
                return;
            }
            self->diskStep(QStringLiteral("checkpoint"), QStringLiteral("recorded"));
            if (writer > 0)
                followWrite(taking.id, writer, taking.saved.value().bytes);
            done(e.info);
        });
    });
}

void LocalCheckpoints::restoreFiles(const QString &id, std::function<void(const QString &)> done)
{
    QPointer<LocalSandbox> self(m_sandbox);
    const QString mountPoint = m_sandbox->volume()->mountPoint();
    // A copy is marked first: a restore cut short is finished by the next start
    // (CheckpointJournal). Shared files come back in one rename each, which needs no marker
    // (and no fsync, which would wait for every byte a copy-up wrote meanwhile).
    const bool shared = SharedFiles::supported(mountPoint);
    if (const auto marked = shared ? Result<Unit>(Unit {})
                                   : CheckpointJournal::markRestore(*m_sandbox->volume(), id);
        !marked) {
        QTimer::singleShot(0, m_sandbox, [done, why = marked.error().message]() { done(why); });
        return;
    }
    m_sandbox->diskStep(QStringLiteral("restore"), QStringLiteral("marked"));
    const QString backing = m_sandbox->volume()->backingDir();
    SharedFiles::runAsync(
        m_sandbox,
        [mountPoint, backing, id]() { return CheckpointFiles::restore(mountPoint, backing, id); },
        [self, done](const Result<Unit> &restored) {
            if (!self)
                return;
            // A failed copy keeps the marker: the next start tries the copy again.
            if (restored) {
                self->diskStep(QStringLiteral("restore"), QStringLiteral("copied"));
                CheckpointJournal::clearRestore(*self->volume());
                self->diskStep(QStringLiteral("restore"), QStringLiteral("unmarked"));
            }
            done(restored ? QString() : restored.error().message);
        });
}

void LocalCheckpoints::restore(const QString &checkpointId, Callback<Core::RestoreOutcome> done)
{
    if (m_sandbox->deferUntilStarted([this, checkpointId, done]() { restore(checkpointId, done); }))
        return;
    if (refuse(done))
        return;
    if (!find(checkpointId)) {
        QTimer::singleShot(0, m_sandbox, [done, checkpointId, id = m_sandbox->id()]() {
            done(Error::make(Error::Code::NotFound,
                QStringLiteral("Sandbox %1 has no checkpoint %2; list_checkpoints shows its "
                               "checkpoints.")
                    .arg(id, checkpointId),
                {}, QStringLiteral("Checkpoint not found")));
        });
        return;
    }
    if (m_sandbox->kernel()->isBusy()) {
        QTimer::singleShot(0, m_sandbox, [done]() {
            done(Error::make(Error::Code::Unavailable,
                QStringLiteral("A Python run is in progress in this sandbox; restore once it "
                               "has finished (or cancel it).")));
        });
        return;
    }
    if (find(checkpointId)->python.pid <= 0 && m_writes.pending(checkpointId)) {
        // No stopped interpreter to resume: its variables come from the file being written.
        QPointer<LocalSandbox> self(m_sandbox);
        m_writes.whenSettled(checkpointId, [this, self, checkpointId, done]() {
            if (self)
                restore(checkpointId, done);
        });
        return;
    }
    m_busy = true;
    QPointer<LocalSandbox> self(m_sandbox);
    const qint64 kernelPid = m_sandbox->kernel()->pid();
    // Everything that runs now belongs to the present, not to the checkpoint: it ends. The
    // interpreter is only stopped here; the kernel's restore ends it in its own order.
    auto afterSignals = [this, self, checkpointId, kernelPid, done](const QList<qint64> &) {
        self->diskStep(QStringLiteral("restore"), QStringLiteral("ended"));
        if (kernelPid > 0)
            self->agent()->kill(kernelPid, SIGSTOP, false, [](Result<Unit>) {});
        restoreFiles(checkpointId, [this, self, checkpointId, done](const QString &error) {
            if (!error.isEmpty()) {
                m_busy = false;
                done(Error::make(Error::Code::Internal,
                    QStringLiteral("Restoring the files failed (%1); /workspace may be "
                                   "partly restored: restore again, or delete the sandbox.")
                        .arg(error)));
                return;
            }
            restorePython(checkpointId, done);
        });
    };
    signalAll(SIGKILL, kernelPid, afterSignals);
}

void LocalCheckpoints::restorePython(
    const QString &checkpointId, Callback<Core::RestoreOutcome> done)
{
    QPointer<LocalSandbox> self(m_sandbox);
    const Entry *entry = find(checkpointId);
    const PythonKernel::Snapshot python = entry->python;
    const bool stateFile = entry->stateFile;
    auto finish = [this, self, checkpointId, done](Core::RestoreOutcome out) {
        if (!self)
            return;
        m_busy = false;
        Entry *e = find(checkpointId);
        e->info.pythonState = e->python.pid > 0;
        out.checkpoint = e->info;
        self->persist();
        self->diskStep(QStringLiteral("restore"), QStringLiteral("recorded"));
        done(out);
    };
    m_sandbox->kernel()->restore(python,
        [this, self, checkpointId, python, stateFile, finish](Result<PythonKernel::Snapshot> next) {
            if (!self)
                return;
            Entry *e = find(checkpointId);
            Core::RestoreOutcome out;
            if (next && python.pid > 0) {
                out.pythonStateRestored = true;
                e->python = next.value();
                if (e->python.pid <= 0)
                    out.note = QStringLiteral("The Python state could not be kept for "
                                              "another restore of this checkpoint.");
                // The live copy has every object; the restored files' state file is not needed.
                discardThen(self, stateFile, [finish, out]() { finish(out); });
                return;
            }
            e->python = {};
            const QString why = python.pid > 0
                ? next.error().message
                : QStringLiteral("Its stopped interpreter is gone (HOPX Desktop restarted since "
                                 "it was taken, or no interpreter was running then).");
            if (!stateFile) {
                out.note = QStringLiteral("%1 This checkpoint holds files only: the files were "
                                          "restored; the Python interpreter starts fresh.")
                               .arg(why);
                finish(out);
                return;
            }
            self->kernel()->loadState(
                statePath(), [why, finish](Result<PythonKernel::StateReport> loaded) {
                    Core::RestoreOutcome out;
                    if (!loaded) {
                        out.note = QStringLiteral("%1 The files were restored; the variables "
                                                  "could not be loaded (%2), so the Python "
                                                  "interpreter starts fresh.")
                                       .arg(why, loaded.error().message);
                        finish(out);
                        return;
                    }
                    out.pythonStateRestored = !loaded.value().carried.isEmpty();
                    out.variables = loaded.value().carried;
                    out.notRestored = loaded.value().notCarried;
                    out.note = QStringLiteral(
                        "%1 The interpreter started again with the variables the checkpoint "
                        "wrote to the disk (python_variables); not_restored names those that "
                        "could not be kept, and why. Running code, open files, sockets and "
                        "threads are not restored.")
                                   .arg(why);
                    finish(out);
                });
        });
}

void LocalCheckpoints::listCheckpoints(Callback<QList<CheckpointInfo>> done)
{
    QList<CheckpointInfo> out;
    for (const Entry &e : std::as_const(m_entries))
        out << e.info;
    Core::answerLater<QList<CheckpointInfo>>(m_sandbox, std::move(done), out);
}

void LocalCheckpoints::deleteCheckpoint(const QString &checkpointId, Callback<Unit> done)
{
    if (refuse(done))
        return;
    const Entry *e = find(checkpointId);
    if (!e) {
        QTimer::singleShot(0, m_sandbox, [done, checkpointId]() {
            done(Error::make(Error::Code::NotFound,
                QStringLiteral("No checkpoint %1; list_checkpoints shows them.").arg(checkpointId),
                {}, QStringLiteral("Checkpoint not found")));
        });
        return;
    }
    m_sandbox->diskStep(QStringLiteral("delete-checkpoint"), QStringLiteral("start"));
    const Entry kept = *e;
    m_entries.removeIf([&](const Entry &x) { return x.info.id == checkpointId; });
    // The record first: files no record lists are removed by the next start (CheckpointJournal).
    // Not recorded (a full disk): the checkpoint stays, whole.
    if (const Result<Unit> recorded = m_sandbox->persist(); !recorded) {
        m_entries.append(kept);
        QTimer::singleShot(0, m_sandbox, [done, e = recorded.error()]() {
            done(Error::make(Error::Code::Internal,
                QStringLiteral("The checkpoint was not deleted: its sandbox's record could not "
                               "be written (%1).")
                    .arg(e.message)));
        });
        return;
    }
    if (kept.python.pid > 0)
        m_sandbox->agent()->kill(kept.python.pid, SIGKILL, false, [](Result<Unit>) {});
    m_writes.cancel(checkpointId);
    m_sandbox->diskStep(QStringLiteral("delete-checkpoint"), QStringLiteral("recorded"));
    m_busy = true;
    QPointer<LocalSandbox> self(m_sandbox);
    removeFiles(m_sandbox, checkpointId, [this, self, done](const HostTool::Outcome &o) {
        if (!self)
            return;
        m_busy = false;
        self->diskStep(QStringLiteral("delete-checkpoint"), QStringLiteral("deleted"));
        if (o.ok())
            done(Unit {});
        else
            done(Error::make(Error::Code::Internal,
                QStringLiteral("Deleting the checkpoint's files failed: %1").arg(o.said)));
    });
}

void LocalCheckpoints::fork(
    const QString &checkpointId, int count, Callback<QList<Core::ForkOutcome>> done)
{
    if (m_sandbox->deferUntilStarted(
            [this, checkpointId, count, done]() { fork(checkpointId, count, done); }))
        return;
    if (refuse(done))
        return;
    if (!checkpointId.isEmpty() && !find(checkpointId)) {
        QTimer::singleShot(0, m_sandbox, [done, checkpointId]() {
            done(Error::make(Error::Code::NotFound,
                QStringLiteral("No checkpoint %1; list_checkpoints shows them.").arg(checkpointId),
                {}, QStringLiteral("Checkpoint not found")));
        });
        return;
    }
    m_busy = true;
    ForkSource::run(forkParent(), checkpointId, count, std::move(done));
}

ForkSource::Parent LocalCheckpoints::forkParent()
{
    ForkSource::Parent p;
    p.sandbox = m_sandbox;
    p.freeze = [this](std::function<void(const QList<qint64> &)> done) {
        signalAll(SIGSTOP, 0, std::move(done));
    };
    p.thaw = [this](const QList<qint64> &pids) { thaw(pids); };
    p.checkpoint = [this](const QString &id,
                       std::function<void(std::optional<ForkSource::Kept>)> next) {
        // Its variables, when still being written, first: the children load them.
        QPointer<LocalSandbox> self(m_sandbox);
        m_writes.whenSettled(id, [this, self, id, next]() {
            const Entry *e = self && !self->isDead() && self->volume() ? find(id) : nullptr;
            if (!e) {
                next(std::nullopt);
                return;
            }
            next(ForkSource::Kept {
                {e->info.variables, e->info.notKept, 0, false}, e->stateFile, filesDir(id)});
        });
    };
    p.idle = [this]() { m_busy = false; };
    return p;
}

} // namespace Hopx::Local
