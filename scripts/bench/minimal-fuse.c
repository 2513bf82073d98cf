// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh capfs: the floor beside hopx-capfs, as the minimal C server is beside our MCP
// server. The least a FUSE file system that keeps its files in a host directory can do: names,
// inodes and attributes in this process's memory, each regular file's bytes in a backing file
// (named by its inode: create and unlink do one host create and unlink), no cap, no bookkeeping,
// one thread, and the kernel-facing choices hopx-capfs makes (no writeback cache, 1 MiB requests,
// names and attributes cached for an hour, cached pages kept across opens, default_permissions).
// What it cannot beat is the kernel's round trip to a daemon, so its ratio to the host directory
// is about the most a FUSE daemon without a writeback cache can reach on this machine.
//   minimal-fuse BACKING_DIR MOUNTPOINT   (returns once mounted; fusermount3 -u ends it)
// Bench code: fixed table sizes (1 Mi inodes, 256 Ki names), enough for the bench's rounds.
#define _GNU_SOURCE
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fcntl.h>
#include <fuse_lowlevel.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_INODES (1u << 20)
#define NAME_SLOTS (1u << 18)
static const double TIMEOUT = 3600.0;

struct node
{
    struct stat st;
    int fd; // a regular file's bytes: its backing file, or -1
    unsigned open;
};
struct name
{
    fuse_ino_t parent, ino; // ino 0: empty; parent 0: removed (a tombstone)
    char *text;
};
static struct node *nodes[MAX_INODES];
static fuse_ino_t next_ino = FUSE_ROOT_ID + 1;
static struct name names[NAME_SLOTS];
static int backing = -1; // the backing directory: a file per regular file, named by its inode

static uint32_t hash(fuse_ino_t parent, const char *text)
{
    uint32_t h = 2166136261u ^ (uint32_t)parent;
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 16777619u;
    return h;
}

// The slot of (parent, text), or where it would go (an empty slot) when \a insert.
static struct name *find(fuse_ino_t parent, const char *text, int insert)
{
    struct name *free_slot = NULL;
    for (uint32_t i = hash(parent, text), n = 0; n < NAME_SLOTS; i++, n++) {
        struct name *s = &names[i & (NAME_SLOTS - 1)];
        if (s->ino == 0)
            return insert ? (free_slot ? free_slot : s) : NULL;
        if (s->parent == 0) {
            if (!free_slot)
                free_slot = s;
        } else if (s->parent == parent && strcmp(s->text, text) == 0) {
            return s;
        }
    }
    return insert ? free_slot : NULL;
}

static struct node *node_of(fuse_ino_t ino)
{
    return ino < MAX_INODES ? nodes[ino] : NULL;
}

static void now(struct timespec *t)
{
    clock_gettime(CLOCK_REALTIME, t);
}

static struct fuse_entry_param entry_of(fuse_ino_t ino)
{
    struct fuse_entry_param e;
    memset(&e, 0, sizeof e);
    e.ino = ino;
    e.attr_timeout = TIMEOUT;
    e.entry_timeout = TIMEOUT;
    if (ino)
        e.attr = nodes[ino]->st;
    return e;
}

// A regular file's backing file, named by its inode number.
static void backing_name(char name[32], fuse_ino_t ino)
{
    snprintf(name, 32, "%lu", (unsigned long)ino);
}

// The size the file's bytes now have, and the change's time.
static void set_size(struct node *n, off_t size)
{
    n->st.st_size = size;
    n->st.st_blocks = (size + 511) / 512;
    now(&n->st.st_mtim);
    n->st.st_ctim = n->st.st_mtim;
}

static void op_init(void *userdata, struct fuse_conn_info *conn)
{
    (void)userdata;
    conn->want &= ~(FUSE_CAP_WRITEBACK_CACHE | FUSE_CAP_READDIRPLUS | FUSE_CAP_READDIRPLUS_AUTO
        | FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE
        | FUSE_CAP_AUTO_INVAL_DATA);
    conn->max_write = 1 << 20;
    conn->max_readahead = 1 << 20;
}

static void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *text)
{
    const struct name *s = find(parent, text, 0);
    const struct fuse_entry_param e = entry_of(s ? s->ino : 0); // 0: a negative entry, cached
    fuse_reply_entry(req, &e);
}

