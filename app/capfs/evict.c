// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Every inode the kernel holds costs the daemon a descriptor, and the kernel holds inodes for
 * as long as memory allows: a cp -a of 20,000 files ran a daemon with a hard limit of 20,000
 * into EMFILE. Above half the limit this thread asks the kernel to drop the entries looked up
 * longest ago (notify_inval_entry) until a quarter is reached; the kernel then
 * forgets the inodes nothing uses, and their descriptors close. An entry in use (an open
 * file, a cwd) only loses its name cache; the next lookup finds the same inode.
 *
 * Never for the root's own entries: those directories are the sandbox's bind mounts, and
 * invalidating a mount point's dentry could detach the mount. Never from a request thread: the
 * kernel takes the parent's lock for the notification, which a request in flight may hold. */

struct victim
{
    fuse_ino_t parent;
    char *name;
};

enum { kBatch = 512 };

static void *evictor(void *arg)
{
    struct capfs *fs = arg;
    struct victim batch[kBatch];
    for (;;) {
        pthread_mutex_lock(&fs->table_lock);
        while (fs->count <= fs->fd_high && !fs->evict_stop)
            pthread_cond_wait(&fs->evict_wake, &fs->table_lock);
        if (fs->evict_stop) {
            pthread_mutex_unlock(&fs->table_lock);
            return NULL;
        }
        int rounds = 0;
        while (fs->count > fs->fd_low && !fs->evict_stop && rounds++ < 64) {
            size_t n = 0;
            struct capfs_inode *in = fs->lru.lru_prev;
            for (size_t seen = 0; in != &fs->lru && n < kBatch && seen < fs->count; seen++) {
                struct capfs_inode *prev = in->lru_prev;
                if (in->name && in->parent != FUSE_ROOT_ID) {
                    batch[n].parent = in->parent;
                    batch[n].name = strdup(in->name);
                    if (batch[n].name)
                        n++;
                }
                /* To the front: the next batch takes the next oldest. */
                in->lru_prev->lru_next = in->lru_next;
                in->lru_next->lru_prev = in->lru_prev;
                in->lru_next = fs->lru.lru_next;
                in->lru_prev = &fs->lru;
                fs->lru.lru_next->lru_prev = in;
                fs->lru.lru_next = in;
                in = prev;
            }
            pthread_mutex_unlock(&fs->table_lock);
            for (size_t i = 0; i < n; i++) {
                /* The parent may be gone by now: the kernel then answers ENOENT. */
                fuse_lowlevel_notify_inval_entry(
                    fs->se, batch[i].parent, batch[i].name, strlen(batch[i].name));
                free(batch[i].name);
            }
            /* The forgets arrive as requests a moment later. */
            nanosleep(&(struct timespec) {0, 5 * 1000 * 1000}, NULL);
            pthread_mutex_lock(&fs->table_lock);
            if (n == 0)
                break;
        }
        pthread_mutex_unlock(&fs->table_lock);
        /* Not more often than every 50 ms: nothing to drop (all in use) must not spin. */
        nanosleep(&(struct timespec) {0, 50 * 1000 * 1000}, NULL);
    }
    return NULL;
}

int capfs_evictor_start(struct capfs *fs, size_t limit)
{
    /* Headroom for open files (one descriptor each), directories being read and libfuse. */
    fs->fd_high = limit / 2;
    fs->fd_low = limit / 4;
    if (pthread_create(&fs->evictor, NULL, evictor, fs) != 0)
        return -1;
    fs->evictor_started = 1;
    return 0;
}

/* Before the session is unmounted and destroyed: a notification written after that would go to
 * a closed (or reused) /dev/fuse descriptor of a freed session. TSan saw exactly that at
 * unmount (writev of the evictor against close in fuse_session_destroy). At most one batch of
 * notifications and a sleep of 50 ms. */
void capfs_evictor_stop(struct capfs *fs)
{
    if (!fs->evictor_started)
        return;
    pthread_mutex_lock(&fs->table_lock);
    fs->evict_stop = 1;
    pthread_cond_broadcast(&fs->evict_wake);
    pthread_mutex_unlock(&fs->table_lock);
    pthread_join(fs->evictor, NULL);
    fs->evictor_started = 0;
}
