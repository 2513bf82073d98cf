// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalTransfer.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/disk/VolumeCopy.h"
#include "providers/local/disk/VolumePath.h"
#include "providers/local/disk/VolumeTarget.h"
#include "providers/local/parts/LocalCopy.h"
#include "providers/local/parts/LocalFiles.h"

#include <QFile>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <sys/stat.h>
#include <unistd.h>

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
    struct stat st;
    if (::fstat(source->handle(), &st) != 0)
        st = {};
    // Refused before a byte moves: the agent would write up to the limit and then fail.
    const qint64 maxFile = qint64(m_sandbox->process()->options().limits.fileSizeMb) << 20;
    if (st.st_size > maxFile) {
        const Core::Error error = Core::Error::make(Core::Error::Code::LimitExceeded,
            QStringLiteral("The host file is %1 MiB; a file in a local sandbox may be at most "
                           "%2 MiB. Nothing was copied to %3.")
                .arg(st.st_size >> 20)
                .arg(maxFile >> 20)
                .arg(path),
            QJsonObject {{QStringLiteral("path"), path}}, QStringLiteral("File too large"));
        QTimer::singleShot(0, m_sandbox, [done, error] { done(error); });
        return [] {};
    }
    // An executable stays executable in the sandbox; nothing else of the host's mode crosses.
    const bool executable = st.st_mode & S_IXUSR;
    const quint32 mode = executable ? 0755 : 0644;
    // Straight into the sandbox's disk when the path means the same there (VolumePath).
    std::shared_ptr<VolumeTarget> target;
    if (m_sandbox->volume())
        target = VolumeTarget::create(*m_sandbox->volume(), path, mode);
    if (target) {
        const QString capText = m_sandbox->capText();
        QPointer<LocalSandbox> self(m_sandbox);
        m_sandbox->diskStep(QStringLiteral("upload"), QStringLiteral("copy"));
        auto *copy = new VolumeCopy(
            source->handle(), target->fd(), VolumeCopy::Sink::Sandbox, path, std::move(progress),
            [self, target, path, capText, maxFile](
                qint64 bytes, int error) -> Core::Result<qint64> {
                if (!error && bytes > maxFile)
                    error = EFBIG; // the host file grew during the copy
                if (!error && self)
                    self->diskStep(QStringLiteral("upload"), QStringLiteral("copied"));
                if (!error)
                    error = target->commit();
                if (!error && self)
                    self->diskStep(QStringLiteral("upload"), QStringLiteral("renamed"));
                if (error)
                    return LocalFiles::errorFor(error, path, {}, capText);
                return bytes;
            },
            std::move(done), m_sandbox);
        copy->start();
        return cancelOf(copy);
    }
    auto *copy =
        new LocalCopy(m_sandbox->agent(), LocalCopy::Direction::ToSandbox, source->handle(),
            {QByteArrayLiteral("@write"), path.toUtf8(), QByteArray::number(mode, 8),
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
    // Straight from the sandbox's disk when the path means the same there (VolumePath).
    const int direct = m_sandbox->volume() ? VolumePath::openFile(*m_sandbox->volume(), path) : -1;
    // The QFile owns the descriptor until the copy's answer is made; without it, the agent.
    auto file = std::make_shared<QFile>();
    if (direct >= 0
        && !file->open(
            direct, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle))
        ::close(direct);
    if (file->isOpen()) {
        QPointer<LocalSandbox> self(m_sandbox);
        m_sandbox->diskStep(QStringLiteral("download"), QStringLiteral("copy"));
        auto *copy = new VolumeCopy(
            direct, sink->handle(), VolumeCopy::Sink::Host, path, std::move(progress),
            [self, file, path](qint64 bytes, int error) -> Core::Result<qint64> {
                // Then the caller links the host file into place (HostTarget::commit()).
                if (!error && self)
                    self->diskStep(QStringLiteral("download"), QStringLiteral("copied"));
                if (!error)
                    return bytes;
                // sendfile() does not say which side failed; reading the sandbox's disk from
                // here hardly can, writing the host file can (a full host disk).
                return Core::Error::make(Core::Error::Code::Internal,
                    QStringLiteral("Copying %1 to the host failed: %2")
                        .arg(path, qt_error_string(error)),
                    QJsonObject {{QStringLiteral("path"), path}});
            },
            std::move(done), m_sandbox);
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
