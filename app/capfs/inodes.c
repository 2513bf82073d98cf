// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

struct capfs_inode *capfs_table_ref(struct capfs *fs, int fd, const struct stat *st)
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
    if (++fs->count > fs->nbuckets * 2)
        grow(fs);
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
    fs->count--;
    pthread_mutex_unlock(&fs->table_lock);
    /* The kernel forgets an unlinked inode only once nothing holds it (no open file, no
     * mapping, no cwd): the moment its blocks are really free on the backing disk. An inode
     * that still has a link stays accounted: the next lookup finds the same blocks. */
    struct stat st;
    if (fstatat(inode->fd, "", &st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW) == 0 && st.st_nlink == 0)
        capfs_quota_release(&fs->quota, inode);
    close(inode->fd);
    free(inode);
}
