// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalFiles.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/boot/ErrnoCode.h"

#include <QPointer>

#include <cerrno>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::Unit;

namespace {
constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;
} // namespace

LocalFiles::LocalFiles(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

Error LocalFiles::errorFor(
    int code, const QString &path, const QByteArray &message, const QString &capText)
{
    const QJsonObject details {{QStringLiteral("path"), path}};
    switch (code) {
    case ENOENT:
        return Error::make(errorCodeForErrno(code),
            QStringLiteral("No such file or directory: %1").arg(path), details,
            QStringLiteral("File not found"));
    case EACCES:
    case EPERM:
    case EROFS:
        return Error::make(errorCodeForErrno(code),
            QStringLiteral("Permission denied: %1. In a local sandbox only /workspace, /home/user "
                           "and /tmp are writable.")
                .arg(path),
            details, QStringLiteral("Permission denied"));
    case EISDIR:
        return Error::make(errorCodeForErrno(code),
            QStringLiteral("%1 is a directory; use file_list.").arg(path), details,
            QStringLiteral("Is a directory"));
    case ENOTDIR:
        return Error::make(errorCodeForErrno(code),
            QStringLiteral("A part of %1 is not a directory.").arg(path), details,
            QStringLiteral("Not a directory"));
    case ENOSPC:
    case EDQUOT:
        if (path.startsWith(QLatin1String("/tmp")) || path.startsWith(QLatin1String("/dev/shm")))
            return Error::make(Error::Code::LimitExceeded,
                QStringLiteral("/tmp (a size-capped tmpfs of its own) is full writing %1: "
                               "delete files there, or use /workspace.")
                    .arg(path),
                details, QStringLiteral("No space left"));
        return Error::make(Error::Code::LimitExceeded,
            // The sandbox's files live on the host's disk: a full host disk looks the same
            // from here as the sandbox's own cap.
            QStringLiteral("No space left writing %2: the sandbox's workspace is full%1, or the "
                           "disk that holds its files is full. Delete files (or checkpoints) or "
                           "raise the cap in Settings → Local; /tmp has its own, smaller limit.")
                .arg(capText.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(capText), path),
            details, QStringLiteral("No space left"));
    case EFBIG:
        return Error::make(Error::Code::LimitExceeded,
            QStringLiteral("%1 would be larger than the largest file a sandbox may write.")
                .arg(path),
            details, QStringLiteral("File too large"));
    default:
        return Error::make(errorCodeForErrno(code),
            QStringLiteral("%1: %2").arg(path,
                QString::fromUtf8(message).trimmed().isEmpty()
                    ? qt_error_string(code)
                    : QString::fromUtf8(message).trimmed()),
            details);
    }
}

void LocalFiles::readFile(const QString &path, Callback<QByteArray> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin({QByteArrayLiteral("@read"), path.toUtf8()}, {}, kMaxFileBytes,
        [self, path, done](int code, const QByteArray &out, const QByteArray &err, bool truncated) {
            if (!self)
                return;
            if (code != 0)
                done(errorFor(code, path, err, self->capText()));
            else if (truncated)
                done(Error::make(Error::Code::LimitExceeded,
                    QStringLiteral("%1 is larger than %2 MiB; read parts of it with run_command.")
                        .arg(path)
                        .arg(kMaxFileBytes >> 20),
                    QJsonObject {{QStringLiteral("path"), path}},
                    QStringLiteral("File too large")));
            else
                done(out);
        });
}

void LocalFiles::writeFile(
    const QString &path, const QByteArray &content, const QString &mode, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@write"), path.toUtf8(), mode.toUtf8(), QByteArrayLiteral("0")},
        content, path, std::move(done));
}

void LocalFiles::listFiles(const QString &path, int maxResults, Callback<Core::FileList> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin(
        {QByteArrayLiteral("@list"), path.toUtf8(), QByteArray::number(std::max(1, maxResults))},
        {}, 64 * 1024 * 1024,
        [self, path, done](int code, const QByteArray &out, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0) {
                done(errorFor(code, path, err, self->capText()));
                return;
            }
            Core::FileList list;
            const QString base = path.endsWith(QLatin1Char('/')) ? path : path + QLatin1Char('/');
            for (const QByteArray &line : out.split('\n')) {
                if (line.isEmpty())
                    continue;
                const QList<QByteArray> f = line.split('\t');
                if (f.size() == 2 && f[0] == "...") {
                    list.total = f[1].toInt();
                    continue;
                }
                if (f.size() < 5)
                    continue;
                Core::FileEntry e;
                e.name = QString::fromUtf8(f[0]);
                e.path = base + e.name;
                e.isDirectory = f[1] == "d";
                e.size = f[2].toLongLong();
                e.modifiedTime = QDateTime::fromSecsSinceEpoch(f[3].toLongLong());
                e.permissions = QString::fromLatin1(f[4]);
                list.files.append(e);
            }
            if (list.total < list.files.size())
                list.total = list.files.size();
            done(list);
        });
}

void LocalFiles::fileExists(const QString &path, Callback<bool> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin({QByteArrayLiteral("@stat"), path.toUtf8()}, {}, 4096,
        [self, path, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code == 0)
                done(true);
            else if (code == ENOENT || code == ENOTDIR)
                done(false);
            else
                done(errorFor(code, path, err, self->capText()));
        });
}

void LocalFiles::fileOp(const QByteArrayList &argv, const QByteArray &stdinData,
    const QString &path, Callback<Unit> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin(argv, stdinData, 4096,
        [self, path, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0)
                done(errorFor(code, path, err, self->capText()));
            else
                done(Unit {});
        });
}

void LocalFiles::removeFile(const QString &path, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@remove"), path.toUtf8()}, {}, path, std::move(done));
}

void LocalFiles::makeDirectory(const QString &path, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@mkdir"), path.toUtf8()}, {}, path, std::move(done));
}

} // namespace Hopx::Local
