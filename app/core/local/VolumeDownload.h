// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/SandboxTransfer.h"

#include <QObject>

#include <atomic>
#include <thread>

class QTimer;

namespace Hopx::Local {

class SandboxVolume;

/*! \brief A file_download read by the app itself from the host side of the sandbox's disk
 *  (the hopx-capfs mount that /workspace and /home/user are bound from), on a thread of its own.
 *
 * Through the agent, every pipe-full is a hand-off between the builtin in the sandbox and
 * the app's event loop; on a busy machine each waits for the other to be scheduled, and a
 * 1 GiB copy took several times as long as reading the file. Here one thread moves the bytes
 * with sendfile() (inside the kernel) and starts the host file's writeback as it goes, so the
 * fsync before the rename (HostTarget::commit) finds little left to write.
 *
 * Reading this way is safe because open() only takes paths the sandbox sees the same way:
 * a regular file below /workspace or /home/user reached without a symlink (the sandbox's
 * symlinks mean sandbox paths, which the host side would resolve differently) and without
 * crossing a mount. Anything else goes through the agent as before. The sandbox never gets a
 * descriptor; the bytes are the same ones the agent would have read.
 *
 * Answers once (from the event loop); deleted early (its sandbox went) it answers
 * SandboxDead, after cancel() nothing. Deletes itself once it has answered.
 */
class VolumeDownload final : public QObject
{
    Q_OBJECT
public:
    //! The sandbox file \a path opened read-only from \a volume, or -1 when it must be read
    //! through the agent (not below /workspace or /home/user, a symlink or mount on the way,
    //! not a regular file, missing: the agent then gives its usual answer).
    static int open(const SandboxVolume &volume, const QString &path);

    VolumeDownload(int sourceFd, int sinkFd, const QString &path,
        Core::SandboxTransfer::Progress progress, Core::Callback<qint64> done, QObject *parent);
    ~VolumeDownload() override;

    void start();
    void cancel();

private:
    void run();
    void finished(qint64 bytes, int error);
    void answer(Core::Result<qint64> result);

    int m_source;
    int m_sink;
    QString m_path;
    Core::SandboxTransfer::Progress m_progress;
    Core::Callback<qint64> m_done;
    QTimer *m_ticker;
    std::thread m_thread;
    std::atomic<qint64> m_bytes {0};
    std::atomic<bool> m_stop {false};
};

} // namespace Hopx::Local
