// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LocalTransfer.h"

#include "LocalCopy.h"
#include "LocalSandbox.h"
#include "VolumeDownload.h"

#include <QFile>
#include <QPointer>

#include <sys/stat.h>

namespace Hopx::Local {

using Core::Callback;
using Core::Cancel;

namespace {

template<typename Copy>
Cancel cancelOf(Copy *copy)
{
    QPointer<Copy> guard(copy);
    return [guard] {
        if (guard)
            guard->cancel();
    };
}

} // namespace

LocalTransfer::LocalTransfer(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

Cancel LocalTransfer::upload(
    QFile *source, const QString &path, Progress progress, Callback<qint64> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return [] {};
    // An executable stays executable in the sandbox; nothing else of the host's mode crosses.
    struct stat st;
    const bool executable = ::fstat(source->handle(), &st) == 0 && (st.st_mode & S_IXUSR);
    auto *copy =
        new LocalCopy(m_sandbox->agent(), LocalCopy::Direction::ToSandbox, source->handle(),
            {QByteArrayLiteral("@write"), path.toUtf8(),
                executable ? QByteArrayLiteral("0755") : QByteArrayLiteral("0644"),
                QByteArrayLiteral("0")},
            path, std::move(progress), std::move(done), m_sandbox);
    copy->start();
    return cancelOf(copy);
}

Cancel LocalTransfer::download(
    const QString &path, QFile *sink, Progress progress, Callback<qint64> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return [] {};
    // Straight from the sandbox's disk when the path means the same there (VolumeDownload).
    const int direct = m_sandbox->volume() ? VolumeDownload::open(*m_sandbox->volume(), path) : -1;
    if (direct >= 0) {
        auto *copy = new VolumeDownload(
            direct, sink->handle(), path, std::move(progress), std::move(done), m_sandbox);
        copy->start();
        return cancelOf(copy);
    }
    auto *copy = new LocalCopy(m_sandbox->agent(), LocalCopy::Direction::FromSandbox,
        sink->handle(), {QByteArrayLiteral("@read"), path.toUtf8()}, path, std::move(progress),
        std::move(done), m_sandbox);
    copy->start();
    return cancelOf(copy);
}

} // namespace Hopx::Local
