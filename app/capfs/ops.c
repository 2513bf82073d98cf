// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

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

/* The requests come from sandboxed, hostile code. The rules that keep it inside the backing
 * directory:
 *  - an inode is reached only from its parent's O_PATH descriptor by one name (no '/', no
 *    "." or ".."), opened with O_NOFOLLOW: a symlink is an inode of its own, never followed;
 *  - a file is reopened through /proc/self/fd/N, which names the inode itself, and never for a
 *    symlink (the reopen would follow it in the daemon's view of the host);
 *  - device nodes, whiteouts and xattrs other than user.* are refused: with the daemon as root
 *    they would be real on the host (a block device, security.capability on a binary);
 *  - set-user-ID bits are dropped: the backing directory itself is not nosuid on the host. */

static struct capfs *fs_of(fuse_req_t req)
{
    return fuse_req_userdata(req);
}

static int name_ok(const char *name)
{
    return name[0] && strcmp(name, ".") && strcmp(name, "..") && !strchr(name, '/')
        && strlen(name) <= NAME_MAX;
}

static int stat_inode(const struct capfs_inode *in, struct stat *st)
{
    return fstatat(in->fd, "", st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
}

static mode_t safe_mode(mode_t mode)
{
    mode &= ~(mode_t)S_ISUID;
    if (!S_ISDIR(mode))
        mode &= ~(mode_t)S_ISGID; /* setgid stays on directories: group inheritance */
    return mode;
}

/* The entry for \a name in \a parent, with a reference taken. 0 or errno. */
static int do_lookup(
    struct capfs *fs, struct capfs_inode *parent, const char *name, struct fuse_entry_param *e)
{
    memset(e, 0, sizeof *e);
    e->attr_timeout = fs->timeout;
    e->entry_timeout = fs->timeout;
    const int fd = openat(parent->fd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno;
    if (fstatat(fd, "", &e->attr, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW) != 0) {
        const int err = errno;
        close(fd);
        return err;
    }
    if (e->attr.st_dev != fs->root.dev) {
        close(fd); /* another file system mounted inside: not part of the capped tree */
        return EACCES;
    }
    struct capfs_inode *in = capfs_table_ref(
        fs, fd, &e->attr, parent == &fs->root ? FUSE_ROOT_ID : (fuse_ino_t)(uintptr_t)parent, name);
    if (!in)
        return errno;
    e->ino = in == &fs->root ? FUSE_ROOT_ID : (fuse_ino_t)(uintptr_t)in;
    return 0;
}

static void op_init(void *userdata, struct fuse_conn_info *conn)
{
    (void)userdata;
    /* No writeback cache: write(2) waits for our pwrite, so ENOSPC reaches the caller at the
     * write, and everything returned is already in the backing directory. */
    conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
    /* Plain readdir: readdirplus would take a lookup reference per entry. */
    conn->want &= ~(FUSE_CAP_READDIRPLUS | FUSE_CAP_READDIRPLUS_AUTO);
    if (conn->capable & FUSE_CAP_SPLICE_READ)
        conn->want |= FUSE_CAP_SPLICE_READ;
    if (conn->capable & FUSE_CAP_SPLICE_WRITE)
        conn->want |= FUSE_CAP_SPLICE_WRITE;
    /* 1 MiB per request: libfuse asks for max_pages = 256 from this. */
    conn->max_write = 1 << 20;
    conn->max_readahead = 1 << 20;
}

static void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
    struct capfs *fs = fs_of(req);
    if (!name_ok(name)) {
        fuse_reply_err(req, strcmp(name, "..") && strcmp(name, ".") ? EINVAL : EPERM);
        return;
    }
    struct fuse_entry_param e;
    const int err = do_lookup(fs, capfs_inode(fs, parent), name, &e);
    if (err == ENOENT) {
        e.ino = 0; /* a negative entry the kernel may cache */
        fuse_reply_entry(req, &e);
    } else if (err) {
        fuse_reply_err(req, err);
    } else {
        fuse_reply_entry(req, &e);
    }
}

static void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
    struct capfs *fs = fs_of(req);
    capfs_table_unref(fs, capfs_inode(fs, ino), nlookup);
    fuse_reply_none(req);
}

