// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QFile>
#include <QStringList>

#include <memory>

namespace Hopx::Core {

/*! \brief The host files a tool may touch: only beneath a root (a client's root or a folder
 *  the user approved), opened so that nothing can lead out of it.
 *
 * A path is refused when it is relative, has a "." or ".." component, or lies under no root.
 * Everything below the root is then resolved by the kernel with openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_MAGICLINKS) from the root's directory descriptor: a symlink (or a /proc magic
 * link) that points out of the root fails with EXDEV instead of being followed, so the check
 * cannot be raced by swapping a component for a link after it was looked at.
 */
class HostPath
{
public:
    //! The root of \a roots that holds \a path (as given), or the error to answer with.
    static Result<QString> rootFor(const QStringList &roots, const QString &path);
    //! \a path (beneath \a root), opened read-only; only regular files.
    static Result<std::unique_ptr<QFile>> openForReading(const QString &root, const QString &path);
    //! The error for errno \a code met on \a path.
    static Error errorFor(int code, const QString &path);
    /*! openat2() of \a relative beneath the directory \a dirFd, with RESOLVE_BENEATH |
     *  RESOLVE_NO_MAGICLINKS and the further RESOLVE_ flags in \a resolve; -1 with errno. */
    static int openBeneath(int dirFd, const QByteArray &relative, quint64 flags, quint64 mode = 0,
        quint64 resolve = 0);
    /*! A new hidden file ".NAME.hopx-part-RANDOM" in the directory \a dirFd, opened for
     *  writing with \a mode; its name in \a tempName. -1 with errno. */
    static int createTemporary(
        int dirFd, const QByteArray &name, quint32 mode, QByteArray *tempName);
};

/*! \brief A host file being written: the bytes go to an unnamed file in its directory
 *  (O_TMPFILE), which commit() links into place; until then (and after a failure, or a crash
 *  of the app) nothing shows. Where the file system has no O_TMPFILE, a hidden temporary file
 *  next to it is renamed into place instead, removed when this object goes (a crash of the
 *  app leaves that one behind). */
class HostTarget
{
public:
    /*! Prepares \a path (beneath \a root, in an existing directory). Without \a overwrite an
     *  existing file is an error now, and again at commit() should one appear meanwhile. */
    static Result<std::unique_ptr<HostTarget>> create(
        const QString &root, const QString &path, bool overwrite);
    //! What create() would refuse, without creating anything (asked before the user is).
    static Result<Unit> check(const QString &root, const QString &path, bool overwrite);
    ~HostTarget();
    HostTarget(const HostTarget &) = delete;
    HostTarget &operator=(const HostTarget &) = delete;

    QFile *file() { return &m_file; }
    QString path() const { return m_path; }
    //! Flushes and renames the temporary file to path().
    Result<Unit> commit();
    //! Removes the temporary file now (a failed copy), rather than when this object goes.
    void discard();

private:
    HostTarget() = default;
    //! Opens the directory of \a path beneath \a root and checks the name (create(), check()).
    static Result<std::unique_ptr<HostTarget>> prepare(
        const QString &root, const QString &path, bool overwrite);

    QFile m_file;
    QString m_path;
    QByteArray m_name; // in m_dirFd
    QByteArray m_tempName; // empty: an unnamed file (O_TMPFILE)
    int m_dirFd = -1;
    bool m_overwrite = false;
    //! commit() of an unnamed file: links it to m_name (or to a temporary name, then renamed
    //! over m_name when it may be overwritten); 0 or -1 with errno.
    int linkUnnamed();
    bool m_committed = false;
};

} // namespace Hopx::Core
