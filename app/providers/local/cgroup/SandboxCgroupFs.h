// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Hopx::Local {

/*! \brief Everything SandboxCgroup asks of the host: the cgroupfs under a root, the app's own
 *  cgroup (/proc/self/cgroup), whether that root is cgroup v1 or v2, and whether we are root.
 *
 * The methods are the plain system calls; they are virtual so that the v2 code, which this
 * project's CI machine (cgroup v1) cannot run for real, can be driven against an emulated
 * kernel. Writes report the errno the kernel gives, because cgroupfs refuses bad values and
 * rule-breaking moves (EINVAL, EBUSY, EACCES) rather than storing them.
 */
class SandboxCgroupFs
{
public:
    enum class Layout {
        None, // no cgroupfs under the root
        V1, // a tmpfs of per-controller v1 hierarchies (legacy or hybrid)
        V2, // the unified hierarchy itself
    };

    explicit SandboxCgroupFs(QString root = QStringLiteral("/sys/fs/cgroup"),
        QString selfCgroupPath = QStringLiteral("/proc/self/cgroup"));
    virtual ~SandboxCgroupFs();
    SandboxCgroupFs(const SandboxCgroupFs &) = delete;
    SandboxCgroupFs &operator=(const SandboxCgroupFs &) = delete;

    QString root() const { return m_root; }
    //! Decided by the file system type of the root (statfs), not by which files exist.
    virtual Layout layout() const;
    //! Root may create cgroups anywhere; a user only below a cgroup delegated to them.
    virtual bool privileged() const;
    //! The v2 path of the app's own cgroup ("/user.slice/…/app.slice/x.scope"); empty if none.
    QString selfCgroup() const;

    virtual QByteArray read(const QString &path) const;
    //! 0 or the errno of the write (cgroupfs takes one value per write(2)).
    virtual int write(const QString &path, const QByteArray &data);
    //! 0 or errno.
    virtual int makeDir(const QString &path);
    //! 0 or errno (EBUSY while processes or child cgroups remain).
    virtual int removeDir(const QString &path);
    virtual bool writable(const QString &path) const;
    virtual bool exists(const QString &path) const;
    //! Names of the child cgroups of \a dir.
    QStringList children(const QString &dir) const;
    //! The pids listed in \a dir's cgroup.procs.
    QList<qint64> procs(const QString &dir) const;
    //! Seconds since cgroup \a dir was made (its directory's mtime: cgroupfs sets it at mkdir
    //! and moving processes does not change it); -1 if it is gone.
    qint64 ageSeconds(const QString &dir) const;

private:
    QString m_root;
    QString m_selfCgroupPath;
};

} // namespace Hopx::Local
