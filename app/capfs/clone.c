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

/* Cloning a tree into another (hopx.clone, and the first step of hopx.restore): cow.c says
 * why files are shared by hard links; this is the walk that links or copies each entry. */

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
fuse_ino_t capfs_node_of(struct capfs *fs, int dfd)
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
    const int writers = in ? __atomic_load_n(&in->writers, __ATOMIC_SEQ_CST) : 0;
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
    const int src = capfs_open_readable(sfd, name, st);
    if (src < 0)
        return errno;
    const int dst = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (dst < 0) {
        const int err = errno;
        close(src);
        return err;
    }
    int err = capfs_copy_contents(src, dst, st);
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
    if (capfs_mark_shared(sfd, name) != 0 || linkat(sfd, name, dfd, name, 0) != 0)
        return clone_copy(c, sfd, dfd, name, st); /* no user attributes, another disk */
    return count_new(c, dfd, name);
}

static int clone_dir(struct clone *c, int sfd, int dfd, fuse_ino_t dnode, int depth);

static int clone_entry_now(
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
            const int err = sub < 0 ? errno : capfs_remove_tree(c->fs, sub, depth + 1);
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
        err = clone_dir(c, sub, dsub, merge ? capfs_node_of(c->fs, dsub) : 0, depth + 1);
    if (!err) {
        if (fchown(dsub, st.st_uid, st.st_gid) != 0 && errno != EPERM)
            err = errno;
        capfs_copy_xattrs(sub, dsub);
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

/* The sandbox goes on running while its tree is cloned: a name it removes between the
 * directory's listing and the clone of that name is left out of the copy, as if removed just
 * before. Any other error, or ENOENT while the name is still there, fails the clone. */
static int clone_entry(
    struct clone *c, int sfd, int dfd, fuse_ino_t dnode, const char *name, int depth)
{
    const int err = clone_entry_now(c, sfd, dfd, dnode, name, depth);
    struct stat st;
    if (err == ENOENT && fstatat(sfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
        return 0;
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
int capfs_tree_path_ok(const char *path)
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

int capfs_open_tree_dir(struct capfs *fs, const char *path, int make)
{
    if (path[0] == '/')
        return open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (!capfs_tree_path_ok(path)) {
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

int capfs_clone_tree(struct capfs *fs, const char *src, const char *dst)
{
    if (dst[0] == '/' && src[0] == '/')
        return EINVAL; /* nothing of this tree: not this daemon's business */
    struct clone c = {fs, dst[0] != '/', src[0] != '/', 0, NULL, 0, NULL, 0};
    const int sfd = capfs_open_tree_dir(fs, src, 0);
    if (sfd < 0)
        return errno;
    const int dfd = capfs_open_tree_dir(fs, dst, 1);
    struct stat st;
    int err = 0;
    if (dfd < 0 || fstat(sfd, &st) != 0) {
        err = errno;
    } else {
        c.dev = st.st_dev;
        pthread_rwlock_wrlock(&fs->clone_lock);
        err = clone_dir(&c, sfd, dfd, c.count ? capfs_node_of(fs, dfd) : 0, 0);
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
