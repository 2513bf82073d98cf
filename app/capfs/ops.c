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
     * write, and everything returned is already in the backing directory. With it (tried on
     * kernel 6.18) the kernel takes writes into its cache without asking us: a dd of 100 MiB
     * into a 64 MiB cap left a file that said 100 MiB, the error came only at close, and
     * tests/capfs/run.sh failed 4 checks (the size at the cap, the next write, the parallel
     * writers, an unlinked open file). */
    conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
    /* Plain readdir: readdirplus would take a lookup reference per entry. */
    conn->want &= ~(FUSE_CAP_READDIRPLUS | FUSE_CAP_READDIRPLUS_AUTO);
    /* No splice: the kernel copies a request's data into the pipe and out of it all the
     * same, so the pipe only adds work per request; plain read(2) and pwrite(2) were faster
     * for 4 KiB and 1 MiB writes alike (docs/performance.md, scripts/bench/capfs.sh). */
    conn->want &= ~(FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE);
    /* 1 MiB per request: libfuse asks for max_pages = 256 from this. */
    conn->max_write = 1 << 20;
    conn->max_readahead = 1 << 20;
    /* Every change to the backing tree comes through this mount (the app, too, works through
     * the mount point), so the kernel's caches are never stale: a changed mtime need not drop
     * a file's cached pages (our own writes change it), see capfs_op_open's keep_cache. */
    conn->want &= ~FUSE_CAP_AUTO_INVAL_DATA;
}

