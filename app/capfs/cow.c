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

static int mark_shared(int dirfd, const char *name)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "/proc/self/fd/%d/%s", dirfd, name) >= (int)sizeof path)
        return ENAMETOOLONG;
    return lsetxattr(path, CAPFS_SHARED_XATTR, "1", 1, 0) == 0 ? 0 : errno;
}

/* The user.* attributes of \a from onto \a to, the marker left out. Best effort. */
static void copy_xattrs(int from, int to)
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
static int copy_contents(int src, int dst, const struct stat *st)
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
    copy_xattrs(src, dst);
    const struct timespec times[2] = {st->st_atim, st->st_mtim};
    futimens(dst, times);
    return 0;
}

/* Opens \a path for reading even when its mode says no (the daemon's own files: a mode the
 * sandbox set must not keep its own data from being copied). */
static int open_readable(int dirfd, const char *name, const struct stat *st)
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
    const int src = open_readable(parent->fd, name, &st);
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
    err = copy_contents(src, dst, &st);
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

/* One clone (hopx.clone). */
struct clone
{
    struct capfs *fs;
    int count; /* DST is in this tree: its new names are counted */
    int own; /* SRC is in this tree: files open for writing are copied */
    dev_t dev; /* SRC's file system: mounts inside are skipped */
    /* A sandbox's own hard links (not shared): the first copy of each, so the others link to
     * it and the group stays one inode in DST. */
    struct group
    {
        dev_t dev;
        ino_t ino;
        int dirfd;
        char *name;
    } * groups;
    size_t ngroups;
    /* Names made or replaced in directories the kernel knows: it may remember them as missing
     * or as something else, so it is told once the clone is done (and the lock released: a
     * create waiting for the lock holds its directory's lock, which the telling takes). */
    struct told
    {
        fuse_ino_t dir;
        char *name; /* NULL: the directory's own attributes */
    } * told;
    size_t ntold;
};

static void tell_later(struct clone *c, fuse_ino_t dir, const char *name)
{
    struct told *t = realloc(c->told, (c->ntold + 1) * sizeof *t);
    if (!t)
        return;
    c->told = t;
    t[c->ntold++] = (struct told) {dir, name ? strdup(name) : NULL};
}

/* The kernel's node for directory \a dfd, or 0 when it never looked it up. */
static fuse_ino_t node_of(struct capfs *fs, int dfd)
{
    struct stat st;
    if (fstat(dfd, &st) != 0)
        return 0;
    pthread_mutex_lock(&fs->table_lock);
    const fuse_ino_t node = (fuse_ino_t)(uintptr_t)capfs_table_find(fs, st.st_dev, st.st_ino);
    pthread_mutex_unlock(&fs->table_lock);
    return node;
}

/* What DST already has under \a name goes, unless both are directories (they merge): a fork's
 * fresh home may hold a cache the parent has too. */
static int drop_existing(struct clone *c, int dfd, const char *name, int *merge)
{
    struct stat st;
    *merge = 0;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return 0;
    if (S_ISDIR(st.st_mode)) {
        *merge = 1;
        return 0;
    }
    const int shared = capfs_shared_at(dfd, name, &st);
    if (unlinkat(dfd, name, 0) != 0)
        return errno;
    if (!c->count)
        return 0;
    if (shared) {
        capfs_cow_name_gone(c->fs, &st);
        return 0;
    }
    pthread_mutex_lock(&c->fs->table_lock);
    const int loaded = capfs_table_find(c->fs, st.st_dev, st.st_ino) != NULL;
    pthread_mutex_unlock(&c->fs->table_lock);
    /* One the kernel holds gives its room back when it forgets it (capfs_table_unref). */
    if (st.st_nlink == 1 && !loaded)
        capfs_quota_give(&c->fs->quota, (int64_t)st.st_blocks * 512);
    return 0;
}

static int has_writers(struct capfs *fs, const struct stat *st)
{
    pthread_mutex_lock(&fs->table_lock);
    const struct capfs_inode *in = capfs_table_find(fs, st->st_dev, st->st_ino);
    const int writers = in ? in->writers : 0;
    pthread_mutex_unlock(&fs->table_lock);
    return writers > 0;
}

