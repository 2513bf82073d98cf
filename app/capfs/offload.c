// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ops.h"

#include <stdlib.h>

/* One thread answers the requests; the few that may take long or wait on the kernel go to
 * helpers.
 *
 * Why not libfuse's multithreaded loop: with two or more threads reading /dev/fuse the kernel
 * wakes the one that has waited longest, so each request of a sandbox's `stat`, `write` or
 * `unlink` woke a thread that had been asleep, never the one that had just answered. With both
 * cores of the test machine busy, one thread answered `stat` 3 to 5 times as fast; quiet, about
 * as fast (performance.md).
 *
 * Why helpers at all: a notify_inval_* call waits for locks the kernel holds while it waits for
 * our answer to another request (a directory's i_rwsem during a lookup in it, a page lock
 * during a read). Made from the one thread that answers, it would wait for itself. The
 * requests that make such calls (the host's clone, move and restore: setxattr on the root) run
 * on a helper, as do fsync, fallocate and copy_file_range, which may take long enough to hold
 * up every other request of the sandbox. */

struct capfs_job
{
    struct capfs_job *next;
    void (*run)(struct capfs_job *);
};

static void *helper(void *arg)
{
    struct capfs_helpers *h = arg;
    pthread_mutex_lock(&h->lock);
    for (;;) {
        while (!h->head && !h->stop) {
            h->idle++;
            pthread_cond_wait(&h->wake, &h->lock);
            h->idle--;
        }
        if (!h->head)
            break;
        struct capfs_job *j = h->head;
        h->head = j->next;
        if (!h->head)
            h->tail = NULL;
        pthread_mutex_unlock(&h->lock);
        j->run(j);
        free(j);
        pthread_mutex_lock(&h->lock);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* Queues \a j (malloc'ed; freed after it ran). Returns 0, or -1 when no helper could run it:
 * the caller then runs it itself. */
static int submit(struct capfs *fs, struct capfs_job *j)
{
    struct capfs_helpers *h = &fs->helpers;
    pthread_mutex_lock(&h->lock);
    if (h->idle == 0 && h->count < CAPFS_MAX_HELPERS && !h->stop
        && pthread_create(&h->threads[h->count], NULL, helper, h) == 0)
        h->count++;
    if (h->count == 0 || h->stop) {
        pthread_mutex_unlock(&h->lock);
        return -1;
    }
    j->next = NULL;
    if (h->tail)
        h->tail->next = j;
    else
        h->head = j;
    h->tail = j;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->lock);
    return 0;
}

static void run_or_submit(struct capfs *fs, struct capfs_job *j)
{
    if (submit(fs, j) != 0) {
        j->run(j);
        free(j);
    }
}

void capfs_helpers_init(struct capfs *fs)
{
    pthread_mutex_init(&fs->helpers.lock, NULL);
    pthread_cond_init(&fs->helpers.wake, NULL);
}

void capfs_helpers_stop(struct capfs *fs)
{
    struct capfs_helpers *h = &fs->helpers;
    pthread_mutex_lock(&h->lock);
    h->stop = 1;
    pthread_cond_broadcast(&h->wake);
    const int n = h->count;
    pthread_mutex_unlock(&h->lock);
    /* They finish what is queued first. */
    for (int i = 0; i < n; i++)
        pthread_join(h->threads[i], NULL);
}

/* fsync, fsyncdir */

struct sync_job
{
    struct capfs_job base;
    fuse_req_t req;
    fuse_ino_t ino;
    int datasync;
    int dir;
    struct fuse_file_info fi;
};

static void run_sync(struct capfs_job *j)
{
    struct sync_job *s = (struct sync_job *)j;
    if (s->dir)
        capfs_op_fsyncdir(s->req, s->ino, s->datasync, &s->fi);
    else
        capfs_op_fsync(s->req, s->ino, s->datasync, &s->fi);
}

static void offload_sync(
    fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi, int dir)
{
    struct sync_job *s = calloc(1, sizeof *s);
    if (!s) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    *s = (struct sync_job) {{NULL, run_sync}, req, ino, datasync, dir, *fi};
    run_or_submit(fs_of(req), &s->base);
}

void capfs_offload_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    offload_sync(req, ino, datasync, fi, 0);
}

void capfs_offload_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    offload_sync(req, ino, datasync, fi, 1);
}