static void op_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets)
{
    struct capfs *fs = fs_of(req);
    for (size_t i = 0; i < count; i++)
        capfs_table_unref(fs, capfs_inode(fs, forgets[i].ino), forgets[i].nlookup);
    fuse_reply_none(req);
}

static void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)fi;
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    struct stat st;
    if (stat_inode(in, &st) != 0) {
        fuse_reply_err(req, errno);
        return;
    }
    /* Blocks the backing file system allocated later (delayed allocation, extent blocks). */
    if (st.st_nlink > 0 || in == &fs->root)
        capfs_quota_recharge(&fs->quota, in, &st);
    fuse_reply_attr(req, &st, fs->timeout);
}

static void op_setattr(
    fuse_req_t req, fuse_ino_t ino, struct stat *attr, int valid, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int link = in->type == S_IFLNK;
    int fd = fi ? (int)fi->fh : -1;
    if (valid & FUSE_SET_ATTR_MODE) {
        if (link)
            goto unsupported;
        const mode_t mode = safe_mode(attr->st_mode);
        if ((fd >= 0 ? fchmod(fd, mode) : fchmodat(AT_FDCWD, proc, mode, 0)) != 0)
            goto fail;
    }
    if (valid & (FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID)) {
        const uid_t uid = (valid & FUSE_SET_ATTR_UID) ? attr->st_uid : (uid_t)-1;
        const gid_t gid = (valid & FUSE_SET_ATTR_GID) ? attr->st_gid : (gid_t)-1;
        if (fchownat(in->fd, "", uid, gid, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW) != 0)
            goto fail;
    }
    if (valid & FUSE_SET_ATTR_SIZE) {
        if (in->type != S_IFREG) {
            fuse_reply_err(req, in->type == S_IFDIR ? EISDIR : EINVAL);
            return;
        }
        /* Extending makes a hole: no blocks, so nothing to reserve (ext4 behaves the same). */
        int own = -1;
        if (fd < 0) {
            own = open(proc, O_WRONLY | O_CLOEXEC);
            if (own < 0)
                goto fail;
        }
        const int r = ftruncate(fd >= 0 ? fd : own, attr->st_size);
        const int err = errno;
        if (own >= 0)
            close(own);
        capfs_quota_settle(&fs->quota, in, -1, 0, 0);
        if (r != 0) {
            errno = err;
            goto fail;
        }
    }
    if (valid & (FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_MTIME)) {
        struct timespec tv[2];
        tv[0].tv_sec = 0;
        tv[1].tv_sec = 0;
        tv[0].tv_nsec = UTIME_OMIT;
        tv[1].tv_nsec = UTIME_OMIT;
        if (valid & FUSE_SET_ATTR_ATIME_NOW)
            tv[0].tv_nsec = UTIME_NOW;
        else if (valid & FUSE_SET_ATTR_ATIME)
            tv[0] = attr->st_atim;
        if (valid & FUSE_SET_ATTR_MTIME_NOW)
            tv[1].tv_nsec = UTIME_NOW;
        else if (valid & FUSE_SET_ATTR_MTIME)
            tv[1] = attr->st_mtim;
        int r;
        if (fd >= 0)
            r = futimens(fd, tv);
        else if (link)
            r = utimensat(in->fd, "", tv, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
        else
            r = utimensat(AT_FDCWD, proc, tv, 0);
        if (r != 0)
            goto fail;
    }
    op_getattr(req, ino, fi);
    return;
unsupported:
    fuse_reply_err(req, EOPNOTSUPP);
    return;
fail:
    fuse_reply_err(req, errno);
}

static void op_readlink(fuse_req_t req, fuse_ino_t ino)
{
    struct capfs_inode *in = capfs_inode(fs_of(req), ino);
    char buf[PATH_MAX + 1];
    const ssize_t n = readlinkat(in->fd, "", buf, sizeof buf);
    if (n < 0 || n >= (ssize_t)sizeof buf) {
        fuse_reply_err(req, n < 0 ? errno : ENAMETOOLONG);
        return;
    }
    buf[n] = 0;
    fuse_reply_readlink(req, buf);
}

/* The common end of create, mkdir, mknod and symlink: the new entry, accounted. */
static void reply_made(fuse_req_t req, struct capfs *fs, struct capfs_inode *parent,
    const char *name, struct fuse_file_info *fi, int fd)
{
    struct fuse_entry_param e;
    const int err = do_lookup(fs, parent, name, &e);
    if (err) {
        capfs_quota_unreserve(&fs->quota, 0, 1);
        if (fd >= 0)
            close(fd);
        fuse_reply_err(req, err);
        return;
    }
    capfs_quota_settle(&fs->quota, capfs_inode(fs, e.ino), -1, 0, 1);
    capfs_quota_settle(&fs->quota, parent, -1, 0, 0); /* its directory may have grown */
    if (fi) {
        fi->fh = (uint64_t)fd;
        if (fuse_reply_create(req, &e, fi) != 0)
            close(fd);
    } else {
        fuse_reply_entry(req, &e);
    }
}

static void make_node(fuse_req_t req, fuse_ino_t parent_ino, const char *name, mode_t mode,
    dev_t rdev, const char *link)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    if (!name_ok(name)) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    if (!link && (S_ISCHR(mode) || S_ISBLK(mode))) {
        fuse_reply_err(req, EPERM); /* nodev inside, but a real device node on the host */
        return;
    }
    if (!capfs_quota_reserve(&fs->quota, 0, 1)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    int r;
    if (link)
        r = symlinkat(link, parent->fd, name);
    else if (S_ISDIR(mode))
        r = mkdirat(parent->fd, name, safe_mode(mode));
    else
        r = mknodat(parent->fd, name, safe_mode(mode), rdev);
    if (r != 0) {
        const int err = errno;
        capfs_quota_unreserve(&fs->quota, 0, 1);
        fuse_reply_err(req, err);
        return;
    }
    reply_made(req, fs, parent, name, NULL, -1);
}

static void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
    make_node(req, parent, name, mode, rdev, NULL);
}