static int count_new(struct clone *c, int dirfd, const char *name)
{
    struct stat st;
    if (!c->count)
        return 0;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno;
    if (!capfs_quota_take(&c->fs->quota, (int64_t)st.st_blocks * 512)) {
        unlinkat(dirfd, name, S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0);
        return ENOSPC;
    }
    return 0;
}

static int clone_copy(struct clone *c, int sfd, int dfd, const char *name, const struct stat *st)
{
    const int src = open_readable(sfd, name, st);
    if (src < 0)
        return errno;
    const int dst = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (dst < 0) {
        const int err = errno;
        close(src);
        return err;
    }
    int err = copy_contents(src, dst, st);
    struct stat copied;
    if (!err && c->count
        && (fstat(dst, &copied) != 0
            || !capfs_quota_take(&c->fs->quota, (int64_t)copied.st_blocks * 512)))
        err = ENOSPC;
    close(src);
    close(dst);
    if (err)
        unlinkat(dfd, name, 0);
    return err;
}

static int clone_file(struct clone *c, int sfd, int dfd, const char *name, const struct stat *st)
{
    if (st->st_nlink > 1 && !capfs_shared_at(sfd, name, st)) {
        for (size_t i = 0; i < c->ngroups; i++)
            if (c->groups[i].dev == st->st_dev && c->groups[i].ino == st->st_ino) {
                if (linkat(c->groups[i].dirfd, c->groups[i].name, dfd, name, 0) != 0)
                    return errno;
                return 0; /* one inode: counted once, as the walk does */
            }
        const int err = clone_copy(c, sfd, dfd, name, st);
        struct group *g = realloc(c->groups, (c->ngroups + 1) * sizeof *g);
        if (!err && g) {
            c->groups = g;
            g[c->ngroups++] = (struct group) {st->st_dev, st->st_ino, dup(dfd), strdup(name)};
        } else if (g) {
            c->groups = g;
        }
        return err;
    }
    if (c->own && has_writers(c->fs, st))
        return clone_copy(c, sfd, dfd, name, st);
    /* Marked before its second name exists: no moment where it is shared but unmarked. */
    if (mark_shared(sfd, name) != 0 || linkat(sfd, name, dfd, name, 0) != 0)
        return clone_copy(c, sfd, dfd, name, st); /* no user attributes, another disk */
    return count_new(c, dfd, name);
}

static int clone_dir(struct clone *c, int sfd, int dfd, fuse_ino_t dnode, int depth);
static int remove_dir(struct capfs *fs, int dfd, int depth);

