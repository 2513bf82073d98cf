// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/VolumeCopy.h"

#include <QTimer>

#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <sys/sendfile.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;

namespace {

constexpr size_t kChunk = 8 << 20; // per sendfile(); also how often a cancel is noticed
constexpr qint64 kWriteBehind = 32 << 20; // host writeback starts every this many bytes
// Without sendfile(): one FUSE write request each (hopx-capfs takes up to 1 MiB per request),
// where sendfile()'s splice would hand the file system 64 KiB at a time.
constexpr size_t kBuffer = 1 << 20;
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

VolumeCopy::VolumeCopy(int sourceFd, int sinkFd, Sink sink, const QString &path,
    Core::SandboxTransfer::Progress progress, Finish finish, Core::Callback<qint64> done,
    QObject *parent)
    : QObject(parent)
    , m_source(sourceFd)
    , m_sink(sinkFd)
    , m_sinkKind(sink)
    , m_path(path)
    , m_progress(std::move(progress))
    , m_finish(std::move(finish))
    , m_done(std::move(done))
    , m_ticker(new QTimer(this))
{
    m_ticker->setInterval(kProgressMs);
    connect(m_ticker, &QTimer::timeout, this, [this] {
        if (m_progress)
            m_progress(m_bytes.load());
    });
}

VolumeCopy::~VolumeCopy()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join(); // at most one chunk
    if (m_done)
        m_done(Error::make(Error::Code::SandboxDead,
            QStringLiteral("The sandbox ended during the copy of %1.").arg(m_path)));
}

void VolumeCopy::start()
{
    m_ticker->start();
    try {
        m_thread = std::thread([this] { run(); });
    } catch (...) {
        QTimer::singleShot(0, this, [this] { finished(0, EAGAIN); });
    }
}

void VolumeCopy::cancel()
{
    m_done = nullptr;
    m_stop = true;
    deleteLater();
}

void VolumeCopy::run()
{
    qint64 bytes = 0;
    qint64 flushed = 0;
    int error = 0;
    // Into the sandbox the sink is the hopx-capfs mount, where fewer, larger requests win.
    bool viaSendfile = m_sinkKind == Sink::Host;
    std::unique_ptr<char[]> buffer(viaSendfile ? nullptr : new char[kBuffer]);
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
        if (m_sinkKind == Sink::Host && bytes - flushed >= kWriteBehind) {
            // Start writing what is done; the fsync before the rename waits for it all.
            ::sync_file_range(m_sink, flushed, bytes - flushed, SYNC_FILE_RANGE_WRITE);
            flushed = bytes;
        }
    }
    if (m_stop)
        return;
    m_runBytes = bytes;
    m_runError = error;
    // By name, not a functor: a functor built on this thread and run on the main one is a hand-off
    // TSan cannot see (Qt is not instrumented); the join in runEnded() is one it sees.
    QMetaObject::invokeMethod(this, "runEnded", Qt::QueuedConnection);
}

void VolumeCopy::runEnded()
{
    if (m_thread.joinable())
        m_thread.join();
    finished(m_runBytes, m_runError);
}

void VolumeCopy::finished(qint64 bytes, int error)
{
    m_ticker->stop();
    if (m_thread.joinable())
        m_thread.join();
    answer(m_finish(bytes, error));
}

void VolumeCopy::answer(Core::Result<qint64> result)
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
