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

/* The host's requests on a tree (cow.c lists them): removing a tree with what it counted,
 * moving one, restoring a directory by one exchange, and counting again afterwards. */
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
        if (!S_ISREG(st->st_mode) || st->st_nlink < 2) {
            pthread_mutex_lock(&fs->quota.lock); /* after table_lock, as recount takes them */
            bytes = in->charged; /* what the total holds for it */
            pthread_mutex_unlock(&fs->quota.lock);
        }
    }
    pthread_mutex_unlock(&fs->table_lock);
    if (counted)
        capfs_quota_give(&fs->quota, bytes);
}

/* Removes the entries of \a dfd, giving back what each counted. */
int capfs_remove_tree(struct capfs *fs, int dfd, int depth)
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
            err = sub < 0 ? errno : capfs_remove_tree(fs, sub, depth + 1);
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
    const int dfd = capfs_open_tree_dir(fs, path, 0);
    if (dfd < 0)
        return errno == ENOENT ? 0 : errno;
    struct stat st;
    int err = fstat(dfd, &st) != 0 ? errno : capfs_remove_tree(fs, dfd, 0);
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
    return capfs_open_tree_dir(fs, dir, make);
}

/* A file of the tree (one name: a checkpoint's variables, written where the sandbox can write)
 * moves under the hidden entry (into that checkpoint) by one rename: it keeps what it counted,
 * where a clone and a removal would count it twice for a moment. */
static int do_move(struct capfs *fs, const char *src, const char *dst)
{
    const size_t hide = fs->hide ? strlen(fs->hide) : 0;
    if (!hide || !capfs_tree_path_ok(src) || !capfs_tree_path_ok(dst)
        || strncmp(dst, fs->hide, hide) != 0 || dst[hide] != '/'
        || strncmp(src, fs->hide, hide) == 0)
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
        const fuse_ino_t node = capfs_node_of(fs, sfd);
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
    if (!fs->hide || !capfs_tree_path_ok(dst) || strchr(dst, '/'))
        return EINVAL;
    char spare[NAME_MAX + 1];
    if (snprintf(spare, sizeof spare, "%s/.swap-%s", fs->hide, dst) >= (int)sizeof spare)
        return ENAMETOOLONG;
    do_remove(fs, spare); /* a restore cut short left it */
    int err = capfs_clone_tree(fs, src, spare);
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
            known =
                capfs_tree_path_ok(dst) && fstatat(fs->root.fd, dst, &st, AT_SYMLINK_NOFOLLOW) == 0;
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
        return capfs_clone_tree(fs, arg, nl + 1);
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
