// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ops.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

/* Copy-on-write between trees (capfs.h says what a shared file is).
 *
 * Why hard links and an attribute: a checkpoint, a restore or a fork of a 200 MiB workspace
 * then costs a link per file, not a copy of every byte (through FUSE twice, for a fork), and
 * the host's file system needs no reflinks (ext4 has none). The attribute tells a shared file
 * from a sandbox's own hard links, which keep their meaning (one inode, one content). The
 * sandbox can neither see nor set it (dirs.c refuses "user.hopx."), nor reach the requests
 * below: they are only answered on the root, which is never bound into a sandbox.
 *
 * The host asks with setxattr on the mount's root:
 *   hopx.clone  "SRC\nDST"  the entries of directory SRC are cloned into directory DST (made if
 *                           missing). A path with a leading '/' is the host's (another disk's
 *                           checkpoint: never written, so every file is shared); one without is
 *                           in this tree: its files that are open for writing are copied, not
 *                           shared, and names cloned into this tree are counted.
 *   hopx.restore "SRC\nDST" directory DST (a top entry of this tree) becomes a clone of SRC in
 *                           one rename (do_restore).
 *   hopx.remove "PATH"      the tree at PATH (in this tree, under the hidden entry) goes, with
 *                           what it counted.
 * A daemon of an earlier version answers EOPNOTSUPP ("hopx." is no user attribute), so the app
 * knows to copy instead. */

int capfs_shared_at(int dirfd, const char *name, const struct stat *st)
{
    if (!S_ISREG(st->st_mode) || st->st_nlink < 2)
        return 0;
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "/proc/self/fd/%d/%s", dirfd, name) >= (int)sizeof path)
        return 0;
    return lgetxattr(path, CAPFS_SHARED_XATTR, NULL, 0) >= 0;
}

int capfs_mark_shared(int dirfd, const char *name)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "/proc/self/fd/%d/%s", dirfd, name) >= (int)sizeof path)
        return ENAMETOOLONG;
    return lsetxattr(path, CAPFS_SHARED_XATTR, "1", 1, 0) == 0 ? 0 : errno;
}

/* The user.* attributes of \a from onto \a to, the marker left out. Best effort. */
void capfs_copy_xattrs(int from, int to)
{
    char names[4096];
    const ssize_t n = flistxattr(from, names, sizeof names);
    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1) {
        const char *name = names + i;
        if (strncmp(name, "user.", 5) != 0 || strncmp(name, "user.hopx.", 10) == 0)
            continue;
        char value[4096];
        const ssize_t len = fgetxattr(from, name, value, sizeof value);
        if (len >= 0)
            fsetxattr(to, name, value, (size_t)len, 0);
    }
}

/* The bytes, owner, mode, attributes and times of \a src (stat \a st) into \a dst. */
int capfs_copy_contents(int src, int dst, const struct stat *st)
{
    off_t in = 0, out = 0;
    for (;;) {
        const ssize_t n = copy_file_range(src, &in, dst, &out, 1 << 30, 0);
        if (n == 0)
            break;
        if (n > 0)
            continue;
        if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP)
            return errno;
        char buf[1 << 16];
        for (;;) {
            const ssize_t r = pread(src, buf, sizeof buf, in);
            if (r < 0)
                return errno;
            if (r == 0)
                break;
            if (pwrite(dst, buf, (size_t)r, out) != r)
                return errno ? errno : EIO;
            in += r;
            out += r;
        }
        break;
    }
    if (fchown(dst, st->st_uid, st->st_gid) != 0 && errno != EPERM)
        return errno;
    if (fchmod(dst, safe_mode(st->st_mode & 07777)) != 0)
        return errno;
    capfs_copy_xattrs(src, dst);
    const struct timespec times[2] = {st->st_atim, st->st_mtim};
    futimens(dst, times);
    return 0;
}

/* Opens \a path for reading even when its mode says no (the daemon's own files: a mode the
 * sandbox set must not keep its own data from being copied). */
