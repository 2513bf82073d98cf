// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTransfer.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <thread>

class QTimer;

namespace Hopx::Local {

/*! \brief A file_upload or file_download done by the app itself on the host side of the
 *  sandbox's disk (VolumePath, VolumeTarget), on a thread of its own.
 *
 * Through the agent, every pipe-full is a hand-off between the builtin in the sandbox and
 * the app's event loop; on a busy machine each waits for the other to be scheduled, and a
 * 1 GiB copy took several times as long as reading the file. Here one thread moves the bytes
 * with sendfile() (inside the kernel). Downloading, it also starts the host file's writeback
 * as it goes, so the fsync before the rename (HostTarget::commit) finds little left to write.
 *
 * The sandbox never gets a descriptor; the bytes are the ones the agent would have moved.
 * Answers once (from the event loop) with what \a finish makes of the bytes copied and the
 * errno that stopped the copy (0 at the end of the source); deleted early (its sandbox went)
 * it answers SandboxDead, after cancel() nothing. Deletes itself once it has answered.
 */
class VolumeCopy final : public QObject
{
    Q_OBJECT
public:
    using Finish = std::function<Core::Result<qint64>(qint64 bytes, int error)>;
    enum class Sink { Host, Sandbox };

    VolumeCopy(int sourceFd, int sinkFd, Sink sink, const QString &path,
        Core::SandboxTransfer::Progress progress, Finish finish, Core::Callback<qint64> done,
        QObject *parent);
    ~VolumeCopy() override;

    void start();
    void cancel();

private:
    void run();
    //! Queued by name from the copy's thread, which has ended: the join orders its result.
    Q_INVOKABLE void runEnded();
    void finished(qint64 bytes, int error);
    void answer(Core::Result<qint64> result);

    int m_source;
    int m_sink;
    Sink m_sinkKind;
    QString m_path;
    Core::SandboxTransfer::Progress m_progress;
    Finish m_finish;
    Core::Callback<qint64> m_done;
    QTimer *m_ticker;
    std::thread m_thread;
    std::atomic<qint64> m_bytes {0};
    std::atomic<bool> m_stop {false};
    // Written by the copy's thread just before it ends, read after the join.
    qint64 m_runBytes = 0;
    int m_runError = 0;
};

} // namespace Hopx::Local
