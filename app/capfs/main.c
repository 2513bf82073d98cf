// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "capfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/statfs.h>
#include <unistd.h>

/* hopx-capfs BACKING_DIR MOUNTPOINT -o cap=BYTES[,inodes=N][,xattr][,hide=NAME] [-f] [-d]
 *
 * Mounts BACKING_DIR at MOUNTPOINT with a hard cap, then becomes a daemon:
 * the command returns once the mount works and the daemon outlives its caller, so a sandbox
 * survives an app crash. fusermount3 -u MOUNTPOINT ends it. -f stays in the foreground, -d
 * prints every request (implies -f). One thread answers the requests (offload.c says why and
 * which go to helper threads). xattr: user.* extended
 * attributes (off by default, see ops.c). hide: an entry of BACKING_DIR's root that the mount
 * does not show (the checkpoints, whose files are shared with the tree: cow.c). */

static void usage_exit(const char *why)
{
    fprintf(stderr,
        "hopx-capfs: %s\nusage: hopx-capfs BACKING_DIR MOUNTPOINT -o "
        "cap=BYTES[,inodes=N][,xattr][,hide=NAME] "
        "[-f] [-d]\n",
        why);
    exit(2);
}

/* 1073741824, 1024M, 1G: binary suffixes, as the app's settings state sizes. */
static int parse_size(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || s[0] == '-')
        return -1;
    int shift = 0;
    switch (*end) {
    case 'K':
    case 'k':
        shift = 10;
        end++;
        break;
    case 'M':
    case 'm':
        shift = 20;
        end++;
        break;
    case 'G':
    case 'g':
        shift = 30;
        end++;
        break;
    case 'T':
    case 't':
        shift = 40;
        end++;
        break;
    default:
        break;
    }
    if (*end || (shift && v > (~0ull >> shift)))
        return -1;
    *out = v << shift;
    return 0;
}

