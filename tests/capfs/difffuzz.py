#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""Differential fuzzer of hopx-capfs: the same random file operations (fuzzops.py) on a
hopx-capfs mount and on a plain directory of the host's file system, every result compared
(value, errno, bytes read), and the whole trees compared every --check ops and at the end
(names, types, sizes, modes, owners, link counts, contents, symlink targets, user.* xattrs).

  difffuzz.py BINARY [--seeds N] [--first-seed S] [--ops N] [--cap SIZE] [--no-xattr]

Exit 0 when every difference is one of the explained ones (EXPLAINED below, also in
docs/reliability.md), 1 otherwise; the first unexplained difference of a seed ends that seed
and prints the command that replays it. With --cap (a small cap, e.g. 4M) the capfs side may
say ENOSPC, or write short, where the host does not: then the host side does what capfs did
(nothing, or the bytes capfs took), and the fuzzer checks that the ENOSPC was due: the mount's
free space before the operation was less than it could need, and the capped usage never
passes the cap. Everything written before stays compared to the end."""

import argparse
import ctypes
import errno
import hashlib
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzops  # noqa: E402

# The differences on purpose: (reason, test). Each counted, none a failure.
EXPLAINED = {
    "setid": "set-user-ID (and set-group-ID on files) is dropped: the backing directory is not "
    "nosuid on the host",
    "symlink-link": "a hard link to a symlink is refused (EPERM): made through /proc/self/fd it "
    "would follow the link",
    "no-xattr": "without -o xattr (as the app mounts) xattr calls are EOPNOTSUPP",
    "cap": "ENOSPC (or a short write) at the cap where the host had room",
    "hole": "SEEK_DATA/SEEK_HOLE at another offset, each an answer lseek(2) allows for the same "
    "bytes: ext4 reports a fallocated (unwritten) range as data once its pages are cached, and "
    "through capfs the daemon's reads of the backing file cache other ranges than the host's",
}
GROWS = {"open", "write", "pwrite", "fallocate", "copy_file_range", "setxattr", "mkdir", "symlink",
         "mkfifo", "link", "rename", "renameat2", "mmap_write", "truncate", "ftruncate"}
BLOCK = 4096


def round_up(v):
    return (v + BLOCK - 1) // BLOCK * BLOCK


def safe_mode(mode, is_dir):
    mode &= ~stat.S_ISUID
    if not is_dir:
        mode &= ~stat.S_ISGID
    return mode


def tree(root):
    """Every entry under \\a root (not following symlinks), and its blocks (each inode once)."""
    out, seen, blocks = {}, set(), 0

    def unreadable(e):  # a directory its owner may not read (both sides alike, or a difference)
        out[os.path.relpath(e.filename, root) + "/*"] = errno.errorcode[e.errno]

    for d, dirs, files in os.walk(root, onerror=unreadable):
        for n in sorted(dirs + files):
            p = os.path.join(d, n)
            rel = os.path.relpath(p, root)
            try:
                st = os.lstat(p)
            except OSError as e:  # in a directory its owner may not search
                out[rel] = errno.errorcode[e.errno]
                continue
            kind = stat.S_IFMT(st.st_mode)
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                blocks += st.st_blocks * 512 + BLOCK
            body = None
            if stat.S_ISREG(kind):
                try:
                    with open(p, "rb") as f:
                        body = hashlib.sha1(f.read()).hexdigest()
                except OSError as e:
                    body = errno.errorcode[e.errno]
            elif stat.S_ISLNK(kind):
                body = os.readlink(p)
            xattrs = None
            if stat.S_ISREG(kind) or stat.S_ISDIR(kind):
                try:
                    xattrs = sorted((a, os.getxattr(p, a, follow_symlinks=False))
                                    for a in os.listxattr(p, follow_symlinks=False))
                except OSError as e:
                    xattrs = errno.errorcode[e.errno]
            size = st.st_size if not stat.S_ISDIR(kind) else None
            out[rel] = (kind, stat.S_IMODE(st.st_mode), st.st_nlink, st.st_uid, st.st_gid, size, body, xattrs)
    st = os.lstat(root)
    return out, blocks + st.st_blocks * 512 + BLOCK


def remove(path):
    """rm -rf, also of directories the fuzzer left without permissions for their owner."""
    for d, dirs, _ in os.walk(path, onerror=lambda e: None):
        for n in dirs:
            if not os.path.islink(os.path.join(d, n)):
                os.chmod(os.path.join(d, n), 0o700)
    os.chmod(path, 0o700)
    shutil.rmtree(path, ignore_errors=True)


def used_and_free(path):
    s = os.statvfs(path)
    return (s.f_blocks - s.f_bfree) * s.f_frsize, s.f_bavail * s.f_frsize, s.f_favail


class Fuzz:
    def __init__(self, mount, back, ref, args, seed):
        """\\a mount: where capfs is mounted, \\a back: its backing directory."""
        self.a, self.b = fuzzops.Side(os.path.join(mount, "root")), fuzzops.Side(ref)
        self.mount, self.back = mount, back
        self.args, self.seed = args, seed
        self.rng = random.Random(seed)
        self.explained = dict.fromkeys(EXPLAINED, 0)
        self.recent = []
        ids = [-1, os.getuid(), os.getgid()] + os.getgroups()
        self.ids = ids + [0, 1000, 65534] if os.getuid() == 0 else ids

    def fail(self, i, what, slot=None):
        print("seed %d op %d: %s" % (self.seed, i, what))
        if slot in self.a.fds and slot in self.b.fds:
            for side in (self.a, self.b):
                fd = side.fds[slot]
                body = b""
                if stat.S_ISREG(os.fstat(fd).st_mode):
                    with open("/proc/self/fd/%d" % fd, "rb") as f:  # the slot's may be write-only
                        body = f.read(1 << 24)
                print("  slot %d: position %d, size %d, sha1 %s" % (slot, os.lseek(fd, 0, os.SEEK_CUR),
                      os.fstat(fd).st_size, hashlib.sha1(body).hexdigest()[:8]))
        for line in self.recent[-12:]:
            print("   ", line)
        print("  replay: %s %s --first-seed %d --seeds 1 --ops %d%s%s" % (
            sys.argv[0], self.args.binary, self.seed, i + 1,
            " --cap " + self.args.cap if self.args.cap else "", " --no-xattr" if self.args.no_xattr else ""))
        return False

    def run(self):
        for i in range(self.args.ops):
            name, args = fuzzops.draw(self.rng, self.ids, sorted(self.a.fds))
            if not self.step(i, name, args):
                return False
            if (i + 1) % self.args.check == 0 and not self.compare_trees(i):
                return False
        self.a.close_all()
        self.b.close_all()
        return self.compare_trees(self.args.ops)

    def step(self, i, name, args):
        capped = self.args.cap and name in GROWS
        before = used_and_free(self.a.root) if capped else None
        ra = self.a.run(name, args)
        # An ENOSPC that was not due (below) may still be the host's own: ext4 holds one
        # inode's xattrs in one block, and says ENOSPC past it whatever is free. The host decides.
        if capped and self.at_cap(name, args, ra) and self.due(name, args, before):
            self.explained["cap"] += 1
            if ra == ("E", "ENOSPC"):
                self.recent.append("%d %s%s: capfs ENOSPC, host skipped" % (i, name, short(args)))
                if self.args.trace:
                    print(self.recent[-1])
                if name == "open" and args[0] in self.b.fds:
                    os.close(self.b.fds.pop(args[0]))  # the failed open closed the slot's old file
                return True
            # A short write or copy: the host takes as much.
            args = (args[:2] + (ra,) + args[3:]) if name == "copy_file_range" else (args[0], args[1][:ra]) + args[2:]
        rb = self.b.run(name, args)
        self.recent = self.recent[-40:] + ["%d %s%s -> %s / %s" % (i, name, short(args), short(ra), short(rb))]
        if self.args.trace:
            print(self.recent[-1])
        if ra == rb:
            return self.after(i, name, args, capped)
        why = self.explain(name, args, ra, rb)
        if why:
            self.explained[why] += 1
            return self.after(i, name, args, capped)
        free = ", %d bytes free before" % before[1] if before else ""
        return self.fail(i, "%s%s: capfs %s, host %s%s" % (name, short(args), short(ra), short(rb), free),
                         args[0] if isinstance(args[0], int) else None)

    def at_cap(self, name, args, ra):
        if ra == ("E", "ENOSPC"):
            return True
        if name == "copy_file_range":
            return isinstance(ra, int) and ra < args[2]
        return name in ("write", "pwrite") and isinstance(ra, int) and ra < len(args[1])

    def due(self, name, args, before):
        """An ENOSPC or short write of capfs is due when the operation could need more than
        was free before it (blocks rounded up, one block more for the file system's own)."""
        used, free, ffree = before
        need = {"write": lambda: round_up(len(args[1])) + BLOCK, "pwrite": lambda: round_up(len(args[1])) + BLOCK,
                "fallocate": lambda: round_up(args[3]) + BLOCK, "copy_file_range": lambda: round_up(args[2]) + BLOCK,
                "setxattr": lambda: round_up(len(args[2]) + len(args[1])) + BLOCK}.get(name, lambda: BLOCK)()
        self.free_before = free
        return free < need + 2 * BLOCK or ffree == 0

    def after(self, i, name, args, capped):
        if not capped:
            return True
        used, free, _ = used_and_free(self.a.root)
        cap = parse_size(self.args.cap)
        # The file system may allocate an extent block past what was reserved (quota.c).
        if used > cap + 4 * BLOCK:
            return self.fail(i, "%s%s: the mount says %d bytes used, over the cap of %d" % (name, short(args), used, cap))
        return True

    def explain(self, name, args, ra, rb):
        if self.args.no_xattr and name.endswith("xattr") and ra in (("E", "EOPNOTSUPP"), ("E", "ENOTSUP")):
            self.undo_xattr(name, args, rb)
            return "no-xattr"
        if name == "link" and ra == ("E", "EPERM") and rb == "ok":
            st = os.lstat(self.b.p(args[1]))
            if stat.S_ISLNK(st.st_mode):
                os.unlink(self.b.p(args[1]))  # the host's link undone: the sides stay the same
                return "symlink-link"
        if (name == "lseek" and args[2] in (fuzzops.SEEK_DATA, fuzzops.SEEK_HOLE)
                and self.backing_says(args) in (None, ra) and self.both_allowed(args, ra, rb)):
            # The host's descriptor goes where capfs's went: a write(2) after it must land at
            # the same offset on both sides (seed 10 diverged there before).
            os.lseek(self.b.fds[args[0]], os.lseek(self.a.fds[args[0]], 0, os.SEEK_CUR), os.SEEK_SET)
            return "hole"
        if name in ("stat", "lstat", "fstat") and isinstance(ra, tuple) and isinstance(rb, tuple) and len(ra) == 6:
            is_dir = stat.S_ISDIR(rb[0])
            if ra == (rb[0], safe_mode(rb[1], is_dir)) + rb[2:]:
                return "setid"
        return None

    def backing_says(self, args):
        """What capfs's backing file answers to the same lseek (capfs passes it on, so the
        difference is between two ext4 files, not capfs's); None when the file has no name to
        open it by (unlinked, renamed meanwhile) or this user may not read it."""
        path = os.readlink("/proc/self/fd/%d" % self.a.fds[args[0]])
        if not path.startswith(self.mount + "/") or path.endswith(" (deleted)"):
            return None
        try:
            fd = os.open(self.back + path[len(self.mount):], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            r = fuzzops.libc.lseek(fd, args[1], args[2])
            return r if r >= 0 else ("E", errno.errorcode[ctypes.get_errno()])
        finally:
            os.close(fd)

    def both_allowed(self, args, ra, rb):
        """Each answer is one lseek(2) allows for the file's bytes (the same on both sides, or
        the trees differ): SEEK_DATA skips only zeros (ENXIO: zeros to the end); SEEK_HOLE
        stops at the end or at a block of zeros (a hole, block-aligned). What counts as data
        is the file system's: a range may be reported as data although it reads as zeros."""
        slot, off, whence = args
        body = []
        for side in (self.a, self.b):
            # Through a descriptor of its own: the slot's may be write-only.
            with open("/proc/self/fd/%d" % side.fds[slot], "rb") as f:
                body.append(f.read(64 << 20))
        if body[0] != body[1] or len(body[0]) >= (64 << 20) or off >= len(body[0]):
            return False
        data, size = body[0], len(body[0])
        zeros = lambda lo, hi: data[lo:hi].count(0) == hi - lo
        for r in (ra, rb):
            if whence == fuzzops.SEEK_DATA:
                ok = zeros(off, size) if r == ("E", "ENXIO") else isinstance(r, int) and off <= r < size and zeros(off, r)
            else:
                ok = isinstance(r, int) and off <= r <= size and (r == size or (r % BLOCK == 0 and zeros(r, min(r + BLOCK, size))))
            if not ok:
                return False
        return True

    def undo_xattr(self, name, args, rb):
        """Without xattrs on capfs the host's xattr change is undone (the tree stays comparable)."""
        if name == "setxattr" and rb == "ok":
            os.removexattr(self.b.p(args[0]), args[1], follow_symlinks=args[4])

    def compare_trees(self, i):
        ta, used_a = tree(self.a.root)
        tb, _ = tree(self.b.root)
        for rel in sorted(set(ta) | set(tb)):
            ea, eb = ta.get(rel), tb.get(rel)
            if ea == eb:
                continue
            if ea and eb:
                mode = safe_mode(eb[1], stat.S_ISDIR(eb[0]))
                xattrs = ea[7] if self.args.no_xattr and ea[7] in ("EOPNOTSUPP", "ENOTSUP") and eb[7] == [] else eb[7]
                if ea == eb[:1] + (mode,) + eb[2:7] + (xattrs,):
                    self.explained["setid"] += mode != eb[1]
                    continue
            return self.fail(i, "trees differ at %s: capfs %s, host %s" % (rel, ea, eb))
        if self.args.cap:
            # What capfs says it holds and what the tree it shows holds: the same, apart from
            # files still open after their last unlink (blocks not yet back) and directories'
            # own blocks that grew without a getattr since.
            used, _, _ = used_and_free(self.a.root)
            if used < used_a - 16 * BLOCK:
                return self.fail(i, "capfs counts %d bytes used, its tree holds %d" % (used, used_a))
        return True


def short(v):
    s = repr(v if not isinstance(v, (bytes, bytearray)) else "%d bytes sha1 %s" % (len(v), hashlib.sha1(v).hexdigest()[:8]))
    if isinstance(v, tuple):
        s = "(" + ", ".join(short(x) for x in v) + ")"
    return s if len(s) < 100 else s[:60] + "..." + s[-30:]


def parse_size(s):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(s[:-1]) * mult[s[-1].upper()] if s[-1].upper() in mult else int(s)


def mount(binary, back, mnt, cap, xattr):
    opts = "cap=%s%s" % (cap, ",xattr" if xattr else "")
    subprocess.run([binary, back, mnt, "-o", opts], check=True)


def unmount(mnt):
    for args in (["fusermount3", "-u", mnt], ["fusermount3", "-u", "-z", mnt]):
        if subprocess.run(args, stderr=subprocess.DEVNULL).returncode == 0:
            return


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--ops", type=int, default=3000, help="operations per seed")
    ap.add_argument("--check", type=int, default=1000, help="compare the whole trees every N operations")
    ap.add_argument("--cap", default="", help="a small cap (e.g. 4M): ENOSPC expected; default 1G, never reached")
    ap.add_argument("--trace", action="store_true", help="print every operation and both results")
    ap.add_argument("--no-xattr", action="store_true", help="mount as the app does, without -o xattr")
    ap.add_argument("--dir", default=os.environ.get("HOPX_FUZZ_DIR", "/var/tmp"),
                    help="where the backing and the host directories live (one file system)")
    args = ap.parse_args()
    args.binary = os.path.realpath(args.binary)
    os.umask(0o022)
    work = tempfile.mkdtemp(prefix="capfs-difffuzz.", dir=args.dir)
    os.chmod(work, 0o755)
    totals = dict.fromkeys(EXPLAINED, 0)
    failed, ops, t0 = 0, 0, time.monotonic()
    try:
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            # Each side one level down in a directory of its own: a symlink to "../f2" at a
            # root leads out of the tree, and the two sides must not meet there. On the capfs
            # side out there is still the mount (its root's parent is the mount's root): on the
            # host's disk instead, copy_file_range between it and the mount said EXDEV (two file
            # systems) where the host side copied, seeds 8 and 12 of the first long run.
            # A fresh directory per seed: what one seed wrote out there must not meet the next.
            back, mnt, ref = (os.path.join(work, "seed%d" % seed, n) for n in ("back", "mnt", "ref"))
            for d in (back, mnt, ref):
                os.makedirs(d)
            mount(args.binary, back, mnt, args.cap or "1G", not args.no_xattr)
            try:
                for d in (mnt, ref):
                    os.mkdir(os.path.join(d, "root"))
                fz = Fuzz(mnt, back, os.path.join(ref, "root"), args, seed)
                ok = fz.run()
                fz.a.close_all()
                fz.b.close_all()
            finally:
                unmount(mnt)
            ops += args.ops
            failed += not ok
            for k, v in fz.explained.items():
                totals[k] += v
            remove(os.path.join(work, "seed%d" % seed))
    finally:
        remove(work)
    secs = time.monotonic() - t0
    print("%d seeds (%d-%d), %d operations each, %.0f s (%.0f ops/s per side), cap %s, xattr %s, as %s: "
          "%d seed(s) with an unexplained difference; explained: %s" % (
              args.seeds, args.first_seed, args.first_seed + args.seeds - 1, args.ops, secs, ops / secs,
              args.cap or "1G (not reached)", "off" if args.no_xattr else "on", os.getuid(), failed,
              ", ".join("%s %d" % kv for kv in totals.items())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
