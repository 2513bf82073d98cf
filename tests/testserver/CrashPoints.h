// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/disk/DiskSteps.h"

#include <QMutex>
#include <QString>

namespace Hopx::TestServer {

/*! \brief The test server's DiskSteps (--disk-steps, --crash-at): logs every step of the
 *  local provider's disk operations and, at the N-th step of one operation, crashes it.
 *
 * The crash-point driver (tests/crashpoints) reads the log to learn how many steps an
 * operation has, then runs it once per step with `--crash-at OP:N:KIND`:
 * - app: SIGKILL of this process (nothing of it runs any more, as in a power cut of the app);
 * - capfs: SIGKILL of the hopx-capfs serving that sandbox's disk (found as the product finds
 *   its mount: the daemon whose working directory is the sandbox's directory), and on;
 * - disk: the file system holding the state directory is filled (a file the driver names
 *   with --crash-fill, on a small tmpfs it mounted in its own mount namespace), and on.
 */
class CrashPoints final : public Local::DiskSteps
{
public:
    enum class Kind { App, Capfs, Disk };

    //! \a spec: "OP:N:KIND", or empty for no crash. False when it does not parse.
    bool configure(const QString &logPath, const QString &spec, const QString &fillPath);
    void reached(const QString &operation, const QString &step, const QString &sandboxDir) override;

private:
    void crash(const QString &sandboxDir);
    void log(const QByteArray &line);

    QMutex m_lock; // a deletion's last steps run on the storage's thread
    QString m_logPath;
    QString m_operation;
    int m_at = 0;
    Kind m_kind = Kind::App;
    QString m_fillPath;
    int m_seen = 0;
};

} // namespace Hopx::TestServer
