// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

/* hopx-capfs: a libfuse3 low-level passthrough of one backing directory with a hard byte and
 * inode cap. Shared declarations of the daemon's parts:
 *   inodes.c  the table of looked-up inodes (one O_PATH descriptor each)
 *   quota.c   the accounting (bytes and inodes in use, reservations, the start-up walk)
 *   ops.c     the FUSE operations on names and attributes, and the table of them (ops.h:
 *             what data.c, for open files, and dirs.c, for directories and xattrs, share)
 *   cow.c     copy-on-write: files shared between trees (checkpoints, forks), copied up
 *             before a change; the host's requests for those (setxattr "hopx.*" on the root)
 *   clone.c   the clone of a tree that shares them (hopx.clone)
 *   trees.c   the other requests on whole trees (remove, move, restore) and their dispatch
 *   main.c    options, mount, daemon, loop
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* AT_EMPTY_PATH, renameat2, fallocate modes */
#endif
#define FUSE_USE_VERSION 314
#include <fuse_lowlevel.h>

#include <pthread.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/* What every inode costs on top of its blocks: millions of empty files fill the cap too. */
#define CAPFS_INODE_CHARGE 4096

/* One inode of the backing tree the kernel knows (it was looked up and not yet forgotten). */
struct capfs_inode
{
    int fd; /* O_PATH|O_NOFOLLOW: never a path from the backing root */
    dev_t dev;
    ino_t ino;
    mode_t type; /* S_IFMT bits: an inode's type never changes */
    uint64_t nlookup; /* the kernel's references (lookups minus forgets) */
    int64_t charged; /* st_blocks*512 last accounted for it (under the quota lock) */
    struct capfs_inode *next; /* hash chain */
    /* Where the kernel last looked it up (nodeid of the parent, name), and the order of
     * lookups: what the evictor (evict.c) asks the kernel to drop when descriptors run short. */
    fuse_ino_t parent;
    char *name;
    struct capfs_inode *lru_prev, *lru_next;
    int writers; /* open handles that may write (under cow.clone_lock's read side) */
    int released; /* a shared file whose name here went: its charge came back already */
};

struct capfs_quota
{
    pthread_mutex_t lock;
    int64_t cap; /* bytes */
    int64_t used; /* blocks of every inode + CAPFS_INODE_CHARGE each */
    int64_t reserved; /* promised to operations in flight */
    uint64_t max_inodes;
    uint64_t inodes;
};

#define CAPFS_MAX_HELPERS 16

struct capfs_job;

/* The threads that run the requests the loop thread must not (offload.c). */
struct capfs_helpers
{
    pthread_mutex_t lock;
    pthread_cond_t wake;
    struct capfs_job *head, *tail; /* queued, oldest first */
    int count; /* threads started */
    int idle; /* ... of which waiting for a job */
    int stop;
    pthread_t threads[CAPFS_MAX_HELPERS];
};

struct capfs
{
    struct capfs_inode root;
    struct capfs_quota quota;
    pthread_mutex_t table_lock;
    struct capfs_inode **buckets;
    size_t nbuckets;
    size_t count;
    struct capfs_inode lru; /* list head: lru.lru_next is the most recent lookup */
    size_t fd_high; /* more inodes than this: the evictor starts */
    size_t fd_low; /* ... and stops below this */
    pthread_cond_t evict_wake;
    int evict_stop; /* under table_lock: the session is ending, the evictor returns */
    pthread_t evictor;
    int evictor_started;
    struct fuse_session *se;
    double timeout; /* entry and attribute cache, seconds */
    int xattr; /* -o xattr: the sandbox may use user.* attributes */
    const char *hide; /* -o hide=NAME: an entry of the root no request through the mount sees */
    /* Writable opens and changes to a file hold the read side; a clone the write side, so it
     * sees every writer (cow.c). */
    pthread_rwlock_t clone_lock;
    pthread_mutex_t cow_lock; /* one copy-up at a time */
    struct capfs_helpers helpers;
};

/* inodes.c */
int capfs_table_init(struct capfs *fs);
struct capfs_inode *capfs_inode(struct capfs *fs, fuse_ino_t ino);
/* Adds a reference to the inode \a fd (which it takes) names, creating it with \a st when new.
 * Returns NULL with errno set. */
struct capfs_inode *capfs_table_ref(
    struct capfs *fs, int fd, const struct stat *st, fuse_ino_t parent, const char *name);
/* The node of the inode (\a dev, \a ino) the kernel holds, or NULL; under table_lock. */
struct capfs_inode *capfs_table_find(struct capfs *fs, dev_t dev, ino_t ino);
/* \a in is now the inode \a fd (which it takes) names, stat \a st: a copy-up (cow.c). */
void capfs_table_rekey(struct capfs *fs, struct capfs_inode *in, int fd, const struct stat *st);
/* \a parent / \a name is where the inode at (\a dev, \a ino) is now (after a rename). */
void capfs_table_moved(struct capfs *fs, dev_t dev, ino_t ino, fuse_ino_t parent, const char *name);
/* Drops \a n references; the last one closes the descriptor and, when the inode has no
 * link left, gives its space back (see quota.c). */
