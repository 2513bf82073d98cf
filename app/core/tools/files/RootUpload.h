// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QString>

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core {
class SandboxProvider;
}

namespace Hopx::Core::Tools {

/*! \brief The client's roots copied into a HOPX cloud sandbox, which cannot mount host folders.
 *
 * What is copied is what git would commit: in a repository, the tracked files and the untracked
 * ones its .gitignore rules keep; outside one, every file but .git. Links and special files stay
 * behind (a link could lead out of the root). The whole set must fit the cap and kMaxFiles,
 * checked by plan() before the sandbox exists, so an oversized root costs nothing. Each file is
 * opened beneath its root (HostPath) and uploaded on its own, with progress in bytes of the total.
 */
class RootUpload : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 5000;

    struct File
    {
        QString root; // the host folder it lies beneath
        QString hostPath;
        QString path; // in the sandbox: /workspace/project/<name>/<relative path>
        qint64 size = 0;
    };
    struct Plan
    {
        QJsonArray roots; // the answer: per root its host_path, path, files and bytes
        QList<File> files;
        qint64 bytes = 0;
    };

    //! The files of \a mounts, or an error saying what to do when they exceed \a capBytes.
    static Result<Plan> plan(const QList<HostMount> &mounts, qint64 capBytes);

    /*! Copies \a plan into sandbox \a sandboxId of \a provider for \a call (progress goes to
     *  it; its cancellation stops the copy). \a done gets one entry per root: host_path, path,
     *  files, bytes. Deletes itself after answering. */
    RootUpload(Mcp::ToolCall *call, SandboxProvider *provider, QString sandboxId, Plan plan,
        Callback<QJsonArray> done);
    ~RootUpload() override;
    void start();

private:
    void next();
    void reportBytes(qint64 bytes);
    void report(bool fileDone);
    void fail(const Error &error);

    Mcp::ToolCall *m_call;
    SandboxProvider *m_provider;
    QString m_id;
    Plan m_plan;
    Callback<QJsonArray> m_done;
    int m_index = 0;
    qint64 m_bytesDone = 0; // of the files copied whole
    qint64 m_progressBytes = 0; // including the file under way
    QElapsedTimer m_clock; // since the last progress notification
    Cancel m_cancel;
};

} // namespace Hopx::Core::Tools
