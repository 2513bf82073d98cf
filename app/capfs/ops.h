// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

/* What the FUSE operations share: ops.c (names: lookup, attributes, nodes, links, renames, and
 * the table), data.c (open files: read, write, space) and dirs.c (directories, xattrs). */

#include "capfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
/* The requests come from sandboxed, hostile code. The rules that keep it inside the backing
 * directory:
 *  - an inode is reached only from its parent's O_PATH descriptor by one name (no '/', no
 *    "." or ".."), opened with O_NOFOLLOW: a symlink is an inode of its own, never followed;
 *  - a file is reopened through /proc/self/fd/N, which names the inode itself, and never for a
 *    symlink (the reopen would follow it in the daemon's view of the host);
 *  - device nodes, whiteouts and xattrs other than user.* are refused: with the daemon as root
 *    they would be real on the host (a block device, security.capability on a binary);
 *  - set-user-ID bits are dropped: the backing directory itself is not nosuid on the host. */

static inline struct capfs *fs_of(fuse_req_t req)
{
    return fuse_req_userdata(req);
}

/* 0 when \a name is one entry of a directory, else an errno: ENAMETOOLONG past NAME_MAX, as
 * every local file system says (the kernel passes FUSE names of up to 1024 bytes), EINVAL for
 * what cannot be one entry ("", ".", "..", a '/'; the kernel resolves dots itself). */
static inline int name_error(const char *name)
{
    if (!name[0] || !strcmp(name, ".") || !strcmp(name, "..") || strchr(name, '/'))
        return EINVAL;
    return strlen(name) > NAME_MAX ? ENAMETOOLONG : 0;
}

/* The root's entry -o hide names (the checkpoints): no request through the mount reaches it, so
 * a shared file there never has a second name the kernel knows (cow.c). */
static inline int hidden(const struct capfs *fs, fuse_ino_t parent, const char *name)
{
    return parent == FUSE_ROOT_ID && fs->hide && !strcmp(name, fs->hide);
}

/* A change to \a in is coming: the read side of the clone lock (so a clone sees every writer),
 * and a shared file copied up first. 0 with the lock held, or an errno without it. */
static inline int begin_change(struct capfs *fs, struct capfs_inode *in)
{
    pthread_rwlock_rdlock(&fs->clone_lock);
    const int err = capfs_cow_break(fs, in);
    if (err)
        pthread_rwlock_unlock(&fs->clone_lock);
    return err;
}

static inline void end_change(struct capfs *fs)
{
    pthread_rwlock_unlock(&fs->clone_lock);
}

static inline int may_write(int flags)
{
    return (flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC);
}

static inline int stat_inode(const struct capfs_inode *in, struct stat *st)
{
    return fstatat(in->fd, "", st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
}

static inline mode_t safe_mode(mode_t mode)
{
    mode &= ~(mode_t)S_ISUID;
    if (!S_ISDIR(mode))
        mode &= ~(mode_t)S_ISGID; /* setgid stays on directories: group inheritance */
    return mode;
}

/* The flags the daemon opens a backing file with, for a sandbox's open with \a flags. Never
 * O_APPEND: the kernel already sends an append's WRITE at its end of the file (it holds the
 * inode's lock and the size is exact, every change coming through the mount), and it writes a
 * shared mmap's dirty pages back through any writable handle of the inode, at their offsets: on
 * an O_APPEND descriptor pwrite(2) would put those pages at the end instead. Never O_DIRECT: the
 * kernel already keeps such a file's I/O out of the mount's page cache, and the daemon's own
 * buffers are not aligned for the backing file system, which refused every such read and write
 * with EINVAL (fio --direct=1, scripts/stress-capfs.sh). */
static inline int capfs_open_flags(int flags)
{
    return (flags & ~(O_NOFOLLOW | O_CREAT | O_EXCL | O_APPEND | O_DIRECT)) | O_CLOEXEC;
}

/* \a v rounded up to whole 4 KiB blocks. */
static inline int64_t round_up(int64_t v)
{
    return (v + 4095) & ~(int64_t)4095;
}

/* data.c */
void capfs_op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void capfs_op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void capfs_op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);
void capfs_op_read(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void capfs_op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in_buf, off_t off,
    struct fuse_file_info *fi);
void capfs_op_fallocate(fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length,
    struct fuse_file_info *fi);
void capfs_op_copy_file_range(fuse_req_t req, fuse_ino_t ino_in, off_t off_in,
    struct fuse_file_info *fi_in, fuse_ino_t ino_out, off_t off_out, struct fuse_file_info *fi_out,
    size_t len, int flags);
void capfs_op_lseek(
    fuse_req_t req, fuse_ino_t ino, off_t off, int whence, struct fuse_file_info *fi);
void capfs_op_statfs(fuse_req_t req, fuse_ino_t ino);

/* dirs.c */
void capfs_op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void capfs_op_readdir(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t offset, struct fuse_file_info *fi);
void capfs_op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void capfs_op_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);
void capfs_op_setxattr(
    fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags);
void capfs_op_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size);
void capfs_op_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size);
void capfs_op_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name);

/* offload.c: the same operations, run on a helper thread (the loop thread goes on answering) */
void capfs_offload_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);
void capfs_offload_fsyncdir(
    fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);
void capfs_offload_fallocate(fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length,
    struct fuse_file_info *fi);
void capfs_offload_copy_file_range(fuse_req_t req, fuse_ino_t ino_in, off_t off_in,
    struct fuse_file_info *fi_in, fuse_ino_t ino_out, off_t off_out, struct fuse_file_info *fi_out,
    size_t len, int flags);
void capfs_offload_setxattr(
    fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags);
/* fuse_lowlevel_notify_inval_inode, made by a helper; nothing waits for it. */
void capfs_offload_inval_inode(struct capfs *fs, fuse_ino_t ino, off_t off, off_t len);
