// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* What the tree uses: every inode's allocated blocks (st_blocks*512, what the host's disk
 * really holds, so sparse files cost what they hold) plus CAPFS_INODE_CHARGE, each inode once
 * however many links it has. Operations that may grow the tree reserve first under one lock,
 * so concurrent writers cannot together pass the cap; afterwards the reservation is replaced by
 * what fstat says the inode now holds. The file system may allocate a block or an extent block
 * more than was reserved, so the total can end up to a few KiB past the cap; the next write then
 * fails. */

int capfs_quota_init(struct capfs_quota *q, int64_t cap, uint64_t max_inodes)
{
    memset(q, 0, sizeof *q);
    pthread_mutex_init(&q->lock, NULL);
    q->cap = cap;
    q->max_inodes = max_inodes;
    return 0;
}

/* Hard links seen in the walk (st_nlink > 1), so each is counted once. Few in practice. */
struct seen
{
    dev_t dev;
    ino_t ino;
};

struct walk
{
    int64_t bytes;
    uint64_t inodes;
    struct seen *seen;
    size_t nseen, capseen;
};

static int seen_before(struct walk *w, const struct stat *st)
{
    for (size_t i = 0; i < w->nseen; i++)
        if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
            return 1;
    if (w->nseen == w->capseen) {
        const size_t n = w->capseen ? w->capseen * 2 : 64;
        struct seen *s = realloc(w->seen, n * sizeof *s);
        if (!s)
            return 0; /* counted twice: more used, never less */
        w->seen = s;
        w->capseen = n;
    }
    w->seen[w->nseen++] = (struct seen) {st->st_dev, st->st_ino};
    return 0;
}

static void count(struct walk *w, int dirfd, const char *name, const struct stat *st)
{
    /* Hard links count once; a shared file's names count each (cow.c). */
    if (!S_ISDIR(st->st_mode) && st->st_nlink > 1
        && !(dirfd >= 0 && capfs_shared_at(dirfd, name, st)) && seen_before(w, st))
        return;
    w->bytes += (int64_t)st->st_blocks * 512 + CAPFS_INODE_CHARGE;
    w->inodes++;
}

static int walk_dir(struct walk *w, int dirfd, dev_t dev, int depth);

/* Reading a directory needs read and search permission, and the daemon of a user who is not
 * root has no override: a directory the sandbox made mode 0 or 0600 would stop the walk, and the
 * disk could never be mounted again ("cannot measure"). Its owner (the daemon's user: the whole
 * tree is) lends it u+rx for the walk and puts the mode back. The walk runs before the mount,
 * so nothing in the sandbox can swap the directory in between. \a dirfd / \a name is the
 * directory (AT_FDCWD and a /proc/self/fd path for the root). */
static int lend_access(int dirfd, const char *name, const struct stat *st)
{
    const mode_t need = S_IRUSR | S_IXUSR;
    if ((st->st_mode & need) == need || st->st_uid != geteuid() || geteuid() == 0)
        return 0;
    return fchmodat(dirfd, name, (st->st_mode & 07777) | need, 0) == 0;
}

static void give_back(int dirfd, const char *name, const struct stat *st, int lent)
{
    if (lent)
        fchmodat(dirfd, name, st->st_mode & 07777, 0);
}

static int walk_subdir(
    struct walk *w, int dirfd, const char *name, const struct stat *st, int depth)
{
    const int lent = lend_access(dirfd, name, st);
    const int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int err = sub < 0 ? -errno : walk_dir(w, sub, st->st_dev, depth + 1);
    give_back(dirfd, name, st, lent);
    return err;
}

/* Descriptor-relative and without following anything, like the daemon itself: the tree may
 * hold what hostile code left in it. Stays on the backing directory's file system. */
static int walk_dir(struct walk *w, int dirfd, dev_t dev, int depth)
{
    if (depth > 4096)
        return -ELOOP;
    DIR *d = fdopendir(dirfd);
    if (!d) {
        close(dirfd);
        return -errno;
    }
    int err = 0;
    struct dirent *e;
    while (!err && (errno = 0, e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        struct stat st;
        if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT)
                continue;
            err = -errno;
            break;
        }
        if (st.st_dev != dev)
            continue; /* a mount inside the backing directory is not ours to count */
        count(w, dirfd, e->d_name, &st);
        if (S_ISDIR(st.st_mode))
            err = walk_subdir(w, dirfd, e->d_name, &st, depth);
    }
    if (!err && errno)
        err = -errno;
    closedir(d);
    return err;
}