int capfs_open_readable(int dirfd, const char *name, const struct stat *st)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 || errno != EACCES || st->st_uid != geteuid())
        return fd;
    if (fchmodat(dirfd, name, (st->st_mode & 07777) | S_IRUSR, 0) != 0)
        return -1;
    fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    const int err = errno;
    fchmodat(dirfd, name, st->st_mode & 07777, 0);
    errno = err;
    return fd;
}

/* A shared file \a in is (stat \a st): more than one link, and the marker. */
static int is_shared(struct capfs_inode *in, struct stat *st)
{
    if (stat_inode(in, st) != 0 || st->st_nlink < 2)
        return 0; /* the last name anywhere: private again, whatever the attribute says */
    char proc[64];
    capfs_proc_path(proc, in->fd);
    return getxattr(proc, CAPFS_SHARED_XATTR, NULL, 0) >= 0;
}

int capfs_cow_break(struct capfs *fs, struct capfs_inode *in)
{
    struct stat st;
    if (in->type != S_IFREG || !is_shared(in, &st))
        return 0;
    pthread_mutex_lock(&fs->cow_lock);
    int err = 0;
    char *name = NULL;
    if (!is_shared(in, &st))
        goto out; /* another thread copied it up meanwhile */
    /* Where the kernel last found it, which a rename keeps current (capfs_table_moved). */
    pthread_mutex_lock(&fs->table_lock);
    const fuse_ino_t parent_ino = in->parent;
    name = in->name ? strdup(in->name) : NULL;
    const int released = in->released;
    pthread_mutex_unlock(&fs->table_lock);
    struct stat now;
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    if (!name || released || fstatat(parent->fd, name, &now, AT_SYMLINK_NOFOLLOW) != 0
        || now.st_dev != in->dev || now.st_ino != in->ino) {
        /* Its name here is gone (an open, unlinked shared file): it stays as every other tree
         * has it. */
        err = EACCES;
        goto out;
    }
    const int src = capfs_open_readable(parent->fd, name, &st);
    if (src < 0) {
        err = errno;
        goto out;
    }
    const int dst = openat(parent->fd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (dst < 0) {
        err = errno;
        close(src);
        goto out;
    }
    err = capfs_copy_contents(src, dst, &st);
    close(src);
    char tmp[64];
    char dst_proc[64];
    capfs_proc_path(dst_proc, dst);
    for (unsigned i = 0; !err; i++) {
        snprintf(tmp, sizeof tmp, ".hopx-copy-up.%lu.%u", (unsigned long)st.st_ino, i);
        if (linkat(AT_FDCWD, dst_proc, parent->fd, tmp, AT_SYMLINK_FOLLOW) == 0)
            break;
        if (errno != EEXIST || i > 64)
            err = errno;
    }
    /* Exchanged, then the shared name dropped, rather than renamed over it: ext4 starts
     * writing a file renamed over another to disk at once (auto_da_alloc), and whatever then
     * deletes or truncates it (a restore, the next copy-up) waits for that I/O. */
    if (!err && syscall(SYS_renameat2, parent->fd, tmp, parent->fd, name, RENAME_EXCHANGE) != 0)
        err = errno;
    unlinkat(parent->fd, tmp, 0);
    if (!err) {
        /* The kernel's node now stands for the private copy: same node id, new inode. */
        const int opath = open(dst_proc, O_PATH | O_CLOEXEC);
        struct stat copied;
        if (opath < 0 || fstat(opath, &copied) != 0) {
            err = EIO;
            if (opath >= 0)
                close(opath);
        } else {
            capfs_table_rekey(fs, in, opath, &copied);
            capfs_quota_settle(&fs->quota, in, dst, 0, 0);
        }
    }
    close(dst);
out:
    free(name);
    pthread_mutex_unlock(&fs->cow_lock);
    return err;
}

void capfs_cow_name_gone(struct capfs *fs, const struct stat *st)
{
    pthread_mutex_lock(&fs->table_lock);
    struct capfs_inode *in = capfs_table_find(fs, st->st_dev, st->st_ino);
    if (in)
        in->released = 1;
    pthread_mutex_unlock(&fs->table_lock);
    capfs_quota_give(&fs->quota, (int64_t)st->st_blocks * 512);
}