void capfs_table_unref(struct capfs *fs, struct capfs_inode *inode, uint64_t n);
/* "/proc/self/fd/N" for reopening \a inode (never for a symlink: that would follow it). */
void capfs_proc_path(char out[64], int fd);

/* offload.c */
void capfs_helpers_init(struct capfs *fs);
/* Runs what is queued, then ends the helpers. */
void capfs_helpers_stop(struct capfs *fs);

/* evict.c */
/* Starts the thread that keeps the descriptors below the limit; \a limit is RLIMIT_NOFILE. */
int capfs_evictor_start(struct capfs *fs, size_t limit);
void capfs_evictor_stop(struct capfs *fs);

/* quota.c */
int capfs_quota_init(struct capfs_quota *q, int64_t cap, uint64_t max_inodes);
/* Walks \a root (a directory descriptor) and sets what is in use. 0 or -errno. */
int capfs_quota_scan(struct capfs_quota *q, int root);
/* Promises \a bytes (and one inode when \a inode): false when that would pass the cap. */
int capfs_quota_reserve(struct capfs_quota *q, int64_t bytes, int inode);
/* Up to \a want bytes of what is still free, reserved; 0 when nothing is. */
int64_t capfs_quota_reserve_upto(struct capfs_quota *q, int64_t want);
void capfs_quota_unreserve(struct capfs_quota *q, int64_t bytes, int inode);
/* Ends a reservation and accounts what \a inode's blocks are now (fstat of \a fd, or of its
 * O_PATH descriptor when \a fd < 0). A new inode (\a created) adds its charge and count. */
void capfs_quota_settle(
    struct capfs_quota *q, struct capfs_inode *inode, int fd, int64_t reserved, int created);
/* Accounts \a inode's blocks again after something may have changed them. */
void capfs_quota_recharge(struct capfs_quota *q, struct capfs_inode *inode, const struct stat *st);
/* The inode is gone (no link, no reference): its blocks and charge come back. */
void capfs_quota_release(struct capfs_quota *q, struct capfs_inode *inode);
void capfs_quota_statfs(struct capfs_quota *q, struct statvfs *out);

/* Adds \a bytes and one inode to what is in use now, if the cap allows. */
int capfs_quota_take(struct capfs_quota *q, int64_t bytes);
/* One name of a shared file went (or a tree's entry was removed behind the table): its
 * blocks and charge come back. */
void capfs_quota_give(struct capfs_quota *q, int64_t bytes);

/* cow.c
 * A regular file with more than one link and the SHARED attribute on its backing inode is
 * shared with another tree (a checkpoint, a fork): it is never written in place. Before
 * anything changes it (a writable open, a truncate, chmod, chown, times, an attribute, a new
 * link), it is copied up: its name here gets a private copy. Each tree counts each of its names
 * of a shared file in full (what it holds), so deleting the parent never frees a child's room. */
#define CAPFS_SHARED_XATTR "user.hopx.shared"
/* Whether the entry \a name of \a dirfd (stat \a st) is a shared file. */
int capfs_shared_at(int dirfd, const char *name, const struct stat *st);
/* Makes \a in private before a change: 0, or an errno. Call with clone_lock held (read). */
int capfs_cow_break(struct capfs *fs, struct capfs_inode *in);
/* The name of a shared file (\a st, before the unlink or rename) went from the tree. */
void capfs_cow_name_gone(struct capfs *fs, const struct stat *st);
/* Marks the entry \a name of \a dirfd shared: 0, or an errno. */
int capfs_mark_shared(int dirfd, const char *name);
/* The user.* attributes of \a from onto \a to, the marker left out. Best effort. */
void capfs_copy_xattrs(int from, int to);
/* The bytes, owner, mode, attributes and times of \a src (stat \a st) into \a dst: 0 or errno. */
int capfs_copy_contents(int src, int dst, const struct stat *st);
/* Opens \a name of \a dirfd for reading even when its mode (one the sandbox set) says no. */
int capfs_open_readable(int dirfd, const char *name, const struct stat *st);

/* clone.c: a tree cloned into another, file by file (linked when shared, copied when not). */
/* hopx.clone of \a src into \a dst (cow.c says which paths are whose): 0, or an errno. */
int capfs_clone_tree(struct capfs *fs, const char *src, const char *dst);
/* A path of this tree, relative to its root, with no ".." and no empty name. */
int capfs_tree_path_ok(const char *path);
/* Opens directory \a path (the host's when absolute, else this tree's, each missing
 * directory made and counted when \a make); -1 and errno when it cannot. */
int capfs_open_tree_dir(struct capfs *fs, const char *path, int make);
/* The kernel's node for directory \a dfd, or 0 when it never looked it up. */
fuse_ino_t capfs_node_of(struct capfs *fs, int dfd);

/* trees.c: the host's requests on whole trees. */
/* Removes the entries of \a dfd, giving back what each counted: 0, or an errno. */
int capfs_remove_tree(struct capfs *fs, int dfd, int depth);
/* A host request: setxattr of \a name ("hopx.clone", "hopx.restore", "hopx.remove",
 * "hopx.move") on the root. errno. */
int capfs_control(struct capfs *fs, const char *name, const char *value, size_t size);

/* ops.c */
extern const struct fuse_lowlevel_ops capfs_ops;