int capfs_quota_scan(struct capfs_quota *q, int root)
{
    struct walk w = {0};
    struct stat st;
    if (fstat(root, &st) != 0)
        return -errno;
    count(&w, -1, NULL, &st);
    char proc[64];
    capfs_proc_path(proc, root);
    const int lent = lend_access(AT_FDCWD, proc, &st);
    const int fd = open(proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const int err = fd < 0 ? -errno : walk_dir(&w, fd, st.st_dev, 0);
    give_back(AT_FDCWD, proc, &st, lent);
    free(w.seen);
    if (err)
        return err;
    pthread_mutex_lock(&q->lock);
    q->used = w.bytes;
    q->inodes = w.inodes;
    pthread_mutex_unlock(&q->lock);
    return 0;
}

int capfs_quota_reserve(struct capfs_quota *q, int64_t bytes, int inode)
{
    pthread_mutex_lock(&q->lock);
    const int ok = q->used + q->reserved + bytes + (inode ? CAPFS_INODE_CHARGE : 0) <= q->cap
        && (!inode || q->inodes < q->max_inodes);
    if (ok) {
        q->reserved += bytes + (inode ? CAPFS_INODE_CHARGE : 0);
        if (inode)
            q->inodes++;
    }
    pthread_mutex_unlock(&q->lock);
    return ok;
}

int64_t capfs_quota_reserve_upto(struct capfs_quota *q, int64_t want)
{
    pthread_mutex_lock(&q->lock);
    int64_t free_bytes = q->cap - q->used - q->reserved;
    if (free_bytes < 0)
        free_bytes = 0;
    const int64_t got = want < free_bytes ? want : free_bytes;
    q->reserved += got;
    pthread_mutex_unlock(&q->lock);
    return got;
}

void capfs_quota_unreserve(struct capfs_quota *q, int64_t bytes, int inode)
{
    pthread_mutex_lock(&q->lock);
    q->reserved -= bytes + (inode ? CAPFS_INODE_CHARGE : 0);
    if (inode)
        q->inodes--;
    pthread_mutex_unlock(&q->lock);
}

void capfs_quota_settle(
    struct capfs_quota *q, struct capfs_inode *inode, int fd, int64_t reserved, int created)
{
    struct stat st;
    /* fstat under the lock: two writers of one inode settle one after the other, each
     * accounting the change since the last. */
    pthread_mutex_lock(&q->lock);
    q->reserved -= reserved + (created ? CAPFS_INODE_CHARGE : 0);
    if (created)
        q->used += CAPFS_INODE_CHARGE; /* its count was taken by the reservation */
    const int r =
        fd >= 0 ? fstat(fd, &st) : fstatat(inode->fd, "", &st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
    if (r == 0) {
        const int64_t now = (int64_t)st.st_blocks * 512;
        if (created)
            q->used += now; /* new: the table entry's charged is already \a now */
        else
            q->used += now - inode->charged;
        inode->charged = now;
    }
    pthread_mutex_unlock(&q->lock);
}

void capfs_quota_recharge(struct capfs_quota *q, struct capfs_inode *inode, const struct stat *st)
{
    pthread_mutex_lock(&q->lock);
    const int64_t now = (int64_t)st->st_blocks * 512;
    q->used += now - inode->charged;
    inode->charged = now;
    pthread_mutex_unlock(&q->lock);
}

void capfs_quota_release(struct capfs_quota *q, struct capfs_inode *inode)
{
    pthread_mutex_lock(&q->lock);
    q->used -= inode->charged + CAPFS_INODE_CHARGE;
    inode->charged = 0;
    if (q->inodes)
        q->inodes--;
    pthread_mutex_unlock(&q->lock);
}

int capfs_quota_take(struct capfs_quota *q, int64_t bytes)
{
    pthread_mutex_lock(&q->lock);
    const int ok =
        q->used + q->reserved + bytes + CAPFS_INODE_CHARGE <= q->cap && q->inodes < q->max_inodes;
    if (ok) {
        q->used += bytes + CAPFS_INODE_CHARGE;
        q->inodes++;
    }
    pthread_mutex_unlock(&q->lock);
    return ok;
}

void capfs_quota_give(struct capfs_quota *q, int64_t bytes)
{
    pthread_mutex_lock(&q->lock);
    q->used -= bytes + CAPFS_INODE_CHARGE;
    if (q->inodes)
        q->inodes--;
    pthread_mutex_unlock(&q->lock);
}

void capfs_quota_statfs(struct capfs_quota *q, struct statvfs *out)
{
    const unsigned long bsize = 4096;
    pthread_mutex_lock(&q->lock);
    const int64_t used = q->used + q->reserved;
    const uint64_t inodes = q->inodes;
    pthread_mutex_unlock(&q->lock);
    memset(out, 0, sizeof *out);
    out->f_bsize = bsize;
    out->f_frsize = bsize;
    out->f_blocks = (fsblkcnt_t)(q->cap / bsize);
    const int64_t free_bytes = q->cap > used ? q->cap - used : 0;
    out->f_bfree = out->f_bavail = (fsblkcnt_t)(free_bytes / bsize);
    out->f_files = q->max_inodes;
    out->f_ffree = out->f_favail = q->max_inodes > inodes ? q->max_inodes - inodes : 0;
    out->f_namemax = 255;
}
