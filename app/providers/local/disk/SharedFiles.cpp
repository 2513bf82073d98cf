// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/SharedFiles.h"

#include "core/base/MainThreadCall.h"
#include "core/base/ThreadHandoff.h"

#include <QFile>
#include <QThreadPool>

#include <cerrno>
#include <cstring>
#include <sys/xattr.h>

namespace Hopx::Local {

using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

int request(const QString &mountPoint, const char *name, const QByteArray &value)
{
    return ::setxattr(QFile::encodeName(mountPoint).constData(), name, value.constData(),
               size_t(value.size()), 0)
            == 0
        ? 0
        : errno;
}

Result<Unit> outcome(int err, const QString &what)
{
    if (err == 0)
        return Unit {};
    if (err == ENOSPC || err == EDQUOT)
        return Error::make(Error::Code::LimitExceeded,
            QStringLiteral("%1: no space left on the sandbox's disk").arg(what), {},
            QStringLiteral("No space left"));
    if (err == EOPNOTSUPP)
        return Error::make(Error::Code::Unavailable,
            QStringLiteral("%1: this disk's hopx-capfs does not share files").arg(what));
    return Error::make(Error::Code::Internal,
        QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(err))));
}

} // namespace

bool SharedFiles::supported(const QString &mountPoint)
{
    // An empty request: EINVAL from a daemon that knows clones, EOPNOTSUPP from one that does
    // not ("hopx." is no user attribute to it).
    return request(mountPoint, "hopx.clone", QByteArrayLiteral("\n")) == EINVAL;
}

Result<Unit> SharedFiles::clone(const QString &mountPoint, const QString &from, const QString &to)
{
    return outcome(
        request(mountPoint, "hopx.clone", QFile::encodeName(from) + '\n' + QFile::encodeName(to)),
        QStringLiteral("Sharing %1 into %2 failed").arg(from, to));
}

Result<Unit> SharedFiles::restore(const QString &mountPoint, const QString &from, const QString &to)
{
    return outcome(
        request(mountPoint, "hopx.restore", QFile::encodeName(from) + '\n' + QFile::encodeName(to)),
        QStringLiteral("Restoring %1 from %2 failed").arg(to, from));
}

Result<Unit> SharedFiles::move(const QString &mountPoint, const QString &from, const QString &to)
{
    return outcome(
        request(mountPoint, "hopx.move", QFile::encodeName(from) + '\n' + QFile::encodeName(to)),
        QStringLiteral("Moving %1 to %2 failed").arg(from, to));
}

Result<Unit> SharedFiles::remove(const QString &mountPoint, const QString &path)
{
    return outcome(request(mountPoint, "hopx.remove", QFile::encodeName(path)),
        QStringLiteral("Removing %1 failed").arg(path));
}

void SharedFiles::runAsync(QObject *context, std::function<Result<Unit>()> work,
    std::function<void(const Result<Unit> &)> done)
{
    auto *back = new Core::MainThreadCall(context); // made here: done() runs here
    Core::ThreadHandoff::start(
        *QThreadPool::globalInstance(), [back, work = std::move(work), done = std::move(done)]() {
            const Result<Unit> result = work();
            back->post([done, result] { done(result); });
        });
}

} // namespace Hopx::Local
