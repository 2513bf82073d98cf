// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/ForkSource.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/branches/CheckpointFiles.h"
#include "providers/local/branches/LocalFork.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/disk/SharedFiles.h"

#include <QPointer>
#include <QRandomGenerator>

#include <algorithm>
#include <memory>

namespace Hopx::Local {

using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

using Outcomes = Core::Callback<QList<Core::ForkOutcome>>;
using Saved = Result<PythonKernel::StateReport>;

Error parentGone()
{
    return Error::make(Error::Code::SandboxDead,
        QStringLiteral("The sandbox was deleted while it was being forked; its forks were "
                       "deleted with it."));
}

//! One fork in progress: the children, and where their files and variables come from.
struct Forking
{
    ForkSource::Parent parent;
    QPointer<LocalSandbox> self;
    std::shared_ptr<LocalFork> fork;
    QString checkpointId;
    Outcomes done;

    //! The children loaded \a saved (when \a written): the answer.
    void finish(const Saved &saved, bool written) const
    {
        const auto f = fork;
        const auto p = parent;
        const QPointer<LocalSandbox> s = self;
        const Outcomes d = done;
        fork->loadState(saved, written, checkpointId, [f, p, s, d]() {
            if (s)
                p.idle();
            // After the answer's work, not before: booting spares now would slow these
            // children down.
            f->expectNextRound();
            d(f->outcomes());
        });
    }

    void gone() const
    {
        fork->releaseAll();
        done(parentGone());
    }

    void fromCheckpoint() const
    {
        const Forking me = *this;
        parent.checkpoint(checkpointId, [me](std::optional<ForkSource::Kept> kept) {
            if (!kept || !me.self) {
                me.gone();
                return;
            }
            const bool written = kept->written;
            const PythonKernel::StateReport variables = kept->variables;
            me.fork->copyFiles(
                kept->filesDir, [me, variables, written]() { me.finish(variables, written); });
        });
    }

    void fromLive(const Saved &saved) const
    {
        const Forking me = *this;
        const bool written = saved && saved.value().bytes > 0;
        self->diskStep(QStringLiteral("fork"), QStringLiteral("state-written"));
        // The files as they are now: nothing may change them while they are shared or copied.
        parent.freeze([me, saved, written](const ForkSource::Pids &stopped) {
            if (!me.self) {
                me.gone();
                return;
            }
            auto after = [me, saved, written, stopped](
                             const QString &source, bool thawed, const QString &spare) {
                me.fork->copyFiles(source, [me, saved, written, stopped, thawed, spare]() {
                    if (!spare.isEmpty())
                        SharedFiles::runAsync(
                            me.fork->context(),
                            [spare]() {
                                SandboxVolume::deleteTree(spare);
                                return Result<Unit>(Unit {});
                            },
                            [](const Result<Unit> &) {});
                    if (!me.self) {
                        me.gone();
                        return;
                    }
                    if (!thawed)
                        me.parent.thaw(stopped);
                    auto removed = [me, saved, written]() {
                        if (me.self)
                            me.self->diskStep(
                                QStringLiteral("fork"), QStringLiteral("state-removed"));
                        me.finish(saved, written);
                    };
                    if (written)
                        me.self->kernel()->discardState(
                            QString::fromLatin1(LocalFork::kStatePath), removed);
                    else
                        removed();
                });
            };
            // Shared: the parent's files are linked into a directory beside its disk
            // (counted by no cap), the parent goes on, the children take them from
            // there. An earlier version's disk: copied from the live mount.
            const QString mountPoint = me.self->volume()->mountPoint();
            const QString spare = me.self->volume()->dir()
                + QStringLiteral("/forking-%1")
                      .arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
            SharedFiles::runAsync(
                me.fork->context(),
                [mountPoint, spare]() { return CheckpointFiles::shareForForks(mountPoint, spare); },
                [me, stopped, mountPoint, spare, after](const Result<Unit> &r) {
                    if (r && me.self)
                        me.parent.thaw(stopped);
                    if (r)
                        after(spare, true, spare);
                    else
                        after(mountPoint, false,
                            r.error().code == Error::Code::Unsupported ? QString() : spare);
                });
        });
    }
};

} // namespace

void ForkSource::run(const Parent &parent, const QString &checkpointId, int count, Outcomes done)
{
    LocalSandbox *sandbox = parent.sandbox;
    const Core::SandboxInfo info = sandbox->info();
    Core::CreateSpec spec;
    spec.templateName = info.templateName;
    spec.timeoutSeconds = info.timeoutSeconds;
    spec.internetAccess = info.internetAccess;
    spec.envVars = sandbox->envPart().session();
    const Forking forking {parent, QPointer<LocalSandbox>(sandbox),
        std::make_shared<LocalFork>(sandbox, spec, std::clamp(count, 1, 32)), checkpointId,
        std::move(done)};
    // The children start while the parent's interpreter writes its variables (a live fork):
    // the parent keeps running meanwhile, and the fork goes on once both are done.
    struct Join
    {
        int left = 1;
        Saved saved = Error::make(Error::Code::Internal, QStringLiteral("not written"));
    };
    auto join = std::make_shared<Join>();
    auto next = [forking, join]() {
        if (--join->left > 0)
            return;
        if (!forking.self)
            forking.gone();
        else if (forking.checkpointId.isEmpty())
            forking.fromLive(join->saved);
        else
            forking.fromCheckpoint();
    };
    if (checkpointId.isEmpty()) {
        join->left = 2;
        sandbox->kernel()->saveState(
            QString::fromLatin1(LocalFork::kStatePath), [join, next](const Saved &saved) {
                join->saved = saved;
                next();
            });
    }
    forking.fork->create(next);
}

} // namespace Hopx::Local
