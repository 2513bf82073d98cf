// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SparseCopy.h"

#include <QByteArray>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

class Fd
{
public:
    explicit Fd(int fd)
        : m_fd(fd)
    { }
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

// copy_file_range, or read/write where the kernel refuses it (other file systems, old
// kernels): \a length bytes at \a offset of both files.
bool copyRange(int in, int out, off_t offset, off_t length)
{
    bool kernelCopy = true;
    QByteArray buffer;
    while (length > 0) {
        if (kernelCopy) {
            loff_t inOff = offset, outOff = offset;
            const ssize_t n = ::copy_file_range(in, &inOff, out, &outOff, size_t(length), 0);
            if (n > 0) {
                offset += n;
                length -= n;
                continue;
            }
            if (n == 0)
                return false; // the source shrank under us
            if (errno == EINTR)
                continue;
            if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP)
                return false;
            kernelCopy = false;
            buffer.resize(1 << 20);
        }
        const ssize_t n =
            ::pread(in, buffer.data(), size_t(qMin<off_t>(length, buffer.size())), offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w =
                ::pwrite(out, buffer.constData() + done, size_t(n - done), offset + done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return false;
            done += w;
        }
        offset += n;
        length -= n;
    }
    return true;
}

bool copyExtents(int in, int out, off_t size)
{
    for (off_t data = 0; data < size;) {
        data = ::lseek(in, data, SEEK_DATA);
        if (data < 0)
            return errno == ENXIO; // no data after this: the rest is a hole
        off_t hole = ::lseek(in, data, SEEK_HOLE);
        if (hole < 0)
            return false;
        hole = qMin(hole, size);
        if (!copyRange(in, out, data, hole - data))
            return false;
        data = hole;
    }
    return true;
}

} // namespace

bool SparseCopy::copy(const QString &from, const QString &to, Sync sync, QString *error)
{
    auto fail = [&](const QString &what) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(what, qt_error_string(errno));
        return false;
    };
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    const QByteArray partial = target + ".partial";
    const Fd in(::open(source.constData(), O_RDONLY | O_CLOEXEC));
    struct stat st;
    if (in.get() < 0 || ::fstat(in.get(), &st) != 0)
        return fail(QStringLiteral("cannot read %1").arg(from));
    ::unlink(partial.constData());
    const Fd out(::open(partial.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (out.get() < 0)
        return fail(QStringLiteral("cannot create %1").arg(QFile::decodeName(partial)));
    const bool copied = ::ioctl(out.get(), FICLONE, in.get()) == 0
        || (::ftruncate(out.get(), st.st_size) == 0
            && copyExtents(in.get(), out.get(), st.st_size));
    // On disk before it replaces anything: a crash after the rename must not find holes of
    // unwritten data where the old file's blocks were.
    if (!copied || (sync == Sync::Durable && ::fsync(out.get()) != 0)) {
        const int saved = errno;
        ::unlink(partial.constData());
        errno = saved;
        return fail(QStringLiteral("cannot copy %1").arg(from));
    }
    if (::rename(partial.constData(), target.constData()) != 0) {
        const int saved = errno;
        ::unlink(partial.constData());
        errno = saved;
        return fail(QStringLiteral("cannot replace %1").arg(to));
    }
    return true;
}

} // namespace Hopx::Local
