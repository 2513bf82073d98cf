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
#include <sys/file.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

struct dir_handle
{
    DIR *dp;
    off_t offset;
    struct dirent *entry;
};

void capfs_op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs_inode *in = capfs_inode(fs_of(req), ino);
    struct dir_handle *d = calloc(1, sizeof *d);
    if (!d) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    /* Through /proc, not openat(fd, "."): "." is a lookup in the directory, which needs search
     * permission, and a directory of mode 0600 lists for its owner on any disk (the daemon runs
     * as that owner, without root's override; difffuzz found it). */
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int fd = open(proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || !(d->dp = fdopendir(fd))) {
        const int err = errno;
        if (fd >= 0)
            close(fd);
        free(d);
        fuse_reply_err(req, err);
        return;
    }
    fi->fh = (uint64_t)(uintptr_t)d;
    if (fuse_reply_open(req, fi) != 0) {
        closedir(d->dp);
        free(d);
    }
}

void capfs_op_readdir(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t offset, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct dir_handle *d = (struct dir_handle *)(uintptr_t)fi->fh;
    char *buf = malloc(size);
    if (!buf) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    if (offset != d->offset) {
        seekdir(d->dp, offset);
        d->entry = NULL;
        d->offset = offset;
    }
    size_t used = 0;
    int err = 0;
    for (;;) {
        if (!d->entry) {
            errno = 0;
            d->entry = readdir(d->dp);
            if (!d->entry) {
                err = errno;
                break;
            }
        }
        if (hidden(fs, ino, d->entry->d_name)) {
            d->offset = d->entry->d_off;
            d->entry = NULL;
            continue;
        }
        struct stat st = {0};
        st.st_ino = d->entry->d_ino;
        st.st_mode = (mode_t)d->entry->d_type << 12;
        const size_t n =
            fuse_add_direntry(req, buf + used, size - used, d->entry->d_name, &st, d->entry->d_off);
        if (n > size - used)
            break; /* the entry stays for the next call */
        used += n;
        d->offset = d->entry->d_off;
        d->entry = NULL;
    }
    if (err && used == 0)
        fuse_reply_err(req, err);
    else
        fuse_reply_buf(req, buf, used);
    free(buf);
}

void capfs_op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)ino;
    struct dir_handle *d = (struct dir_handle *)(uintptr_t)fi->fh;
    closedir(d->dp);
    free(d);
    fuse_reply_err(req, 0);
}

void capfs_op_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    (void)ino;
    const int fd = dirfd(((struct dir_handle *)(uintptr_t)fi->fh)->dp);
    fuse_reply_err(req, (datasync ? fdatasync(fd) : fsync(fd)) != 0 ? errno : 0);
}

/* Extended attributes (-o xattr; main.c leaves these out otherwise): the user.* namespace only,
 * and not on symlinks (Linux has none there, and the /proc reopen would follow the link).
 * Off by default because with any getxattr the kernel asks for security.capability before
 * every write(2), a second round trip per write (measured: 30-40 % more CPU per 8 KiB write);
 * without it the kernel stops asking and xattr calls fail with EOPNOTSUPP. */
static int xattr_name_ok(const char *name)
{
    /* user.hopx.* marks shared files (cow.c): the sandbox neither sees nor sets it. */
    return strncmp(name, "user.", 5) == 0 && strncmp(name, "user.hopx.", 10) != 0;
}

static void set_xattr(fuse_req_t req, struct capfs *fs, struct capfs_inode *in, const char *name,
    const char *value, size_t size, int flags);

void capfs_op_setxattr(
    fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    /* The host's requests (cow.c): only on the root, which no sandbox can reach. */
    if (ino == FUSE_ROOT_ID && !strncmp(name, "hopx.", 5)) {
        fuse_reply_err(req, capfs_control(fs, name, value, size));
        return;
    }
    if (!fs->xattr || !xattr_name_ok(name) || in->type == S_IFLNK) {
        fuse_reply_err(req, EOPNOTSUPP);
        return;
    }
    const int cow = begin_change(fs, in);
    if (cow) {
        fuse_reply_err(req, cow);
        return;
    }
    set_xattr(req, fs, in, name, value, size, flags);
    end_change(fs);
}

static void set_xattr(fuse_req_t req, struct capfs *fs, struct capfs_inode *in, const char *name,
    const char *value, size_t size, int flags)
{
    /* An attribute that does not fit in the inode takes a block. */
    const int64_t reserved = round_up((int64_t)(size + strlen(name))) + 4096;
    if (!capfs_quota_reserve(&fs->quota, reserved, 0)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int r = setxattr(proc, name, value, size, flags);
    const int err = errno;
    capfs_quota_settle(&fs->quota, in, -1, reserved, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

void capfs_op_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size)
{
    struct capfs_inode *in = capfs_inode(fs_of(req), ino);
    if (!xattr_name_ok(name) || in->type == S_IFLNK) {
        fuse_reply_err(req, strncmp(name, "security.", 9) == 0 ? ENODATA : EOPNOTSUPP);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    if (size == 0) {
        const ssize_t n = getxattr(proc, name, NULL, 0);
        if (n < 0)
            fuse_reply_err(req, errno);
        else
            fuse_reply_xattr(req, (size_t)n);
        return;
    }
    char *buf = malloc(size);
    if (!buf) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    const ssize_t n = getxattr(proc, name, buf, size);
    if (n < 0)
        fuse_reply_err(req, errno);
    else
        fuse_reply_buf(req, buf, (size_t)n);
    free(buf);
}

void capfs_op_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size)
{
    struct capfs_inode *in = capfs_inode(fs_of(req), ino);
    if (in->type == S_IFLNK) {
        if (size == 0)
            fuse_reply_xattr(req, 0);
        else
            fuse_reply_buf(req, NULL, 0);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const ssize_t all = listxattr(proc, NULL, 0);
    if (all < 0) {
        fuse_reply_err(req, errno);
        return;
    }
    char *list = malloc((size_t)all + 1);
    if (!list) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    const ssize_t n = all ? listxattr(proc, list, (size_t)all) : 0;
    if (n < 0) {
        free(list);
        fuse_reply_err(req, errno);
        return;
    }
    /* Only the names the sandbox may use (security.selinux and the like stay hidden). */
    size_t kept = 0;
    for (ssize_t i = 0; i < n;) {
        const size_t len = strlen(list + i) + 1;
        if (xattr_name_ok(list + i)) {
            memmove(list + kept, list + i, len);
            kept += len;
        }
        i += (ssize_t)len;
    }
    if (size == 0)
        fuse_reply_xattr(req, kept);
    else if (kept > size)
        fuse_reply_err(req, ERANGE);
    else
        fuse_reply_buf(req, list, kept);
    free(list);
}

void capfs_op_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    if (!xattr_name_ok(name) || in->type == S_IFLNK) {
        fuse_reply_err(req, EOPNOTSUPP);
        return;
    }
    const int cow = begin_change(fs, in);
    if (cow) {
        fuse_reply_err(req, cow);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int r = removexattr(proc, name);
    const int err = errno;
    end_change(fs);
    capfs_quota_settle(&fs->quota, in, -1, 0, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}