static void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)fi;
    const struct node *n = node_of(ino);
    if (n)
        fuse_reply_attr(req, &n->st, TIMEOUT);
    else
        fuse_reply_err(req, ENOENT);
}

static int resize(struct node *n, off_t size)
{
    if (n->fd < 0 || ftruncate(n->fd, size) != 0)
        return n->fd < 0 ? EISDIR : errno;
    set_size(n, size);
    return 0;
}

static void op_setattr(
    fuse_req_t req, fuse_ino_t ino, struct stat *attr, int valid, struct fuse_file_info *fi)
{
    (void)fi;
    struct node *n = node_of(ino);
    if (!n) {
        fuse_reply_err(req, ENOENT);
        return;
    }
    if (valid & FUSE_SET_ATTR_MODE)
        n->st.st_mode = (n->st.st_mode & S_IFMT) | (attr->st_mode & 07777);
    if (valid & FUSE_SET_ATTR_SIZE) {
        const int err = resize(n, attr->st_size);
        if (err) {
            fuse_reply_err(req, err);
            return;
        }
    }
    if (valid & FUSE_SET_ATTR_MTIME)
        n->st.st_mtim = attr->st_mtim;
    fuse_reply_attr(req, &n->st, TIMEOUT);
}

static void make(
    fuse_req_t req, fuse_ino_t parent, const char *text, mode_t mode, struct fuse_file_info *fi)
{
    struct name *s = find(parent, text, 1);
    if (!s || s->parent == parent || next_ino >= MAX_INODES) {
        fuse_reply_err(req, s && s->parent == parent ? EEXIST : ENOSPC);
        return;
    }
    struct node *n = calloc(1, sizeof *n);
    char file[32];
    backing_name(file, next_ino);
    if (n)
        n->fd = S_ISREG(mode) ? openat(backing, file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)
                              : -1;
    if (!n || (S_ISREG(mode) && n->fd < 0)) {
        const int err = n ? errno : ENOMEM;
        free(n);
        fuse_reply_err(req, err);
        return;
    }
    const struct fuse_ctx *ctx = fuse_req_ctx(req);
    n->st.st_ino = next_ino;
    n->st.st_mode = mode;
    n->st.st_nlink = S_ISDIR(mode) ? 2 : 1;
    n->st.st_uid = ctx->uid;
    n->st.st_gid = ctx->gid;
    n->st.st_blksize = 4096;
    now(&n->st.st_mtim);
    n->st.st_atim = n->st.st_ctim = n->st.st_mtim;
    nodes[next_ino] = n;
    s->parent = parent;
    s->ino = next_ino++;
    s->text = strdup(text);
    now(&nodes[parent]->st.st_mtim);
    const struct fuse_entry_param e = entry_of(s->ino);
    if (!fi) {
        fuse_reply_entry(req, &e);
        return;
    }
    n->open++;
    fi->keep_cache = 1;
    fuse_reply_create(req, &e, fi);
}

static void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *text, mode_t mode)
{
    make(req, parent, text, S_IFDIR | (mode & 07777), NULL);
}

static void op_create(
    fuse_req_t req, fuse_ino_t parent, const char *text, mode_t mode, struct fuse_file_info *fi)
{
    make(req, parent, text, S_IFREG | (mode & 07777), fi);
}

static void drop_data(struct node *n)
{
    if (n->st.st_nlink == 0 && n->open == 0 && n->fd >= 0) {
        close(n->fd);
        n->fd = -1;
    }
}

static void remove_name(fuse_req_t req, fuse_ino_t parent, const char *text, int dir)
{
    struct name *s = find(parent, text, 0);
    struct node *n = s ? nodes[s->ino] : NULL;
    if (!n) {
        fuse_reply_err(req, ENOENT);
        return;
    }
    if (dir != !!S_ISDIR(n->st.st_mode)) {
        fuse_reply_err(req, dir ? ENOTDIR : EISDIR);
        return;
    }
    if (dir)
        for (uint32_t i = 0; i < NAME_SLOTS; i++) // rmdir is rare here: a scan will do
            if (names[i].ino && names[i].parent == s->ino) {
                fuse_reply_err(req, ENOTEMPTY);
                return;
            }
    if (n->fd >= 0) {
        char file[32];
        backing_name(file, s->ino);
        unlinkat(backing, file, 0);
    }
    n->st.st_nlink = 0;
    free(s->text);
    s->text = NULL;
    s->parent = 0;
    drop_data(n);
    now(&nodes[parent]->st.st_mtim);
    fuse_reply_err(req, 0);
}