static void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
    struct capfs *fs = fs_of(req);
    const int bad = name_error(name);
    if (bad) {
        fuse_reply_err(req, bad == EINVAL && name[0] == '.' ? EPERM : bad);
        return;
    }
    struct fuse_entry_param e;
    const int err =
        hidden(fs, parent, name) ? ENOENT : do_lookup(fs, capfs_inode(fs, parent), name, &e);
    if (err == ENOENT) {
        memset(&e, 0, sizeof e);
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

static void do_setattr(
    fuse_req_t req, fuse_ino_t ino, struct stat *attr, int valid, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int link = in->type == S_IFLNK;
    /* The handle only for a truncate (which needs a writable one, never on a shared file): a
     * read-only handle may still be on the shared inode a copy-up just left. */
    int fd = fi && (valid & FUSE_SET_ATTR_SIZE) ? (int)fi->fh : -1;
    if (valid & FUSE_SET_ATTR_MODE) {
        if (link)
            goto unsupported;
        const mode_t mode = safe_mode(attr->st_mode);
        if (fchmodat(AT_FDCWD, proc, mode, 0) != 0)
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
        if (link)
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

static void op_setattr(
    fuse_req_t req, fuse_ino_t ino, struct stat *attr, int valid, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    const int err = begin_change(fs, capfs_inode(fs, ino));
    if (err) {
        fuse_reply_err(req, err);
        return;
    }
    do_setattr(req, ino, attr, valid, fi);
    end_change(fs);
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
        fi->keep_cache = 1;
        if (may_write(fi->flags))
            __atomic_add_fetch(&capfs_inode(fs, e.ino)->writers, 1, __ATOMIC_SEQ_CST);
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
    const int bad = hidden(fs, parent_ino, name) ? EPERM : name_error(name);
    if (bad) {
        fuse_reply_err(req, bad);
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

static void do_create(fuse_req_t req, struct capfs *fs, struct capfs_inode *parent,
    const char *name, mode_t mode, struct fuse_file_info *fi);

static void op_create(
    fuse_req_t req, fuse_ino_t parent_ino, const char *name, mode_t mode, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *parent = capfs_inode(fs, parent_ino);
    const int bad = hidden(fs, parent_ino, name) ? EPERM : name_error(name);
    if (bad) {
        fuse_reply_err(req, bad);
        return;
    }
    pthread_rwlock_rdlock(&fs->clone_lock);
    do_create(req, fs, parent, name, mode, fi);
    pthread_rwlock_unlock(&fs->clone_lock);
}

/* Under the clone lock's read side: an existing shared file is copied up before it is opened,
 * and every handle counts as a writer (capfs_op_release gives it back). */
static void do_create(fuse_req_t req, struct capfs *fs, struct capfs_inode *parent,
    const char *name, mode_t mode, struct fuse_file_info *fi)
{
    if (!capfs_quota_reserve(&fs->quota, 0, 1)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    /* O_EXCL always, so we know whether an inode was made; an existing file is then opened
     * as it is (O_NOFOLLOW: a symlink planted there is not followed). The descriptor of a new
     * file is writable even with mode 0444, as POSIX says. */
    const int flags = capfs_open_flags(fi->flags) | O_NOFOLLOW;
    int fd = openat(parent->fd, name, flags | O_CREAT | O_EXCL, safe_mode(mode));
    if (fd < 0 && errno == EEXIST && !(fi->flags & O_EXCL)) {
        capfs_quota_unreserve(&fs->quota, 0, 1);
        struct fuse_entry_param e;
        int err = do_lookup(fs, parent, name, &e);
        if (!err && may_write(fi->flags))
            err = capfs_cow_break(fs, capfs_inode(fs, e.ino));
        if (err) {
            if (e.ino) /* the reference the lookup took, which the kernel will not get */
                capfs_table_unref(fs, capfs_inode(fs, e.ino), 1);
            fuse_reply_err(req, err);
            return;
        }
        fd = openat(parent->fd, name, flags);
        if (fd < 0) {
            fuse_reply_err(req, errno);
            return;
        }
        if (flags & O_TRUNC)
            capfs_quota_settle(&fs->quota, capfs_inode(fs, e.ino), fd, 0, 0);
        fi->fh = (uint64_t)fd;
        fi->keep_cache = 1;
        if (may_write(fi->flags))
            __atomic_add_fetch(&capfs_inode(fs, e.ino)->writers, 1, __ATOMIC_SEQ_CST);
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
    const int bad = hidden(fs, newparent, newname) ? EPERM : name_error(newname);
    if (bad) {
        fuse_reply_err(req, bad);
        return;
    }
    /* A second name for an inode already inside the tree: it cannot reach outside, and the
     * inode is accounted once (same table entry). Symlinks are refused: linking one through
     * /proc/self/fd would follow it. */
    if (in->type == S_IFLNK || in->type == S_IFDIR) {
        fuse_reply_err(req, EPERM);
        return;
    }
    /* A second name here makes the file the sandbox's own first: one inode, one content. */
    const int cow = begin_change(fs, in);
    if (cow) {
        fuse_reply_err(req, cow);
        return;
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int linked = linkat(AT_FDCWD, proc, parent->fd, newname, AT_SYMLINK_FOLLOW);
    const int link_err = errno;
    end_change(fs);
    if (linked != 0) {
        fuse_reply_err(req, link_err);
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
    const int bad = hidden(fs, parent_ino, name) ? EPERM : name_error(name);
    if (bad) {
        fuse_reply_err(req, bad);
        return;
    }
    /* The inode's blocks come back when the kernel forgets it (capfs_table_unref); a shared
     * file's name, now (cow.c). */
    struct stat st;
    const int shared = !flags && fstatat(parent->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
        && capfs_shared_at(parent->fd, name, &st);
    const int r = unlinkat(parent->fd, name, flags);
    const int err = errno;
    if (r == 0 && shared)
        capfs_cow_name_gone(fs, &st);
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
    const int bad = hidden(fs, parent_ino, name) || hidden(fs, newparent_ino, newname) ? EPERM
        : name_error(name) ? name_error(name)
                           : name_error(newname);
    if (bad) {
        fuse_reply_err(req, bad);
        return;
    }
    if (flags & ~(unsigned)(RENAME_NOREPLACE | RENAME_EXCHANGE)) {
        fuse_reply_err(req, EINVAL); /* RENAME_WHITEOUT makes a device node */
        return;
    }
    struct stat replaced, moving;
    const int shared = !(flags & RENAME_EXCHANGE)
        && fstatat(newparent->fd, newname, &replaced, AT_SYMLINK_NOFOLLOW) == 0
        && capfs_shared_at(newparent->fd, newname, &replaced)
        && !(fstatat(parent->fd, name, &moving, AT_SYMLINK_NOFOLLOW) == 0
            && moving.st_ino == replaced.st_ino); /* a rename onto itself removes nothing */
    const int r = (int)syscall(SYS_renameat2, parent->fd, name, newparent->fd, newname, flags);
    const int err = errno;
    if (r == 0 && shared)
        capfs_cow_name_gone(fs, &replaced);
    struct stat st;
    if (r == 0 && fstatat(newparent->fd, newname, &st, AT_SYMLINK_NOFOLLOW) == 0)
        capfs_table_moved(fs, st.st_dev, st.st_ino, newparent_ino, newname);
    capfs_quota_settle(&fs->quota, parent, -1, 0, 0);
    if (newparent != parent)
        capfs_quota_settle(&fs->quota, newparent, -1, 0, 0);
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
    .open = capfs_op_open,
    .release = capfs_op_release,
    /* No flush: the kernel keeps POSIX locks itself (no lock operations) and writes are
     * written through, so a close has nothing to wait for. libfuse answers ENOSYS once and the
     * kernel stops asking, which saves a round trip per close(2). */
    .fsync = capfs_offload_fsync,
    .read = capfs_op_read,
    .write_buf = capfs_op_write_buf,
    .fallocate = capfs_offload_fallocate,
    .copy_file_range = capfs_offload_copy_file_range,
    .lseek = capfs_op_lseek,
    .statfs = capfs_op_statfs,
    .opendir = capfs_op_opendir,
    .readdir = capfs_op_readdir,
    .releasedir = capfs_op_releasedir,
    .fsyncdir = capfs_offload_fsyncdir,
    .setxattr = capfs_offload_setxattr,
    .getxattr = capfs_op_getxattr,
    .listxattr = capfs_op_listxattr,
    .removexattr = capfs_op_removexattr,
};