static int clone_entry(
    struct clone *c, int sfd, int dfd, fuse_ino_t dnode, const char *name, int depth)
{
    struct stat st;
    if (fstatat(sfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : errno;
    if (st.st_dev != c->dev)
        return 0;
    int merge = 0;
    if (dnode) {
        const int err = drop_existing(c, dfd, name, &merge);
        if (err)
            return err;
        if (!(merge && S_ISDIR(st.st_mode)))
            tell_later(c, dnode, name);
        if (merge && !S_ISDIR(st.st_mode)) {
            /* A directory where the source has a file: the source's wins, as cp's would not
             * (a fork's home is the parent's, not what its own start made). */
            const int sub = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            const int err = sub < 0 ? errno : remove_dir(c->fs, sub, depth + 1);
            if (sub >= 0)
                close(sub);
            if (err || unlinkat(dfd, name, AT_REMOVEDIR) != 0)
                return err ? err : errno;
            merge = 0;
        }
    }
    if (S_ISREG(st.st_mode))
        return clone_file(c, sfd, dfd, name, &st);
    if (S_ISLNK(st.st_mode)) {
        char target[PATH_MAX + 1];
        const ssize_t n = readlinkat(sfd, name, target, sizeof target - 1);
        if (n < 0)
            return errno;
        target[n] = 0;
        if (symlinkat(target, dfd, name) != 0)
            return errno;
        fchownat(dfd, name, st.st_uid, st.st_gid, AT_SYMLINK_NOFOLLOW);
        const struct timespec times[2] = {st.st_atim, st.st_mtim};
        utimensat(dfd, name, times, AT_SYMLINK_NOFOLLOW);
        return count_new(c, dfd, name);
    }
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
        if (mknodat(dfd, name, st.st_mode & (S_IFMT | 0777), 0) != 0)
            return errno;
        return count_new(c, dfd, name);
    }
    if (!S_ISDIR(st.st_mode))
        return 0; /* device nodes: capfs never makes them */
    int err = 0;
    if (!merge) {
        if (mkdirat(dfd, name, 0700) != 0)
            return errno;
        err = count_new(c, dfd, name);
        if (err)
            return err;
    }
    const int lent = st.st_uid == geteuid() && (st.st_mode & 0500) != 0500
        && fchmodat(sfd, name, (st.st_mode & 07777) | 0500, 0) == 0;
    const int sub = openat(sfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int dsub = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (lent)
        fchmodat(sfd, name, st.st_mode & 07777, 0);
    if (sub < 0 || dsub < 0)
        err = errno;
    else
        err = clone_dir(c, sub, dsub, merge ? node_of(c->fs, dsub) : 0, depth + 1);
    if (!err) {
        if (fchown(dsub, st.st_uid, st.st_gid) != 0 && errno != EPERM)
            err = errno;
        copy_xattrs(sub, dsub);
        fchmod(dsub, safe_mode(st.st_mode & 07777));
        const struct timespec times[2] = {st.st_atim, st.st_mtim};
        futimens(dsub, times);
    }
    if (sub >= 0)
        close(sub);
    if (dsub >= 0)
        close(dsub);
    return err;
}

static int clone_dir(struct clone *c, int sfd, int dfd, fuse_ino_t dnode, int depth)
{
    if (depth > 4096)
        return ELOOP;
    if (dnode)
        tell_later(c, dnode, NULL);
    const int walk = dup(sfd);
    DIR *d = walk < 0 ? NULL : fdopendir(walk);
    if (!d) {
        if (walk >= 0)
            close(walk);
        return errno;
    }
    int err = 0;
    struct dirent *e;
    while (!err && (errno = 0, e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            err = clone_entry(c, sfd, dfd, dnode, e->d_name, depth);
    if (!err && errno)
        err = errno;
    closedir(d);
    return err;
}

/* A path of this tree, relative to its root, with no ".." and no empty name. */
static int tree_path_ok(const char *path)
{
    if (!path[0] || path[0] == '/')
        return 0;
    for (const char *p = path; *p;) {
        const char *end = strchr(p, '/');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0 || (len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.'))
            return 0;
        p += len + (end ? 1 : 0);
    }
    return 1;
}

static int open_dir(struct capfs *fs, const char *path, int make)
{
    if (path[0] == '/')
        return open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (!tree_path_ok(path)) {
        errno = EINVAL;
        return -1;
    }
    /* Each missing directory on the way is made (and counted); none is followed. The root's
     * O_PATH descriptor serves the *at calls as any directory's would. */
    const int root = fs->root.fd;
    int fd = root;
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    for (char *save = NULL, *part = strtok_r(copy, "/", &save); part && fd >= 0;
         part = strtok_r(NULL, "/", &save)) {
        int next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0 && errno == ENOENT && make && mkdirat(fd, part, 0700) == 0) {
            next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (next >= 0 && !capfs_quota_take(&fs->quota, 4096)) {
                close(next);
                unlinkat(fd, part, AT_REMOVEDIR);
                next = -1;
                errno = ENOSPC;
            }
        }
        const int err = errno;
        if (fd != root)
            close(fd);
        errno = err;
        fd = next;
    }
    return fd;
}

static int do_clone(struct capfs *fs, const char *src, const char *dst)
{
    if (dst[0] == '/' && src[0] == '/')
        return EINVAL; /* nothing of this tree: not this daemon's business */
    struct clone c = {fs, dst[0] != '/', src[0] != '/', 0, NULL, 0, NULL, 0};
    const int sfd = open_dir(fs, src, 0);
    if (sfd < 0)
        return errno;
    const int dfd = open_dir(fs, dst, 1);
    struct stat st;
    int err = 0;
    if (dfd < 0 || fstat(sfd, &st) != 0) {
        err = errno;
    } else {
        c.dev = st.st_dev;
        pthread_rwlock_wrlock(&fs->clone_lock);
        err = clone_dir(&c, sfd, dfd, c.count ? node_of(fs, dfd) : 0, 0);
        pthread_rwlock_unlock(&fs->clone_lock);
    }
    for (size_t i = 0; i < c.ntold; i++) {
        if (c.told[i].name)
            fuse_lowlevel_notify_inval_entry(
                fs->se, c.told[i].dir, c.told[i].name, strlen(c.told[i].name));
        else
            fuse_lowlevel_notify_inval_inode(fs->se, c.told[i].dir, 0, 0);
        free(c.told[i].name);
    }
    free(c.told);
    for (size_t i = 0; i < c.ngroups; i++) {
        close(c.groups[i].dirfd);
        free(c.groups[i].name);
    }
    free(c.groups);
    close(sfd);
    if (dfd >= 0)
        close(dfd);
    return err;
}

/* A name of this tree went behind the kernel's back (stat \a st before): what it counted
 * comes back now, and a node the kernel still holds will not give it back again when the
 * kernel forgets it (capfs_table_unref). */
static void give_back_name(struct capfs *fs, const struct stat *st, int counted, int shared)
{
    int64_t bytes = (int64_t)st->st_blocks * 512;
    if (shared) {
        /* Counted per name: a node the kernel holds stands for another name of it. */
        capfs_quota_give(&fs->quota, bytes);
        return;
    }
    pthread_mutex_lock(&fs->table_lock);
    struct capfs_inode *in = capfs_table_find(fs, st->st_dev, st->st_ino);
    if (in && counted && !in->released) {
        in->released = 1;
        if (!S_ISREG(st->st_mode) || st->st_nlink < 2)
            bytes = in->charged; /* what the total holds for it */
    }
    pthread_mutex_unlock(&fs->table_lock);
    if (counted)
        capfs_quota_give(&fs->quota, bytes);
}

/* Removes the entries of \a dfd, giving back what each counted. */
static int remove_dir(struct capfs *fs, int dfd, int depth)
{
    if (depth > 4096)
        return ELOOP;
    const int walk = dup(dfd);
    DIR *d = walk < 0 ? NULL : fdopendir(walk);
    if (!d)
        return errno;
    int err = 0;
    struct dirent *e;
    while (!err && (errno = 0, e = readdir(d))) {
        const char *name = e->d_name;
        struct stat st;
        if (!strcmp(name, ".") || !strcmp(name, "..")
            || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            fchmodat(dfd, name, (st.st_mode & 07777) | 0700, 0);
            const int sub = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            err = sub < 0 ? errno : remove_dir(fs, sub, depth + 1);
            if (sub >= 0)
                close(sub);
            if (!err && unlinkat(dfd, name, AT_REMOVEDIR) != 0)
                err = errno;
            if (!err)
                give_back_name(fs, &st, 1, 0);
            continue;
        }
        /* A shared file counted per name; any other when its last link goes. */
        const int shared = capfs_shared_at(dfd, name, &st);
        if (unlinkat(dfd, name, 0) != 0)
            err = errno;
        else
            give_back_name(fs, &st, st.st_nlink < 2 || shared, shared);
    }
    if (!err && errno)
        err = errno;
    closedir(d);
    return err;
}

static int do_remove(struct capfs *fs, const char *path)
{
    if (!fs->hide || strncmp(path, fs->hide, strlen(fs->hide)) != 0
        || (path[strlen(fs->hide)] != '/' && path[strlen(fs->hide)] != 0))
        return EPERM; /* only what the mount does not show: the rest goes through the mount */
    const int dfd = open_dir(fs, path, 0);
    if (dfd < 0)
        return errno == ENOENT ? 0 : errno;
    struct stat st;
    int err = fstat(dfd, &st) != 0 ? errno : remove_dir(fs, dfd, 0);
    close(dfd);
    if (!err && strcmp(path, fs->hide) != 0) {
        if (unlinkat(fs->root.fd, path, AT_REMOVEDIR) == 0)
            give_back_name(fs, &st, 1, 0);
        else
            err = errno;
    }
    return err;
}

/* \a path's directory, opened (made when \a make), and its last name in \a name. */
static int open_parent(struct capfs *fs, const char *path, char name[NAME_MAX + 1], int make)
{
    const char *slash = strrchr(path, '/');
    const char *last = slash ? slash + 1 : path;
    if (strlen(last) > NAME_MAX || (slash && (size_t)(slash - path) >= PATH_MAX)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    snprintf(name, NAME_MAX + 1, "%s", last);
    if (!slash)
        return dup(fs->root.fd);
    char dir[PATH_MAX];
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = 0;
    return open_dir(fs, dir, make);
}

/* A file of the tree (one name: a checkpoint's variables, written where the sandbox can write)
 * moves under the hidden entry (into that checkpoint) by one rename: it keeps what it counted,
 * where a clone and a removal would count it twice for a moment. */
static int do_move(struct capfs *fs, const char *src, const char *dst)
{
    const size_t hide = fs->hide ? strlen(fs->hide) : 0;
    if (!hide || !tree_path_ok(src) || !tree_path_ok(dst) || strncmp(dst, fs->hide, hide) != 0
        || dst[hide] != '/' || strncmp(src, fs->hide, hide) == 0)
        return EINVAL;
    char sname[NAME_MAX + 1], dname[NAME_MAX + 1];
    const int sfd = open_parent(fs, src, sname, 0);
    if (sfd < 0)
        return errno;
    struct stat st;
    int err = 0;
    if (fstatat(sfd, sname, &st, AT_SYMLINK_NOFOLLOW) != 0)
        err = errno;
    else if (!S_ISREG(st.st_mode) || st.st_nlink != 1)
        err = EINVAL;
    const int dfd = err ? -1 : open_parent(fs, dst, dname, 1);
    if (!err && dfd < 0)
        err = errno;
    if (!err) {
        pthread_rwlock_wrlock(&fs->clone_lock);
        if (syscall(SYS_renameat2, sfd, sname, dfd, dname, RENAME_NOREPLACE) != 0)
            err = errno;
        pthread_rwlock_unlock(&fs->clone_lock);
    }
    if (!err) {
        const fuse_ino_t node = node_of(fs, sfd);
        if (node)
            fuse_lowlevel_notify_inval_entry(fs->se, node, sname, strlen(sname));
    }
    close(sfd);
    if (dfd >= 0)
        close(dfd);
    return err;
}

static int control(struct capfs *fs, const char *name, const char *value, size_t size);

/* Tells the kernel that every name of directory \a dfd may have changed under \a node. */
static void forget_names(struct capfs *fs, fuse_ino_t node, int dfd)
{
    const int walk = dup(dfd);
    DIR *d = walk < 0 ? NULL : fdopendir(walk);
    if (!d) {
        if (walk >= 0)
            close(walk);
        return;
    }
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            fuse_lowlevel_notify_inval_entry(fs->se, node, e->d_name, strlen(e->d_name));
    closedir(d);
}

/* DST (a directory of this tree, bound into the sandbox) becomes a clone of SRC in one step:
 * the clone is made beside it, under the hidden entry, and the two are exchanged by one
 * rename, so a crash leaves either the old files or the restored ones, never a mix, and no
 * marker has to be made durable first. The kernel's node for DST (what the sandbox's bind
 * mount holds) then stands for the new directory. The old files go, with what they counted. */
static int do_restore(struct capfs *fs, const char *src, const char *dst)
{
    if (!fs->hide || !tree_path_ok(dst) || strchr(dst, '/'))
        return EINVAL;
    char spare[NAME_MAX + 1];
    if (snprintf(spare, sizeof spare, "%s/.swap-%s", fs->hide, dst) >= (int)sizeof spare)
        return ENAMETOOLONG;
    do_remove(fs, spare); /* a restore cut short left it */
    int err = do_clone(fs, src, spare);
    const int root = fs->root.fd;
    struct stat old;
    if (!err && fstatat(root, dst, &old, AT_SYMLINK_NOFOLLOW) != 0)
        err = errno;
    if (!err && !S_ISDIR(old.st_mode))
        err = ENOTDIR;
    if (!err) {
        /* The directory keeps what the sandbox sees of it: its owner and mode. */
        fchownat(root, spare, old.st_uid, old.st_gid, AT_SYMLINK_NOFOLLOW);
        fchmodat(root, spare, old.st_mode & 07777, 0);
        pthread_rwlock_wrlock(&fs->clone_lock);
        if (syscall(SYS_renameat2, root, spare, root, dst, RENAME_EXCHANGE) != 0)
            err = errno;
        fuse_ino_t node = 0;
        if (!err) {
            pthread_mutex_lock(&fs->table_lock);
            struct capfs_inode *in = capfs_table_find(fs, old.st_dev, old.st_ino);
            pthread_mutex_unlock(&fs->table_lock);
            struct stat now;
            const int fd = openat(root, dst, O_PATH | O_NOFOLLOW | O_CLOEXEC);
            if (in && fd >= 0 && fstat(fd, &now) == 0) {
                capfs_table_rekey(fs, in, fd, &now);
                node = (fuse_ino_t)(uintptr_t)in;
            } else if (fd >= 0) {
                close(fd);
            }
        }
        pthread_rwlock_unlock(&fs->clone_lock);
        if (node) {
            fuse_lowlevel_notify_inval_inode(fs->se, node, 0, 0);
            const char *sides[] = {dst, spare};
            for (int k = 0; k < 2; k++) {
                const char *side = sides[k];
                const int dfd = openat(root, side, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (dfd >= 0) {
                    forget_names(fs, node, dfd);
                    close(dfd);
                }
            }
        }
    }
    do_remove(fs, spare); /* the old files now, or a clone that failed */
    return err;
}

/* The total counted again from the tree, after a request changed it behind the kernel's
 * back: what the walk at start-up would find. Every node the kernel holds is charged what its
 * inode holds now; one with no link left is in no total (its forget gives nothing back). */
static void recount(struct capfs *fs)
{
    if (capfs_quota_scan(&fs->quota, fs->root.fd) != 0)
        return;
    pthread_mutex_lock(&fs->table_lock);
    pthread_mutex_lock(&fs->quota.lock);
    for (size_t b = 0; b < fs->nbuckets; b++)
        for (struct capfs_inode *in = fs->buckets[b]; in; in = in->next) {
            struct stat st;
            if (stat_inode(in, &st) != 0)
                continue;
            in->charged = (int64_t)st.st_blocks * 512;
            in->released = st.st_nlink == 0;
        }
    pthread_mutex_unlock(&fs->quota.lock);
    pthread_mutex_unlock(&fs->table_lock);
}

int capfs_control(struct capfs *fs, const char *name, const char *value, size_t size)
{
    /* A clone into a new directory (a checkpoint) or a host one (a fork's source) and a
     * removal count exactly as they go; a clone into or over directories the kernel knows (a
     * fork's child, a restore) may replace names it holds: those count again. */
    int known = 0;
    const char *nl = size ? memchr(value, '\n', size) : NULL;
    if (!strcmp(name, "hopx.restore")) {
        known = 1;
    } else if (!strcmp(name, "hopx.clone") && nl && nl + 1 < value + size && nl[1] != '/') {
        char dst[PATH_MAX];
        const size_t len = (size_t)(value + size - (nl + 1));
        struct stat st;
        if (len < sizeof dst) {
            memcpy(dst, nl + 1, len);
            dst[len] = 0;
            known = tree_path_ok(dst) && fstatat(fs->root.fd, dst, &st, AT_SYMLINK_NOFOLLOW) == 0;
        }
    }
    const int err = control(fs, name, value, size);
    if (known)
        recount(fs);
    return err;
}

static int control(struct capfs *fs, const char *name, const char *value, size_t size)
{
    char arg[2 * PATH_MAX + 2];
    if (size == 0 || size >= sizeof arg || memchr(value, 0, size))
        return EINVAL;
    memcpy(arg, value, size);
    arg[size] = 0;
    if (!strcmp(name, "hopx.clone")) {
        char *nl = strchr(arg, '\n');
        if (!nl)
            return EINVAL;
        *nl = 0;
        return do_clone(fs, arg, nl + 1);
    }
    if (!strcmp(name, "hopx.restore")) {
        char *nl = strchr(arg, '\n');
        if (!nl)
            return EINVAL;
        *nl = 0;
        return do_restore(fs, arg, nl + 1);
    }
    if (!strcmp(name, "hopx.remove"))
        return do_remove(fs, arg);
    if (!strcmp(name, "hopx.move")) {
        char *nl = strchr(arg, '\n');
        if (!nl)
            return EINVAL;
        *nl = 0;
        return do_move(fs, arg, nl + 1);
    }
    return EOPNOTSUPP;
}
