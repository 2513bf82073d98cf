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
#include <sys/file.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

void capfs_op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    if (in->type != S_IFREG) {
        fuse_reply_err(req, in->type == S_IFDIR ? EISDIR : ELOOP);
        return;
    }
    /* A writable open of a shared file opens a private copy; while the handle lives, a clone
     * copies this file instead of sharing it (cow.c). */
    const int writes = may_write(fi->flags);
    if (writes) {
        const int err = begin_change(fs, in);
        if (err) {
            fuse_reply_err(req, err);
            return;
        }
    }
    char proc[64];
    capfs_proc_path(proc, in->fd);
    const int fd = open(proc, capfs_open_flags(fi->flags));
    const int err = errno;
    if (fd >= 0 && writes)
        __atomic_add_fetch(&in->writers, 1, __ATOMIC_SEQ_CST);
    if (writes)
        end_change(fs);
    if (fd < 0) {
        fuse_reply_err(req, err);
        return;
    }
    if (fi->flags & O_TRUNC)
        capfs_quota_settle(&fs->quota, in, fd, 0, 0);
    fi->fh = (uint64_t)fd;
    /* The pages the kernel cached stay valid across opens: nothing but this mount writes the
     * backing files (op_init). Without it every open drops them and reads ask us again. */
    fi->keep_cache = 1;
    if (fuse_reply_open(req, fi) != 0)
        close(fd);
}

void capfs_op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    capfs_quota_settle(&fs->quota, in, (int)fi->fh, 0, 0);
    close((int)fi->fh);
    if (may_write(fi->flags))
        __atomic_sub_fetch(&in->writers, 1, __ATOMIC_SEQ_CST);
    fuse_reply_err(req, 0);
}

void capfs_op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
    (void)ino;
    const int fd = (int)fi->fh;
    fuse_reply_err(req, (datasync ? fdatasync(fd) : fsync(fd)) != 0 ? errno : 0);
}

void capfs_op_read(
    fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
    (void)ino;
    struct fuse_bufvec buf = FUSE_BUFVEC_INIT(size);
    buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    buf.buf[0].fd = (int)fi->fh;
    buf.buf[0].pos = off;
    fuse_reply_data(req, &buf, 0);
}

/* A shared mmap's dirty pages that could not be written (the cap, or the backing file system's
 * own error) leave the kernel's cache: msync(2) and fsync(2) report the error, and what a read
 * returns afterwards is what the disk holds, not bytes that were never stored (the pages would
 * stay cached until evicted, kept across opens by keep_cache). After the reply, so a read in
 * the moment between may still see them: the kernel ends the page's writeback with the reply,
 * and the invalidation waits for that (before it, it would wait forever). On a helper thread:
 * it may also wait for a read that only the loop thread answers. */
static void writeback_failed(struct capfs *fs, fuse_ino_t ino, off_t off, size_t size)
{
    capfs_offload_inval_inode(fs, ino, off, (off_t)size);
}

void capfs_op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in_buf, off_t off,
    struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    const int fd = (int)fi->fh;
    /* The kernel writing back cached pages (a shared mmap), not a write(2): it takes no short
     * count, so the pages go whole or not at all. */
    const int writeback = fi->writepage;
    size_t size = fuse_buf_size(in_buf);
    /* Fast path: the whole write fits even if every byte allocates (+ one block of rounding). */
    int64_t reserved = round_up((int64_t)size) + 4096;
    if (!capfs_quota_reserve(&fs->quota, reserved, 0)) {
        /* Near the cap: what the write can really grow. Rewriting allocated blocks of a dense
         * file costs nothing; a sparse file may allocate anywhere, so count it all. */
        struct stat st;
        if (fstat(fd, &st) != 0) {
            fuse_reply_err(req, errno);
            return;
        }
        /* \a off is where the data goes, an O_APPEND write's too (capfs_open_flags). */
        const int64_t end = off + (int64_t)size;
        const int dense = (int64_t)st.st_blocks * 512 >= round_up(st.st_size);
        const int64_t growth = dense ? (end > st.st_size ? round_up(end) - round_up(st.st_size) : 0)
                                     : round_up((int64_t)size);
        reserved = capfs_quota_reserve_upto(&fs->quota, growth);
        if (reserved < growth) {
            /* Accept what fits, whole blocks only; the next write gets ENOSPC. */
            const int64_t short_by = growth - (reserved & ~(int64_t)4095);
            if (short_by >= (int64_t)size || writeback) {
                capfs_quota_unreserve(&fs->quota, reserved, 0);
                fuse_reply_err(req, ENOSPC);
                if (writeback)
                    writeback_failed(fs, ino, off, size);
                return;
            }
            size -= (size_t)short_by;
        }
    }
    struct fuse_bufvec out_buf = FUSE_BUFVEC_INIT(size);
    out_buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    out_buf.buf[0].fd = fd;
    out_buf.buf[0].pos = off;
    const ssize_t n = fuse_buf_copy(&out_buf, in_buf, 0);
    capfs_quota_settle(&fs->quota, in, fd, reserved, 0);
    if (n < 0)
        fuse_reply_err(req, (int)-n);
    else
        fuse_reply_write(req, (size_t)n);
    if (writeback && (n < 0 || (size_t)n < size))
        writeback_failed(fs, ino, off, size);
}