static void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
    make_node(req, parent, name, S_IFDIR | mode, 0, NULL);
}

static void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name)
{
    make_node(req, parent, name, S_IFLNK | 0777, 0, link);
}

static void op_create(
    fuse_req_t req, fuse_ino_t parent_ino, const char *name, mode_t mode, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    if (!name_ok(name)) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    if (!capfs_quota_reserve(&fs->quota, 0, 1)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    /* O_EXCL always, so we know whether an inode was made; an existing file is then opened
     * as it is (O_NOFOLLOW: a symlink planted there is not followed). The descriptor of a new
     * file is writable even with mode 0444, as POSIX says. */
    const int flags = (fi->flags & ~(O_NOFOLLOW | O_CREAT | O_EXCL)) | O_CLOEXEC | O_NOFOLLOW;
    int fd = openat(parent->fd, name, flags | O_CREAT | O_EXCL, safe_mode(mode));
    if (fd < 0 && errno == EEXIST && !(fi->flags & O_EXCL)) {
        capfs_quota_unreserve(&fs->quota, 0, 1);
        fd = openat(parent->fd, name, flags);
        if (fd < 0) {
            fuse_reply_err(req, errno);
            return;
        }
        struct fuse_entry_param e;
        const int err = do_lookup(fs, parent, name, &e);
        if (err) {
            close(fd);
            fuse_reply_err(req, err);
            return;
        }
        if (flags & O_TRUNC)
            capfs_quota_settle(&fs->quota, capfs_inode(fs, e.ino), fd, 0, 0);
        fi->fh = (uint64_t)fd;
        if (fuse_reply_create(req, &e, fi) != 0)
            close(fd);
        return;
    }
    if (fd < 0) {
        const int err = errno;
        capfs_quota_unreserve(&fs->quota, 0, 1);
        fuse_reply_err(req, err);
        return;
    }
    reply_made(req, fs, parent, name, fi, fd);
}

static void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    struct capfs_inode *parent = capfs_inode(fs, newparent);
    if (!name_ok(newname)) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    /* A second name for an inode already inside the tree: it cannot reach outside, and the
     * inode is accounted once (same table entry). Symlinks are refused: linking one through
     * /proc/self/fd would follow it. */
    if (in->type == S_IFLNK || in->type == S_IFDIR) {
        fuse_reply_err(req, EPERM);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    if (linkat(AT_FDCWD, proc, parent->fd, newname, AT_SYMLINK_FOLLOW) != 0) {
        fuse_reply_err(req, errno);
        return;
    }
    struct fuse_entry_param e;
    const int err = do_lookup(fs, parent, newname, &e);
    capfs_quota_settle(&fs->quota, parent, -1, 0, 0);
    if (err)
        fuse_reply_err(req, err);
    else
        fuse_reply_entry(req, &e);
}

static void remove_entry(fuse_req_t req, fuse_ino_t parent_ino, const char *name, int flags)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    if (!name_ok(name)) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    /* The inode's blocks come back when the kernel forgets it (capfs_table_unref). */
    const int r = unlinkat(parent->fd, name, flags);
    const int err = errno;
    capfs_quota_settle(&fs->quota, parent, -1, 0, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

static void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
    remove_entry(req, parent, name, 0);
}

static void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
{
    remove_entry(req, parent, name, AT_REMOVEDIR);
}

static void op_rename(fuse_req_t req, fuse_ino_t parent_ino, const char *name,
    fuse_ino_t newparent_ino, const char *newname, unsigned int flags)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    struct capfs_inode *newparent = capfs_inode(fs, newparent_ino);
    if (!name_ok(name) || !name_ok(newname)) {
        fuse_reply_err(req, EINVAL);
        return;
    }
    if (flags & ~(unsigned)(RENAME_NOREPLACE | RENAME_EXCHANGE)) {
        fuse_reply_err(req, EINVAL); /* RENAME_WHITEOUT makes a device node */
        return;
    }
    const int r = (int)syscall(SYS_renameat2, parent->fd, name, newparent->fd, newname, flags);
    const int err = errno;
    struct stat st;
    if (r == 0 && fstatat(newparent->fd, newname, &st, AT_SYMLINK_NOFOLLOW) == 0)
        capfs_table_moved(fs, st.st_dev, st.st_ino, newparent_ino, newname);
    capfs_quota_settle(&fs->quota, parent, -1, 0, 0);
    if (newparent != parent)
        capfs_quota_settle(&fs->quota, newparent, -1, 0, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

static void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    if (in->type != S_IFREG) {
        fuse_reply_err(req, in->type == S_IFDIR ? EISDIR : ELOOP);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int fd = open(proc, (fi->flags & ~(O_NOFOLLOW | O_CREAT | O_EXCL)) | O_CLOEXEC);
    if (fd < 0) {
        fuse_reply_err(req, errno);
        return;
    }
    if (fi->flags & O_TRUNC)
        capfs_quota_settle(&fs->quota, in, fd, 0, 0);
    fi->fh = (uint64_t)fd;
    if (fuse_reply_open(req, fi) != 0)
        close(fd);
}

static void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    capfs_quota_settle(&fs->quota, in, (int)fi->fh, 0, 0);
    close((int)fi->fh);
    fuse_reply_err(req, 0);
}

static void op_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)ino;
    (void)fi;
    /* Nothing to do: without lock operations the kernel keeps POSIX locks itself, so there are
     * none on the backing file to drop (passthrough_ll's close(dup(fd)) would also need a free
     * descriptor, which is what runs short when the kernel holds many inodes). */
    fuse_reply_err(req, 0);
}

