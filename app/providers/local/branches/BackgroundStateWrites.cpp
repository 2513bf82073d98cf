// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/BackgroundStateWrites.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/boot/BwrapCommand.h"
#include "providers/local/branches/CheckpointJournal.h"
#include "providers/local/branches/LocalFork.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/disk/SharedFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>

#include <algorithm>
#include <csignal>
#include <memory>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

constexpr int kPollMs = 20;
// A writer that died without a word (killed, out of memory) is noticed within this.
constexpr int kAliveCheckMs = 1000;
constexpr qint64 kMaxReason = 400;

//! The state file's place in a home directory, as the disk names it ("home/.cache/hopx/…").
QString homeStatePath()
{
    return QStringLiteral("home") + LocalFork::stateInHome();
}

QString fileName()
{
    return QFileInfo(QString::fromLatin1(LocalFork::kStatePath)).fileName();
}

/*! The reason the writer left in \a path, when there is one. The sandbox made that name: a
 *  symlink (to a host file, resolved here on the host) or anything but a plain file is no
 *  reason, and is never read. */
std::optional<QString> failure(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? std::nullopt
                               : std::optional<QString>(QStringLiteral("the write failed"));
    struct stat st
    {
    };
    QByteArray text(kMaxReason, '\0');
    const ssize_t n = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)
        ? ::read(fd, text.data(), size_t(text.size()))
        : -1;
    ::close(fd);
    return n > 0 ? QString::fromUtf8(text.left(n)).trimmed() : QStringLiteral("the write failed");
}

} // namespace

BackgroundStateWrites::BackgroundStateWrites(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{
    m_timer.setInterval(kPollMs);
    QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this]() { poll(); });
}

BackgroundStateWrites::~BackgroundStateWrites()
{
    for (Write &w : m_writes)
        for (auto &next : w.waiting)
            QTimer::singleShot(0, QCoreApplication::instance(), std::move(next));
}

QString BackgroundStateWrites::sandboxPath(const QString &id)
{
    return QLatin1String(BwrapCommand::kStatePath) + QLatin1Char('/') + id + QLatin1Char('/')
        + fileName();
}

void BackgroundStateWrites::follow(const QString &id, qint64 writer, qint64 bytes, Done done)
{
    Write w;
    w.id = id;
    w.writer = writer;
    w.bytes = bytes;
    w.done = std::move(done);
    w.checked.start();
    m_writes.append(std::move(w));
    m_timer.start();
    // It waits, stopped, for the checkpoint's files to be taken: now they are.
    m_sandbox->agent()->kill(writer, SIGCONT, false, [](Result<Unit>) {});
}

BackgroundStateWrites::Write *BackgroundStateWrites::find(const QString &id)
{
    for (Write &w : m_writes)
        if (w.id == id)
            return &w;
    return nullptr;
}

bool BackgroundStateWrites::pending(const QString &id) const
{
    return std::any_of(
        m_writes.cbegin(), m_writes.cend(), [&id](const Write &w) { return w.id == id; });
}

void BackgroundStateWrites::whenSettled(const QString &id, std::function<void()> next)
{
    if (Write *w = find(id))
        w->waiting.append(std::move(next));
    else
        next();
}

QSet<qint64> BackgroundStateWrites::writers() const
{
    QSet<qint64> pids;
    for (const Write &w : m_writes)
        pids.insert(w.writer);
    return pids;
}

qint64 BackgroundStateWrites::pendingBytes() const
{
    qint64 total = 0;
    for (const Write &w : m_writes)
        total += w.bytes;
    return total;
}

void BackgroundStateWrites::cancel(const QString &id)
{
    if (!find(id))
        return;
    const Write w = take(id);
    discard(id, w.writer);
    for (const auto &next : w.waiting)
        next();
}

BackgroundStateWrites::Write BackgroundStateWrites::take(const QString &id)
{
    const auto at = std::find_if(
        m_writes.begin(), m_writes.end(), [&id](const Write &w) { return w.id == id; });
    Write out = m_writes.takeAt(at - m_writes.begin());
    if (m_writes.isEmpty())
        m_timer.stop();
    return out;
}

void BackgroundStateWrites::removeLater(const QString &dir, std::function<void()> then) const
{
    // The sandbox may have made it read-only: deleteTree opens it first.
    SharedFiles::runAsync(
        m_sandbox,
        [dir]() {
            SandboxVolume::deleteTree(dir);
            return Result<Unit>(Unit {});
        },
        [then = std::move(then)](const Result<Unit> &) {
            if (then)
                then();
        });
}

void BackgroundStateWrites::failAfterRemoving(const QString &id, const QString &dir, Error why)
{
    // Whoever hears of the failure may look at once: the half-written file must be gone by then.
    if (Write *w = find(id))
        w->finishing = true;
    QPointer<LocalSandbox> self(m_sandbox);
    removeLater(dir, [this, self, id, why = std::move(why)]() {
        if (self)
            finish(id, why);
    });
}

void BackgroundStateWrites::discard(const QString &id, qint64 writer)
{
    if (m_sandbox->isDead() || !m_sandbox->volume())
        return; // the disk goes with the sandbox
    // The directory goes once the writer is gone: else it could still make it again.
    const QString dir = m_sandbox->volume()->stateDir() + QLatin1Char('/') + id;
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->agent()->kill(writer, SIGKILL, false, [this, self, dir](Result<Unit>) {
        if (self)
            removeLater(dir);
    });
}