static void parse_options(
    char *opts, uint64_t *cap, uint64_t *inodes, int *xattr, const char **hide)
{
    for (char *save = NULL, *o = strtok_r(opts, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
        if (!strncmp(o, "cap=", 4)) {
            if (parse_size(o + 4, cap) != 0 || *cap == 0)
                usage_exit("cap= wants a size in bytes (K, M, G, T suffixes allowed)");
        } else if (!strcmp(o, "xattr")) {
            *xattr = 1;
        } else if (!strncmp(o, "hide=", 5)) {
            if (!o[5] || strchr(o + 5, '/') || !strcmp(o + 5, ".") || !strcmp(o + 5, ".."))
                usage_exit("hide= wants one name");
            *hide = o + 5;
        } else if (!strncmp(o, "inodes=", 7)) {
            if (parse_size(o + 7, inodes) != 0 || *inodes == 0)
                usage_exit("inodes= wants a number");
        } else {
            fprintf(stderr, "hopx-capfs: unknown option %s\n", o);
            exit(2);
        }
    }
}

int main(int argc, char **argv)
{
    const char *paths[2] = {NULL, NULL};
    int npaths = 0, foreground = 0, debug = 0, xattr = 0;
    uint64_t cap = 0, inodes = 0;
    const char *hide = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o")) {
            if (++i == argc)
                usage_exit("-o wants options");
            parse_options(argv[i], &cap, &inodes, &xattr, &hide);
        } else if (!strncmp(argv[i], "-o", 2)) {
            parse_options(argv[i] + 2, &cap, &inodes, &xattr, &hide);
        } else if (!strcmp(argv[i], "-f")) {
            foreground = 1;
        } else if (!strcmp(argv[i], "-d")) {
            debug = foreground = 1;
        } else if (argv[i][0] == '-' || npaths == 2) {
            usage_exit("unexpected argument");
        } else {
            paths[npaths++] = argv[i];
        }
    }
    if (npaths != 2)
        usage_exit("BACKING_DIR and MOUNTPOINT are needed");
    if (!cap)
        usage_exit("-o cap=BYTES is needed");
    if (cap > INT64_MAX / 2)
        usage_exit("cap= is too large");
    if (!inodes)
        inodes = cap / CAPFS_INODE_CHARGE; /* what the per-inode charge allows anyway */

    /* One descriptor per inode the kernel holds: as many as the hard limit allows (Debian and
     * Ubuntu: 524288 under systemd, against a soft 1024). */
    struct rlimit nofile = {1024, 1024};
    if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < nofile.rlim_max) {
        nofile.rlim_cur = nofile.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &nofile) != 0)
            getrlimit(RLIMIT_NOFILE, &nofile);
    }

    static struct capfs fs;
    /* Names and attributes the kernel may keep without asking again: every change comes
     * through this mount, which updates the kernel's caches itself (ops.c, op_init), so the
     * timeout only bounds how long a change made behind its back (someone editing the backing
     * directory on the host) could stay unseen. With 1 s, a stat 1 s after a create cost two
     * round trips (lookup, getattr). */
    fs.timeout = 3600.0;
    fs.xattr = xattr;
    fs.hide = hide;
    pthread_rwlock_init(&fs.clone_lock, NULL);
    pthread_mutex_init(&fs.cow_lock, NULL);
    if (capfs_table_init(&fs) != 0 || capfs_quota_init(&fs.quota, (int64_t)cap, inodes) != 0) {
        fprintf(stderr, "hopx-capfs: out of memory\n");
        return 1;
    }
    const int root = open(paths[0], O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat st;
    if (root < 0 || fstat(root, &st) != 0) {
        fprintf(stderr, "hopx-capfs: cannot open %s: %s\n", paths[0], strerror(errno));
        return 1;
    }
    fs.root.fd = root;
    fs.root.dev = st.st_dev;
    fs.root.ino = st.st_ino;
    fs.root.type = S_IFDIR;
    fs.root.nlookup = 2;
    /* statfs, not stat: the kernel may answer a stat of a dead FUSE mount from its attribute
     * cache for a while, a statfs always asks the (dead) daemon. */
    struct statfs sfs;
    if (stat(paths[1], &st) != 0 || statfs(paths[1], &sfs) != 0) {
        fprintf(stderr, "hopx-capfs: cannot mount on %s: %s%s\n", paths[1], strerror(errno),
            errno == ENOTCONN ? " (a dead mount: fusermount3 -u -z it first)" : "");
        return 1;
    }
    /* What an earlier run (before a crash or a reboot) left counts: the walk, before the mount,
     * so the first statfs is already right. */
    const int scanned = capfs_quota_scan(&fs.quota, root);
    if (scanned != 0) {
        fprintf(stderr, "hopx-capfs: cannot measure %s: %s\n", paths[0], strerror(-scanned));
        return 1;
    }
    fs.root.charged = 0; /* the root's blocks are in the walk's total; recharged on getattr */
    {
        struct stat rst;
        if (fstat(root, &rst) == 0)
            fs.root.charged = (int64_t)rst.st_blocks * 512;
    }

    /* nosuid, nodev: nothing in the sandbox's disk gains privileges. default_permissions:
     * the kernel checks modes as on any disk, we do not. The source names the file system
     * only: the host path would name the user in the sandbox's /proc/self/mountinfo. */
    char *fuse_argv[] = {argv[0], "-o",
        "default_permissions,nosuid,nodev,fsname=hopx-capfs,subtype=hopx-capfs",
        debug ? "-d" : NULL, NULL};
    struct fuse_args args = FUSE_ARGS_INIT(debug ? 4 : 3, fuse_argv);
    struct fuse_lowlevel_ops ops = capfs_ops;
    if (!xattr) {
        /* ENOSYS from libfuse: the kernel then stops asking (ops.c says why). setxattr stays:
         * the host's requests come that way (cow.c), and it answers EOPNOTSUPP to the rest. */
        ops.getxattr = NULL;
        ops.listxattr = NULL;
        ops.removexattr = NULL;
    }
    struct fuse_session *se = fuse_session_new(&args, &ops, sizeof ops, &fs);
    if (!se) {
        fprintf(stderr, "hopx-capfs: cannot start a FUSE session\n");
        return 1;
    }
    fs.se = se;
    if (fuse_set_signal_handlers(se) != 0) {
        fprintf(stderr, "hopx-capfs: cannot install signal handlers\n");
        return 1;
    }
    if (fuse_session_mount(se, paths[1]) != 0) {
        fprintf(stderr,
            "hopx-capfs: cannot mount %s on %s (is /dev/fuse usable and "
            "fusermount3 installed?)\n",
            paths[0], paths[1]);
        return 1;
    }
    /* The parent exits once the child is set up; the mount already works then. */
    if (fuse_daemonize(foreground) != 0) {
        fuse_session_unmount(se);
        return 1;
    }
    /* After the fork: threads do not survive fuse_daemonize. */
    const size_t limit =
        nofile.rlim_cur == RLIM_INFINITY ? (size_t)1 << 20 : (size_t)nofile.rlim_cur;
    if (capfs_evictor_start(&fs, limit) != 0)
        fprintf(stderr, "hopx-capfs: no evictor thread: lookups may fail with EMFILE\n");
    capfs_helpers_init(&fs);
    const int ret = fuse_session_loop(se);
    capfs_helpers_stop(&fs);
    capfs_evictor_stop(&fs);
    fuse_session_unmount(se);
    fuse_remove_signal_handlers(se);
    fuse_session_destroy(se);
    return ret ? 1 : 0;
}