static void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *text)
{
    remove_name(req, parent, text, 0);
}

static void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *text)
{
    remove_name(req, parent, text, 1);
}

static void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct node *n = node_of(ino);
    if (!n) {
        fuse_reply_err(req, ENOENT);
        return;
    }
    if (fi->flags & O_TRUNC)
        resize(n, 0);
    n->open++;
    fi->keep_cache = 1;
    fuse_reply_open(req, fi);
}

static void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    (void)fi;
    struct node *n = node_of(ino);
    if (n && n->open) {
        n->open--;
        drop_data(n);
    }
    fuse_reply_err(req, 0);
}

static void op_read(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
    (void)fi;
    const struct node *n = node_of(ino);
    if (!n || n->fd < 0) {
        fuse_reply_err(req, n ? EISDIR : ENOENT);
        return;
    }
    struct fuse_bufvec buf = FUSE_BUFVEC_INIT(size);
    buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    buf.buf[0].fd = n->fd;
    buf.buf[0].pos = off;
    fuse_reply_data(req, &buf, 0);
}

static void op_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
    struct fuse_file_info *fi)
{
    (void)fi;
    struct node *n = node_of(ino);
    if (!n || n->fd < 0) {
        fuse_reply_err(req, n ? EISDIR : ENOENT);
        return;
    }
    const ssize_t done = pwrite(n->fd, buf, size, off);
    if (done < 0) {
        fuse_reply_err(req, errno);
        return;
    }
    set_size(n, off + done > n->st.st_size ? off + done : n->st.st_size);
    fuse_reply_write(req, (size_t)done);
}

static void op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    (void)fi;
    const struct node *n = node_of(ino);
    const int r = !n || n->fd < 0 ? 0 : datasync ? fdatasync(n->fd) : fsync(n->fd);
    fuse_reply_err(req, r ? errno : 0);
}

static void op_readdir(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
    (void)fi;
    char *buf = malloc(size);
    size_t used = 0;
    if (!buf) {
        fuse_reply_err(req, ENOMEM);
        return;
    }
    // The offset is the next slot to look at: stable while names come and go.
    for (uint32_t i = (uint32_t)off; i < NAME_SLOTS; i++) {
        if (!names[i].ino || names[i].parent != ino)
            continue;
        const size_t len = fuse_add_direntry(
            req, buf + used, size - used, names[i].text, &nodes[names[i].ino]->st, i + 1);
        if (len > size - used)
            break;
        used += len;
    }
    fuse_reply_buf(req, buf, used);
    free(buf);
}

static const struct fuse_lowlevel_ops ops = {
    .init = op_init,
    .lookup = op_lookup,
    .getattr = op_getattr,
    .setattr = op_setattr,
    .mkdir = op_mkdir,
    .unlink = op_unlink,
    .rmdir = op_rmdir,
    .open = op_open,
    .read = op_read,
    .write = op_write,
    .release = op_release,
    .fsync = op_fsync,
    .readdir = op_readdir,
    .create = op_create,
};

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: minimal-fuse BACKING_DIR MOUNTPOINT\n");
        return 2;
    }
    backing = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (backing < 0) {
        perror(argv[1]);
        return 1;
    }
    // A descriptor per file: the bench keeps 5,000 at once.
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    struct node *root = calloc(1, sizeof *root);
    root->fd = -1;
    root->st.st_ino = FUSE_ROOT_ID;
    root->st.st_mode = S_IFDIR | 0755;
    root->st.st_nlink = 2;
    root->st.st_uid = getuid();
    root->st.st_gid = getgid();
    now(&root->st.st_mtim);
    nodes[FUSE_ROOT_ID] = root;
    char *fuse_argv[] = {argv[0], "-o", "default_permissions,nosuid,nodev,fsname=minimal-fuse"};
    struct fuse_args args = FUSE_ARGS_INIT(3, fuse_argv);
    struct fuse_session *se = fuse_session_new(&args, &ops, sizeof ops, NULL);
    if (!se || fuse_session_mount(se, argv[2]) != 0 || fuse_daemonize(0) != 0)
        return 1;
    const int ret = fuse_session_loop(se);
    fuse_session_unmount(se);
    fuse_session_destroy(se);
    return ret ? 1 : 0;
}