void BackgroundStateWrites::poll()
{
    if (m_sandbox->isDead() || !m_sandbox->volume()) {
        // Deleted or stopped: its disk is going, and whoever waits hears why.
        m_timer.stop();
        QStringList ids;
        for (const Write &w : std::as_const(m_writes))
            ids << w.id;
        for (const QString &id : ids)
            finish(
                id, Error::make(Error::Code::SandboxDead, QStringLiteral("the sandbox stopped")));
        return;
    }
    const QString base = m_sandbox->volume()->stateDir() + QLatin1Char('/');
    const QStringList ids = [this]() {
        QStringList out;
        for (const Write &w : std::as_const(m_writes))
            if (!w.finishing)
                out << w.id;
        return out;
    }();
    for (const QString &id : ids) {
        const QString path = base + id + QLatin1Char('/') + fileName();
        if (QFileInfo::exists(path)) {
            find(id)->finishing = true;
            m_sandbox->diskStep(QStringLiteral("checkpoint-state"), QStringLiteral("written"));
            takeIn(id);
            continue;
        }
        if (const std::optional<QString> why = failure(path + QStringLiteral(".failed"))) {
            failAfterRemoving(id, base + id, Error::make(Error::Code::Internal, *why));
            continue;
        }
        if (Write *w = find(id); w && w->checked.elapsed() >= kAliveCheckMs)
            checkAlive(*w);
    }
}

void BackgroundStateWrites::checkAlive(Write &w)
{
    w.checked.start();
    const QString id = w.id;
    QPointer<LocalSandbox> self(m_sandbox);
    // SIGCONT also wakes a writer that stopped itself after the first one (unless the user
    // paused the sandbox).
    const int signal = m_sandbox->isPaused() ? 0 : SIGCONT;
    m_sandbox->agent()->kill(w.writer, signal, false, [this, self, id](Result<Unit> alive) {
        if (!self || alive || !find(id) || find(id)->finishing || !self->volume())
            return;
        // Gone: it may have finished since the last look.
        const QString dir = self->volume()->stateDir() + QLatin1Char('/') + id;
        if (QFileInfo::exists(dir + QLatin1Char('/') + fileName())
            || QFileInfo::exists(dir + QLatin1Char('/') + fileName() + QStringLiteral(".failed")))
            return;
        failAfterRemoving(id, dir,
            Error::make(Error::Code::Internal,
                QStringLiteral("the process writing them ended before they were written")));
    });
}

void BackgroundStateWrites::takeIn(const QString &id)
{
    const QString mountPoint = m_sandbox->volume()->mountPoint();
    const QString from = QLatin1String(kDiskDir) + QLatin1Char('/') + id;
    const QString to = QLatin1String(CheckpointJournal::kDir) + QLatin1Char('/') + id
        + QLatin1Char('/') + QFileInfo(homeStatePath()).path();
    QPointer<LocalSandbox> self(m_sandbox);
    auto size = std::make_shared<qint64>(0);
    SharedFiles::runAsync(
        m_sandbox,
        [mountPoint, from, to, size]() -> Result<Unit> {
            const QString source = mountPoint + QLatin1Char('/') + from;
            struct stat st
            {
            };
            if (::lstat(QFile::encodeName(source + QLatin1Char('/') + fileName()).constData(), &st)
                    == 0
                && S_ISREG(st.st_mode))
                *size = qint64(st.st_blocks) * 512;
            Result<Unit> taken = Unit {};
            if (SharedFiles::supported(mountPoint)) {
                // One rename; a clone (the file counted twice until its first name goes) when
                // the daemon is of the version before moves, or the user made such a file.
                taken = SharedFiles::move(mountPoint, from + QLatin1Char('/') + fileName(),
                    to + QLatin1Char('/') + fileName());
                if (!taken)
                    taken = SharedFiles::clone(mountPoint, from, to);
            } else {
                // A daemon of an earlier version shows the checkpoints: one rename.
                const QString target = mountPoint + QLatin1Char('/') + to;
                if (!QDir().mkpath(target)
                    || !QFile::rename(source + QLatin1Char('/') + fileName(),
                        target + QLatin1Char('/') + fileName()))
                    taken = Error::make(Error::Code::Internal,
                        QStringLiteral("the file could not be moved into the checkpoint"));
            }
            SandboxVolume::deleteTree(source);
            return taken;
        },
        [this, self, id, size](const Result<Unit> &taken) {
            if (!self)
                return;
            self->diskStep(QStringLiteral("checkpoint-state"), QStringLiteral("taken"));
            finish(id, taken ? Result<qint64>(*size) : Result<qint64>(taken.error()));
        });
}

void BackgroundStateWrites::finish(const QString &id, const Result<qint64> &outcome)
{
    if (!find(id))
        return;
    const Write w = take(id);
    if (!outcome)
        qCInfo(lcLocal).noquote() << "sandbox" << m_sandbox->id() << "checkpoint" << id
                                  << ": the variables were not written:" << outcome.error().message;
    w.done(outcome);
    for (const auto &next : w.waiting)
        next();
}

} // namespace Hopx::Local
