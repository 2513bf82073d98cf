// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "VolumeDownload.h"

#include "SandboxVolume.h"

#include "core/HostPath.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTimer>

#include <cerrno>
#include <fcntl.h>
#include <linux/openat2.h>
#include <memory>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;

namespace {

constexpr size_t kChunk = 8 << 20; // per sendfile(); also how often a cancel is noticed
constexpr qint64 kWriteBehind = 32 << 20; // host writeback starts every this many bytes
constexpr size_t kBuffer = 1 << 20; // without sendfile()
constexpr int kProgressMs = 200;

bool writeAll(int fd, const char *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= size_t(n);
    }
    return true;
}

} // namespace

int VolumeDownload::open(const SandboxVolume &volume, const QString &path)
{
    const QString clean = QDir::cleanPath(path);
    QString dir;
    QString rest;
    for (const auto &[prefix, hostDir] :
        {std::pair {QStringLiteral("/workspace/"), volume.workspaceDir()},
            std::pair {QStringLiteral("/home/user/"), volume.homeDir()}}) {
        if (clean.startsWith(prefix)) {
            dir = hostDir;
            rest = clean.mid(prefix.size());
        }
    }
    if (dir.isEmpty() || rest.isEmpty())
        return -1;
    const int dirFd =
        ::open(QFile::encodeName(dir).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirFd < 0)
        return -1;
    // O_NONBLOCK: a FIFO cannot hang the open; the checks below then refuse it.
    const int fd = Core::HostPath::openBeneath(dirFd, QFile::encodeName(rest),
        O_RDONLY | O_NONBLOCK, 0, RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV);
    ::close(dirFd);
    struct stat st;
    if (fd >= 0 && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        ::close(fd);
        return -1;
    }
    if (fd >= 0)
        ::fcntl(fd, F_SETFL, 0);
    return fd;
}

VolumeDownload::VolumeDownload(int sourceFd, int sinkFd, const QString &path,
    Core::SandboxTransfer::Progress progress, Core::Callback<qint64> done, QObject *parent)
    : QObject(parent)
    , m_source(sourceFd)
    , m_sink(sinkFd)
    , m_path(path)
    , m_progress(std::move(progress))
    , m_done(std::move(done))
    , m_ticker(new QTimer(this))
{
    m_ticker->setInterval(kProgressMs);
    connect(m_ticker, &QTimer::timeout, this, [this] {
        if (m_progress)
            m_progress(m_bytes.load());
    });
}

VolumeDownload::~VolumeDownload()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join(); // at most one chunk
    ::close(m_source);
    if (m_done)
        m_done(Error::make(Error::Code::SandboxDead,
            QStringLiteral("The sandbox ended during the copy of %1.").arg(m_path)));
}

void VolumeDownload::start()
{
    m_ticker->start();
    try {
        m_thread = std::thread([this] { run(); });
    } catch (...) {
        QTimer::singleShot(0, this, [this] { finished(0, EAGAIN); });
    }
}

void VolumeDownload::cancel()
{
    m_done = nullptr;
    m_stop = true;
    deleteLater();
}

void VolumeDownload::run()
{
    qint64 bytes = 0;
    qint64 flushed = 0;
    int error = 0;
    bool viaSendfile = true;
    std::unique_ptr<char[]> buffer;
    while (!m_stop) {
        ssize_t n;
        if (viaSendfile) {
            n = ::sendfile(m_sink, m_source, nullptr, kChunk);
        } else {
            n = ::read(m_source, buffer.get(), kBuffer);
            if (n > 0 && !writeAll(m_sink, buffer.get(), size_t(n)))
                n = -1;
        }
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (viaSendfile && (errno == EINVAL || errno == ENOSYS)) {
                viaSendfile = false; // a kernel or file system without it: copy through here
                buffer.reset(new char[kBuffer]);
                continue;
            }
            error = errno;
            break;
        }
        bytes += n;
        m_bytes = bytes;
        if (bytes - flushed >= kWriteBehind) {
            // Start writing what is done; the fsync before the rename waits for it all.
            ::sync_file_range(m_sink, flushed, bytes - flushed, SYNC_FILE_RANGE_WRITE);
            flushed = bytes;
        }
    }
    if (m_stop)
        return;
    QMetaObject::invokeMethod(
        this, [this, bytes, error] { finished(bytes, error); }, Qt::QueuedConnection);
}

void VolumeDownload::finished(qint64 bytes, int error)
{
    m_ticker->stop();
    if (m_thread.joinable())
        m_thread.join();
    if (error)
        // sendfile() does not say which side failed; reading the sandbox's disk from here
        // hardly can, writing the host file can (a full host disk).
        answer(Error::make(Error::Code::Internal,
            QStringLiteral("Copying %1 to the host failed: %2").arg(m_path, qt_error_string(error)),
            QJsonObject {{QStringLiteral("path"), m_path}}));
    else
        answer(bytes);
}

void VolumeDownload::answer(Core::Result<qint64> result)
{
    Core::Callback<qint64> done = std::move(m_done);
    m_done = nullptr;
    deleteLater();
    if (done) {
        if (result && m_progress)
            m_progress(result.value());
        done(std::move(result));
    }
}

} // namespace Hopx::Local
