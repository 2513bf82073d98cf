// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/LocalFork.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/LocalSandboxHost.h"
#include "providers/local/boot/HostTool.h"
#include "providers/local/branches/CheckpointJournal.h"
#include "providers/local/disk/SharedFiles.h"

#include <QJsonArray>

namespace Hopx::Local {

using Core::Error;
using Core::Result;

namespace {

constexpr int kCopyTimeoutMs = 15 * 60 * 1000;

// The host copies with cp -a (symlinks stay symlinks, nothing is followed) from one disk's
// top directories into another's; paths come in as arguments.
const QString kForkScript = QStringLiteral(
    "set -e; for d in workspace home; do cp -a --reflink=auto \"$1/$d/.\" \"$2/$d/\"; done");

QString nameList(const QStringList &names)
{
    constexpr int kShown = 12;
    QStringList shown = names.mid(0, kShown);
    if (names.size() > kShown)
        shown << QStringLiteral("… (%1 more)").arg(names.size() - kShown);
    return shown.join(QStringLiteral(", "));
}

} // namespace

QString LocalFork::stateInHome()
{
    return QString::fromLatin1(kStatePath).mid(QStringLiteral("/home/user").size());
}

LocalFork::LocalFork(LocalSandbox *parent, const Core::CreateSpec &spec, int count)
    : m_parent(parent)
    , m_parentId(parent->id())
    , m_host(parent->host())
    , m_spec(spec)
    , m_children(count)
{ }

void LocalFork::create(Done done)
{
    auto left = std::make_shared<int>(int(m_children.size()));
    auto self = shared_from_this();
    for (int i = 0; i < m_children.size(); ++i)
        m_host->createChild(m_spec, [self, i, left, done](Result<LocalSandbox *> made) {
            Child &child = self->m_children[i];
            if (!made) {
                child.outcome.error = made.error();
            } else {
                child.sandbox = made.value();
                child.outcome.sandbox = made.value()->info();
                if (!child.sandbox->volume())
                    self->fail(child,
                        Error::make(Error::Code::Internal,
                            QStringLiteral("The new sandbox %1 has no disk to copy the files to.")
                                .arg(child.outcome.sandbox.id)));
                // Until its files and record are complete, a start deletes it (CheckpointJournal).
                else if (const auto marked = CheckpointJournal::markFork(*child.sandbox->volume());
                         !marked)
                    self->fail(child, marked.error());
                else
                    child.sandbox->diskStep(QStringLiteral("fork"), QStringLiteral("made"));
            }
            if (--*left == 0)
                done();
        });
}

void LocalFork::forEachStarted(
    const std::function<void(int child, const Done &childDone)> &step, Done done)
{
    QList<int> started;
    for (int i = 0; i < m_children.size(); ++i)
        if (m_children[i].sandbox && !m_children[i].outcome.error)
            started << i;
    if (started.isEmpty()) {
        done();
        return;
    }
    auto left = std::make_shared<int>(int(started.size()));
    auto self = shared_from_this();
    for (int i : std::as_const(started))
        step(i, [self, left, done]() {
            if (--*left == 0)
                done();
        });
}

void LocalFork::fail(Child &child, const Error &error)
{
    child.outcome.error = error;
    if (!child.outcome.sandbox.id.isEmpty())
        m_host->release(child.outcome.sandbox.id);
    child.outcome.sandbox = {};
    child.sandbox = nullptr;
}

QObject *LocalFork::context() const
{
    return m_host->context();
}

void LocalFork::copyFiles(const QString &source, Done done)
{
    auto self = shared_from_this();
    forEachStarted(
        [self, source](int i, const Done &childDone) {
            LocalSandbox *target = self->m_children[i].sandbox;
            const QString id = target->id();
            const QString mountPoint = target->volume()->mountPoint();
            // The provider outlives a child deleted meanwhile: its copy still reports.
            SharedFiles::runAsync(
                self->context(),
                [source, mountPoint]() -> Result<Core::Unit> {
                    if (SharedFiles::supported(mountPoint)) {
                        for (const QString &top :
                            {QStringLiteral("workspace"), QStringLiteral("home")})
                            if (const auto cloned = SharedFiles::clone(
                                    mountPoint, source + QLatin1Char('/') + top, top);
                                !cloned)
                                return cloned;
                        return Core::Unit {};
                    }
                    const HostTool::Outcome o = HostTool::run(QStringLiteral("/bin/sh"),
                        {QStringLiteral("-c"), kForkScript, QStringLiteral("sh"), source,
                            mountPoint},
                        QStringLiteral("/"), kCopyTimeoutMs);
                    if (o.ok())
                        return Core::Unit {};
                    return Error::make(o.said.contains(QLatin1String("No space left"))
                            ? Error::Code::LimitExceeded
                            : Error::Code::Internal,
                        o.said);
                },
                [self, i, id, childDone](const Result<Core::Unit> &r) {
                    Child &child = self->m_children[i];
                    if (r && child.sandbox)
                        child.sandbox->diskStep(QStringLiteral("fork"), QStringLiteral("copied"));
                    if (!r) {
                        const QString cap = child.sandbox ? child.sandbox->capText() : QString();
                        self->fail(child,
                            r.error().code == Error::Code::LimitExceeded
                                ? Error::make(Error::Code::LimitExceeded,
                                    QStringLiteral("The parent's files do not fit in the "
                                                   "fork's disk (%1): raise the cap in "
                                                   "Settings → Local, or delete files in the "
                                                   "parent first.")
                                        .arg(cap),
                                    {}, QStringLiteral("No space left"))
                                : Error::make(Error::Code::Internal,
                                    QStringLiteral("Copying the files to the fork %1 failed: %2")
                                        .arg(id, r.error().message)));
                    }
                    childDone();
                });
        },
        std::move(done));
}

void LocalFork::loadState(const Result<PythonKernel::StateReport> &saved, bool written,
    const QString &checkpointId, Done done)
{
    auto self = shared_from_this();
    forEachStarted(
        [self, saved, written, checkpointId](int i, const Done &childDone) {
            Child &child = self->m_children[i];
            child.sandbox->setForkedFrom(self->m_parentId, checkpointId);
            // Not recorded (a full disk): this child goes (its marker would delete it at the
            // next start anyway).
            if (const Result<Core::Unit> recorded = child.sandbox->persist(); !recorded) {
                self->fail(child,
                    Error::make(Error::Code::LimitExceeded,
                        QStringLiteral("The fork's record could not be written: %1")
                            .arg(recorded.error().message)));
                childDone();
                return;
            }
            child.sandbox->diskStep(QStringLiteral("fork"), QStringLiteral("recorded"));
            CheckpointJournal::clearFork(*child.sandbox->volume());
            child.sandbox->diskStep(QStringLiteral("fork"), QStringLiteral("unmarked"));
            child.outcome.sandbox = child.sandbox->info();
            if (!saved) {
                child.outcome.note = self->note(child, checkpointId)
                    + QStringLiteral(" Its Python interpreter starts fresh: %1")
                          .arg(saved.error().message);
                childDone();
                return;
            }
            child.outcome.notCarried = saved.value().notCarried;
            if (!written) {
                child.outcome.note = self->note(child, checkpointId);
                childDone();
                return;
            }
            // The load runs in the fork's interpreter while the result goes back: the fork's
            // first run queues behind it, so it sees the variables, and the call does not wait
            // for pandas or scikit-learn to be imported there.
            child.outcome.carried = saved.value().carried;
            child.outcome.note = self->note(child, checkpointId)
                + QStringLiteral(" The variables are loading in the fork's interpreter now; its "
                                 "first run waits for them.");
            QPointer<LocalSandbox> target = child.sandbox;
            const QStringList expected = saved.value().carried;
            target->kernel()->loadState(QString::fromLatin1(kStatePath),
                [target, expected](Result<PythonKernel::StateReport> loaded) {
                    if (!target)
                        return;
                    QStringList missing = expected;
                    QString why;
                    if (loaded) {
                        for (const QString &name : loaded.value().carried)
                            missing.removeAll(name);
                        if (!missing.isEmpty())
                            why = loaded.value()
                                      .notCarried.value(missing.first())
                                      .toString(QStringLiteral("not in the state file"));
                    } else {
                        why = loaded.error().message;
                    }
                    if (!missing.isEmpty())
                        target->setKernelNote(
                            QStringLiteral("The parent's variables did not all load into this "
                                           "fork (%1); missing: %2.")
                                .arg(why, nameList(missing)));
                });
            childDone();
        },
        std::move(done));
}

QString LocalFork::note(const Child &child, const QString &checkpointId) const
{
    const QString when = checkpointId.isEmpty()
        ? QStringLiteral("as they were at the fork")
        : QStringLiteral("as they were at checkpoint %1").arg(checkpointId);
    QString text = QStringLiteral(
        "A fork of %1 with its files in /workspace and /home/user %2, and its template, "
        "timeout, network and environment variables.")
                       .arg(m_parentId, when);
    const Core::ForkOutcome &o = child.outcome;
    if (!o.carried.isEmpty())
        text += QStringLiteral(" Its Python interpreter has the parent's variables, imports and "
                               "definitions (%1 names in carried: %2), as copies: changing them "
                               "here leaves the parent and the other forks as they were.")
                    .arg(o.carried.size())
                    .arg(nameList(o.carried));
    else
        text += QStringLiteral(" Its Python interpreter starts with no variables (the parent had "
                               "none that could be carried).");
    if (!o.notCarried.isEmpty())
        text += QStringLiteral(" Not carried (not_carried says why): %1.")
                    .arg(nameList(o.notCarried.keys()));
    text += QStringLiteral(" Running processes, /tmp and the interpreter's open files, sockets "
                           "and threads are not carried.");
    return text;
}

void LocalFork::expectNextRound()
{
    m_host->expectForks(int(m_children.size()));
}

void LocalFork::releaseAll()
{
    for (Child &child : m_children)
        if (!child.outcome.sandbox.id.isEmpty())
            m_host->release(child.outcome.sandbox.id);
}

QList<Core::ForkOutcome> LocalFork::outcomes() const
{
    QList<Core::ForkOutcome> out;
    for (const Child &child : m_children)
        out << child.outcome;
    return out;
}

} // namespace Hopx::Local