void capfs_op_fallocate(
    fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length, struct fuse_file_info *fi)
{
    struct capfs *fs = fs_of(req);
    struct capfs_inode *in = capfs_inode(fs, ino);
    const int frees = (mode & FALLOC_FL_PUNCH_HOLE) != 0;
    const int64_t reserved = frees ? 0 : round_up((int64_t)length) + 4096;
    if (!capfs_quota_reserve(&fs->quota, reserved, 0)) {
        fuse_reply_err(req, ENOSPC);
        return;
    }
    const int r = fallocate((int)fi->fh, mode, offset, length);
    const int err = errno;
    capfs_quota_settle(&fs->quota, in, (int)fi->fh, reserved, 0);
    fuse_reply_err(req, r == 0 ? 0 : err);
}

/* The kernel hands copy_file_range(2) between two files of the mount to us: the backing file
 * system copies (or reflinks) the bytes without them crossing FUSE, so a cp of a checkpoint
 * inside the disk runs at the host's speed. Reserved like a write of \a len. */
void capfs_op_copy_file_range(fuse_req_t req, fuse_ino_t ino_in, off_t off_in,
    struct fuse_file_info *fi_in, fuse_ino_t ino_out, off_t off_out, struct fuse_file_info *fi_out,
    size_t len, int flags)
{
    (void)ino_in;
    struct capfs *fs = fs_of(req);
    struct capfs_inode *out = capfs_inode(fs, ino_out);
    int64_t reserved = capfs_quota_reserve_upto(&fs->quota, round_up((int64_t)len) + 4096);
    if (reserved < round_up((int64_t)len) + 4096) {
        /* Near the cap: copy what fits, whole blocks; nothing fits, ENOSPC. */
        const int64_t fits = (reserved & ~(int64_t)4095) - 4096;
        if (fits <= 0) {
            capfs_quota_unreserve(&fs->quota, reserved, 0);
            fuse_reply_err(req, ENOSPC);
            return;
        }
        len = (size_t)fits < len ? (size_t)fits : len;
    }
    loff_t in = off_in, o = off_out;
    const ssize_t n =
        copy_file_range((int)fi_in->fh, &in, (int)fi_out->fh, &o, len, (unsigned)flags);
    const int err = errno;
    capfs_quota_settle(&fs->quota, out, (int)fi_out->fh, reserved, 0);
    if (n < 0)
        fuse_reply_err(req, err);
    else
        fuse_reply_write(req, (size_t)n);
}

/* SEEK_DATA and SEEK_HOLE answered by the backing file: without this the kernel treats the
 * whole file as data, and a sparse file's holes (cp --sparse, tar -S) are not found. */
void capfs_op_lseek(
    fuse_req_t req, fuse_ino_t ino, off_t off, int whence, struct fuse_file_info *fi)
{
    (void)ino;
    const off_t r = lseek((int)fi->fh, off, whence);
    if (r < 0)
        fuse_reply_err(req, errno);
    else
        fuse_reply_lseek(req, r);
}

void capfs_op_statfs(fuse_req_t req, fuse_ino_t ino)
{
    (void)ino;
    struct statvfs st;
    capfs_quota_statfs(&fs_of(req)->quota, &st);
    fuse_reply_statfs(req, &st);
}