/* fallocate */

struct fallocate_job
{
    struct capfs_job base;
    fuse_req_t req;
    fuse_ino_t ino;
    int mode;
    off_t offset, length;
    struct fuse_file_info fi;
};

static void run_fallocate(struct capfs_job *j)
{
    struct fallocate_job *f = (struct fallocate_job *)j;
    capfs_op_fallocate(f->req, f->ino, f->mode, f->offset, f->length, &f->fi);
}

void capfs_offload_fallocate(
    fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length, struct fuse_file_info *fi)
{
    struct fallocate_job *f = calloc(1, sizeof *f);
    if (!f) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    *f = (struct fallocate_job) {{NULL, run_fallocate}, req, ino, mode, offset, length, *fi};
    run_or_submit(fs_of(req), &f->base);
}

/* copy_file_range */

struct copy_job
{
    struct capfs_job base;
    fuse_req_t req;
    fuse_ino_t ino_in, ino_out;
    off_t off_in, off_out;
    struct fuse_file_info fi_in, fi_out;
    size_t len;
    int flags;
};

static void run_copy(struct capfs_job *j)
{
    struct copy_job *c = (struct copy_job *)j;
    capfs_op_copy_file_range(c->req, c->ino_in, c->off_in, &c->fi_in, c->ino_out, c->off_out,
        &c->fi_out, c->len, c->flags);
}

void capfs_offload_copy_file_range(fuse_req_t req, fuse_ino_t ino_in, off_t off_in,
    struct fuse_file_info *fi_in, fuse_ino_t ino_out, off_t off_out, struct fuse_file_info *fi_out,
    size_t len, int flags)
{
    struct copy_job *c = calloc(1, sizeof *c);
    if (!c) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    *c = (struct copy_job) {
        {NULL, run_copy}, req, ino_in, ino_out, off_in, off_out, *fi_in, *fi_out, len, flags};
    run_or_submit(fs_of(req), &c->base);
}

/* setxattr: the name and value live in libfuse's request buffer, which the loop reuses as soon
 * as the handler returns, so the job keeps copies. */

struct setxattr_job
{
    struct capfs_job base;
    fuse_req_t req;
    fuse_ino_t ino;
    int flags;
    size_t size;
    char *name;
    char value[]; /* size bytes */
};

static void run_setxattr(struct capfs_job *j)
{
    struct setxattr_job *x = (struct setxattr_job *)j;
    capfs_op_setxattr(x->req, x->ino, x->name, x->value, x->size, x->flags);
    free(x->name);
}

void capfs_offload_setxattr(
    fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags)
{
    struct setxattr_job *x = calloc(1, sizeof *x + size);
    char *copy = x ? strdup(name) : NULL;
    if (!copy) {
        free(x);
        fuse_reply_err(req, ENOMEM);
        return;
    }
    x->base.run = run_setxattr;
    x->req = req;
    x->ino = ino;
    x->flags = flags;
    x->size = size;
    x->name = copy;
    memcpy(x->value, value, size);
    run_or_submit(fs_of(req), &x->base);
}

/* A notification with no request waiting on it: the helper makes it while this thread goes on
 * answering, so whatever the kernel waits for meanwhile gets its answer. */

struct inval_job
{
    struct capfs_job base;
    struct fuse_session *se;
    fuse_ino_t ino;
    off_t off, len;
};

static void run_inval(struct capfs_job *j)
{
    struct inval_job *i = (struct inval_job *)j;
    fuse_lowlevel_notify_inval_inode(i->se, i->ino, i->off, i->len);
}

void capfs_offload_inval_inode(struct capfs *fs, fuse_ino_t ino, off_t off, off_t len)
{
    struct inval_job *i = calloc(1, sizeof *i);
    if (!i)
        return; /* the pages stay until evicted: what a read returns may be stale */
    *i = (struct inval_job) {{NULL, run_inval}, fs->se, ino, off, len};
    if (submit(fs, &i->base) != 0)
        free(i); /* made here it could wait for itself */
}