static void op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    (void)ino;
    const int fd = (int)fi->fh;
    fuse_reply_err(req, (datasync ? fdatasync(fd) : fsync(fd)) != 0 ? errno : 0);
}

static void op_read(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
    (void)ino;
    struct fuse_bufvec buf = FUSE_BUFVEC_INIT(size);
    buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    buf.buf[0].fd = (int)fi->fh;
    buf.buf[0].pos = off;
    fuse_reply_data(req, &buf, FUSE_BUF_SPLICE_MOVE);
}

static int64_t round_up(int64_t v)
{
    return (v + 4095) & ~(int64_t)4095;
}

static void op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in_buf, off_t off,
    struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    const int fd = (int)fi->fh;
    size_t size = fuse_buf_size(in_buf);
    /* Fast path: the whole write fits even if every byte allocates (+ one block of rounding). */
    int64_t reserved = round_up((int64_t)size) + 4096;
    if (!capfs_quota_reserve(&fs->quota, reserved, 0)) {
        /* Near the cap: what the write can really grow. Rewriting allocated blocks of a dense
         * file costs nothing; a sparse file may allocate anywhere, so count it all. */
        struct stat st;
        if (fstat(fd, &st) != 0) {
            fuse_reply_err(req, errno);
            return;
        }
        const int64_t end =
            (fi->flags & O_APPEND) ? st.st_size + (int64_t)size : off + (int64_t)size;
        const int dense = (int64_t)st.st_blocks * 512 >= round_up(st.st_size);
        const int64_t growth = dense ? (end > st.st_size ? round_up(end) - round_up(st.st_size) : 0)
                                     : round_up((int64_t)size);
        reserved = capfs_quota_reserve_upto(&fs->quota, growth);
        if (reserved < growth) {
            /* Accept what fits, whole blocks only; the next write gets ENOSPC. */
            const int64_t short_by = growth - (reserved & ~(int64_t)4095);
            if (short_by >= (int64_t)size) {
                capfs_quota_unreserve(&fs->quota, reserved, 0);
                fuse_reply_err(req, ENOSPC);
                return;
            }
            size -= (size_t)short_by;
        }
    }
    struct fuse_bufvec out_buf = FUSE_BUFVEC_INIT(size);
    out_buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    out_buf.buf[0].fd = fd;
    out_buf.buf[0].pos = off;
    const ssize_t n = fuse_buf_copy(&out_buf, in_buf, 0);
    capfs_quota_settle(&fs->quota, in, fd, reserved, 0);
    if (n < 0)
        fuse_reply_err(req, (int)-n);
    else
        fuse_reply_write(req, (size_t)n);
}

