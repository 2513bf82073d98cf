// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The kernel names inodes by the pointer we gave it (the nodeid), as passthrough_ll does:
 * no lookup on each request. The table is only for lookups, so two names of one inode (hard
 * links) share one entry and its blocks are accounted once. */

static size_t bucket_of(const struct capfs *fs, dev_t dev, ino_t ino)
{
    const uint64_t h = ((uint64_t)ino * 0x9E3779B97F4A7C15ull) ^ (uint64_t)dev;
    return (size_t)(h % fs->nbuckets);
}

int capfs_table_init(struct capfs *fs)
{
    fs->nbuckets = 4096;
    fs->buckets = calloc(fs->nbuckets, sizeof *fs->buckets);
    if (!fs->buckets)
        return -ENOMEM;
    pthread_mutex_init(&fs->table_lock, NULL);
    pthread_cond_init(&fs->evict_wake, NULL);
    fs->lru.lru_next = fs->lru.lru_prev = &fs->lru;
    return 0;
}

struct capfs_inode *capfs_inode(struct capfs *fs, fuse_ino_t ino)
{
    if (ino == FUSE_ROOT_ID)
        return &fs->root;
    return (struct capfs_inode *)(uintptr_t)ino;
}

void capfs_proc_path(char out[64], int fd)
{
    snprintf(out, 64, "/proc/self/fd/%d", fd);
}

/* Twice the buckets when the chains grow long: a million files stay O(1) per lookup. */
static void grow(struct capfs *fs)
{
    const size_t n = fs->nbuckets * 2;
    struct capfs_inode **b = calloc(n, sizeof *b);
    if (!b)
        return; /* longer chains, still correct */
    struct capfs_inode **old = fs->buckets;
    const size_t oldn = fs->nbuckets;
    fs->buckets = b;
    fs->nbuckets = n;
    for (size_t i = 0; i < oldn; i++) {
        for (struct capfs_inode *in = old[i], *next; in; in = next) {
            next = in->next;
            const size_t k = bucket_of(fs, in->dev, in->ino);
            in->next = b[k];
            b[k] = in;
        }
    }
    free(old);
}

static void lru_unlink(struct capfs_inode *in)
{
    in->lru_prev->lru_next = in->lru_next;
    in->lru_next->lru_prev = in->lru_prev;
}

static void lru_front(struct capfs *fs, struct capfs_inode *in)
{
    in->lru_next = fs->lru.lru_next;
    in->lru_prev = &fs->lru;
    fs->lru.lru_next->lru_prev = in;
    fs->lru.lru_next = in;
}

/* Under table_lock. A name that cannot be copied is left as it was: only the evictor uses it. */
static void set_place(struct capfs_inode *in, fuse_ino_t parent, const char *name)
{
    if (in->name && in->parent == parent && !strcmp(in->name, name))
        return;
    char *copy = strdup(name);
    if (!copy)
        return;
    free(in->name);
    in->name = copy;
    in->parent = parent;
}

struct capfs_inode *capfs_table_find(struct capfs *fs, dev_t dev, ino_t ino)
{
    for (struct capfs_inode *in = fs->buckets[bucket_of(fs, dev, ino)]; in; in = in->next)
        if (in->dev == dev && in->ino == ino)
            return in;
    return NULL;
}

void capfs_table_rekey(struct capfs *fs, struct capfs_inode *in, int fd, const struct stat *st)
{
    pthread_mutex_lock(&fs->table_lock);
    struct capfs_inode **p = &fs->buckets[bucket_of(fs, in->dev, in->ino)];
    while (*p && *p != in)
        p = &(*p)->next;
    if (*p)
        *p = in->next;
    /* The same descriptor number, now for the new inode: a request using it meanwhile sees
     * the old inode or the new one, never a closed or reused number. */
    dup3(fd, in->fd, O_CLOEXEC);
    close(fd);
    in->dev = st->st_dev;
    in->ino = st->st_ino;
    const size_t k = bucket_of(fs, in->dev, in->ino);
    in->next = fs->buckets[k];
    fs->buckets[k] = in;
    pthread_mutex_unlock(&fs->table_lock);
}

void capfs_table_moved(struct capfs *fs, dev_t dev, ino_t ino, fuse_ino_t parent, const char *name)
{
    pthread_mutex_lock(&fs->table_lock);
    struct capfs_inode *in = capfs_table_find(fs, dev, ino);
    if (in)
        set_place(in, parent, name);
    pthread_mutex_unlock(&fs->table_lock);
}

struct capfs_inode *capfs_table_ref(
    struct capfs *fs, int fd, const struct stat *st, fuse_ino_t parent, const char *name)
{
    if (st->st_dev == fs->root.dev && st->st_ino == fs->root.ino) {
        /* Only reachable through a bind mount of the tree into itself; the root is never
         * forgotten, so no reference is counted. */
        close(fd);
        return &fs->root;
    }
    pthread_mutex_lock(&fs->table_lock);
    const size_t k = bucket_of(fs, st->st_dev, st->st_ino);
    for (struct capfs_inode *in = fs->buckets[k]; in; in = in->next) {
        if (in->dev == st->st_dev && in->ino == st->st_ino) {
            in->nlookup++;
            set_place(in, parent, name);
            lru_unlink(in);
            lru_front(fs, in);
            pthread_mutex_unlock(&fs->table_lock);
            close(fd);
            return in;
        }
    }
    struct capfs_inode *in = calloc(1, sizeof *in);
    if (!in) {
        pthread_mutex_unlock(&fs->table_lock);
        close(fd);
        errno = ENOMEM;
        return NULL;
    }
    in->fd = fd;
    in->dev = st->st_dev;
    in->ino = st->st_ino;
    in->type = st->st_mode & S_IFMT;
    in->nlookup = 1;
    /* Already in the total (the start-up walk or the create that made it). */
    in->charged = (int64_t)st->st_blocks * 512;
    in->next = fs->buckets[k];
    fs->buckets[k] = in;
    set_place(in, parent, name);
    lru_front(fs, in);
    if (++fs->count > fs->nbuckets * 2)
        grow(fs);
    if (fs->fd_high && fs->count > fs->fd_high)
        pthread_cond_signal(&fs->evict_wake);
    pthread_mutex_unlock(&fs->table_lock);
    return in;
}

void capfs_table_unref(struct capfs *fs, struct capfs_inode *inode, uint64_t n)
{
    if (inode == &fs->root)
        return;
    pthread_mutex_lock(&fs->table_lock);
    if (inode->nlookup > n) {
        inode->nlookup -= n;
        pthread_mutex_unlock(&fs->table_lock);
        return;
    }
    struct capfs_inode **p = &fs->buckets[bucket_of(fs, inode->dev, inode->ino)];
    while (*p && *p != inode)
        p = &(*p)->next;
    if (*p)
        *p = inode->next;
    lru_unlink(inode);
    fs->count--;
    pthread_mutex_unlock(&fs->table_lock);
    /* The kernel forgets an unlinked inode only once nothing holds it (no open file, no
     * mapping, no cwd): the moment its blocks are really free on the backing disk. An inode
     * that still has a link stays accounted: the next lookup finds the same blocks. */
    struct stat st;
    if (fstatat(inode->fd, "", &st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW) == 0 && st.st_nlink == 0
        && !inode->released) /* a shared file's name gave its charge back as it went (cow.c) */
        capfs_quota_release(&fs->quota, inode);
    close(inode->fd);
    free(inode->name);
    free(inode);
}