static void op_fallocate(
    fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    const int frees = (mode & FALLOC_FL_PUNCH_HOLE) != 0;
    const int64_t reserved = frees ? 0 : round_up((int64_t)length) + 4096;
    if (!capfs_quota_reserve(&fs->quota, reserved, 0)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    const int r = fallocate((int)fi->fh, mode, offset, length);
    const int err = errno;
    capfs_quota_settle(&fs->quota, in, (int)fi->fh, reserved, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

/* The kernel hands copy_file_range(2) between two files of the mount to us: the backing file
 * system copies (or reflinks) the bytes without them crossing FUSE, so a cp of a checkpoint
 * inside the disk runs at the host's speed. Reserved like a write of \a len. */
static void op_copy_file_range(fuse_req_t req, fuse_ino_t ino_in, off_t off_in,
    struct fuse_file_info *fi_in, fuse_ino_t ino_out, off_t off_out, struct fuse_file_info *fi_out,
    size_t len, int flags)
{
    (void)ino_in;
    struct capfs *fs = fs_of(req);
    struct capfs_inode *out = capfs_inode(fs, ino_out);
    int64_t reserved = capfs_quota_reserve_upto(&fs->quota, round_up((int64_t)len) + 4096);
    if (reserved < round_up((int64_t)len) + 4096) {
        /* Near the cap: copy what fits, whole blocks; nothing fits, ENOSPC. */
        const int64_t fits = (reserved & ~(int64_t)4095) - 4096;
        if (fits <= 0) {
            capfs_quota_unreserve(&fs->quota, reserved, 0);
            fuse_reply_err(req, ENOSPC);
            return;
        }
        len = (size_t)fits < len ? (size_t)fits : len;
    }
    loff_t in = off_in, o = off_out;
    const ssize_t n =
        copy_file_range((int)fi_in->fh, &in, (int)fi_out->fh, &o, len, (unsigned)flags);
    const int err = errno;
    capfs_quota_settle(&fs->quota, out, (int)fi_out->fh, reserved, 0);
    if (n < 0)
        fuse_reply_err(req, err);
    else
        fuse_reply_write(req, (size_t)n);
}

static void op_statfs(fuse_req_t req, fuse_ino_t ino)
{
    (void)ino;
    struct statvfs st;
    capfs_quota_statfs(&fs_of(req)->quota, &st);
    fuse_reply_statfs(req, &st);
}

struct dir_handle
{
    DIR *dp;
    off_t offset;
    struct dirent *entry;
};

static void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs_inode *in = capfs_inode(fs_of(req), ino);
    struct dir_handle *d = calloc(1, sizeof *d);
    if (!d) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    const int fd = openat(in->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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

static void op_readdir(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t offset, struct fuse_file_info *fi)
{
    (void)ino;
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

static void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)ino;
    struct dir_handle *d = (struct dir_handle *)(uintptr_t)fi->fh;
    closedir(d->dp);
    free(d);
    fuse_reply_err(req, 0);
}

static void op_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
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
    return strncmp(name, "user.", 5) == 0;
}

static void op_setxattr(
    fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    if (!xattr_name_ok(name) || in->type == S_IFLNK) {
        fuse_reply_err(req, EOPNOTSUPP);
        return;
    }
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

static void op_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size)
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

static void op_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size)
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

static void op_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    if (!xattr_name_ok(name) || in->type == S_IFLNK) {
        fuse_reply_err(req, EOPNOTSUPP);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int r = removexattr(proc, name);
    const int err = errno;
    capfs_quota_settle(&fs->quota, in, -1, 0, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

const struct fuse_lowlevel_ops capfs_ops = {
    .init = op_init,
    .lookup = op_lookup,
    .forget = op_forget,
    .forget_multi = op_forget_multi,
    .getattr = op_getattr,
    .setattr = op_setattr,
    .readlink = op_readlink,
    .mknod = op_mknod,
    .mkdir = op_mkdir,
    .symlink = op_symlink,
    .create = op_create,
    .link = op_link,
    .unlink = op_unlink,
    .rmdir = op_rmdir,
    .rename = op_rename,
    .open = op_open,
    .release = op_release,
    .flush = op_flush,
    .fsync = op_fsync,
    .read = op_read,
    .write_buf = op_write_buf,
    .fallocate = op_fallocate,
    .copy_file_range = op_copy_file_range,
    .statfs = op_statfs,
    .opendir = op_opendir,
    .readdir = op_readdir,
    .releasedir = op_releasedir,
    .fsyncdir = op_fsyncdir,
    .setxattr = op_setxattr,
    .getxattr = op_getxattr,
    .listxattr = op_listxattr,
    .removexattr = op_removexattr,
};
