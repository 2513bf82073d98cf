#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""hopx-capfs's copy-on-write between trees (app/capfs/cow.c), with real mounts: a checkpoint,
a restore and a fork share files, a change in one tree never reaches another, each tree counts
what it holds (the running total equals a fresh walk), and what a sandbox can do through its
mount (marker attributes, the host's requests, links, renames, "..", symlinks, a descriptor
opened before the clone) does not reach another branch's files; then random changes (writes,
appends, truncates, chmod, renames, links, unlinks, shared mappings) with checkpoints and forks
taken along the way, each checked at the end against what it held when it was taken.

  cow.py BINARY        prints "ok ..." / "FAIL ..." per check, exits 1 when one failed
"""

import errno
import hashlib
import mmap
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

BIN = os.path.realpath(sys.argv[1])
failed = False


def check(what, cond):
    global failed
    print(("ok   " if cond else "FAIL ") + what)
    failed |= not cond


def raises(code, fn):
    try:
        fn()
    except OSError as e:
        return e.errno in (code if isinstance(code, tuple) else (code,))
    return False


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def used_within(mnt, limit):
    """Waits (up to 2 s) until at most \a limit bytes are in use: the kernel forgets an unlinked
    inode, and the daemon frees its blocks, a moment after unlink(2) returns."""
    for _ in range(40):
        if used(mnt) <= limit:
            return True
        time.sleep(0.05)
    return False


def used(mnt):
    st = os.statvfs(mnt)
    return (st.f_blocks - st.f_bfree) * st.f_frsize


class Disk:
    """One sandbox's disk: backing directory and mount, as the app lays them out."""

    def __init__(self, root, name, cap="256M", options=""):
        self.dir = os.path.join(root, name)
        self.back = os.path.join(self.dir, "disk")
        self.mnt = os.path.join(self.dir, "mnt")
        self.options = "cap=%s,hide=.checkpoints%s" % (cap, options)
        for d in ("workspace", "home"):
            os.makedirs(os.path.join(self.back, d))
        os.makedirs(self.mnt)
        self.mount()

    def mount(self):
        subprocess.run([BIN, self.back, self.mnt, "-o", self.options], check=True)

    def unmount(self):
        if subprocess.run(["fusermount3", "-u", self.mnt], check=False).returncode != 0:
            subprocess.run(["fusermount3", "-u", "-z", self.mnt], check=False)

    def remount(self):
        self.unmount()
        self.mount()

    def request(self, name, value):
        os.setxattr(self.mnt, name, value.encode())

    def ws(self, *parts):
        return os.path.join(self.mnt, "workspace", *parts)

    def ckpt(self, cid, *parts):
        return os.path.join(self.back, ".checkpoints", cid, "workspace", *parts)


def main():
    work = tempfile.mkdtemp(prefix="capfs-cow.")
    os.chmod(work, 0o755)
    disks = []
    try:
        # With user attributes (the app mounts without: then a sandbox can list none at all).
        parent = Disk(work, "parent", options=",xattr")
        disks.append(parent)
        run(parent, work, disks)
    finally:
        for d in disks:
            d.unmount()
        subprocess.run(["rm", "-rf", work], check=False)
    print("all passed" if not failed else "SOME FAILED")
    return 1 if failed else 0


def run(parent, work, disks):
    # A workspace as an analysis leaves it: a large file, text, a directory, a symlink, two
    # hard links of one file, and a log held open for writing.
    big = os.urandom(8 << 20)
    with open(parent.ws("big.bin"), "wb") as f:
        f.write(big)
    with open(parent.ws("notes.txt"), "w") as f:
        f.write("v1\n")
    os.makedirs(parent.ws("sub", "deeper"))
    with open(parent.ws("sub", "deeper", "d.txt"), "w") as f:
        f.write("deep\n")
    os.symlink("notes.txt", parent.ws("link"))
    with open(parent.ws("h1"), "w") as f:
        f.write("one inode\n")
    os.link(parent.ws("h1"), parent.ws("h2"))
    log = open(parent.ws("log.txt"), "w")
    log.write("before\n")
    log.flush()
    big_sum = digest(parent.ws("big.bin"))
    before = used(parent.mnt)

    # --- a checkpoint: a link per file
    parent.request("hopx.clone", "workspace\n.checkpoints/c1/workspace")
    check("the checkpoint has the files", digest(parent.ckpt("c1", "big.bin")) == big_sum
          and open(parent.ckpt("c1", "sub", "deeper", "d.txt")).read() == "deep\n"
          and os.readlink(parent.ckpt("c1", "link")) == "notes.txt")
    check("a file is shared, not copied (one inode, two links)",
          os.stat(parent.ckpt("c1", "big.bin")).st_ino == os.stat(os.path.join(parent.back, "workspace", "big.bin")).st_ino)
    check("a file open for writing is copied, not shared",
          os.stat(parent.ckpt("c1", "log.txt")).st_ino != os.stat(os.path.join(parent.back, "workspace", "log.txt")).st_ino)
    log.write("after\n")
    log.flush()
    check("writes through a descriptor opened before the clone stay in the live tree",
          open(parent.ckpt("c1", "log.txt")).read() == "before\n"
          and open(parent.ws("log.txt")).read() == "before\nafter\n")
    log.close()
    check("the sandbox's own hard links stay one inode in the checkpoint",
          os.stat(parent.ckpt("c1", "h1")).st_ino == os.stat(parent.ckpt("c1", "h2")).st_ino)
    grew = used(parent.mnt) - before
    check("the checkpoint counts what it holds, in full (%d KiB for ~8 MiB)" % (grew >> 10),
          (8 << 20) <= grew <= (8 << 20) + (256 << 10))
    check("the mount does not show the checkpoints",
          ".checkpoints" not in os.listdir(parent.mnt)
          and raises(errno.ENOENT, lambda: os.stat(os.path.join(parent.mnt, ".checkpoints"))))
    counted = used(parent.mnt)
    parent.remount()
    check("the total is what a fresh walk finds", used(parent.mnt) == counted)

    # --- changes in the live tree leave the checkpoint as it was
    with open(parent.ws("big.bin"), "r+b") as f:
        f.seek(4096)
        f.write(b"changed")
    check("a write in place gets its own copy first", digest(parent.ckpt("c1", "big.bin")) == big_sum
          and digest(parent.ws("big.bin")) != big_sum)
    with open(parent.ws("notes.txt"), "a") as f:
        f.write("v2\n")
    check("an append", open(parent.ckpt("c1", "notes.txt")).read() == "v1\n")
    os.chmod(parent.ws("sub", "deeper", "d.txt"), 0o600)
    check("chmod", os.stat(parent.ckpt("c1", "sub", "deeper", "d.txt")).st_mode & 0o777 == 0o644)
    os.truncate(parent.ws("sub", "deeper", "d.txt"), 0)
    check("truncate", open(parent.ckpt("c1", "sub", "deeper", "d.txt")).read() == "deep\n")
    os.utime(parent.ws("h1"), (1, 1))
    check("times", os.stat(parent.ckpt("c1", "h1")).st_mtime != 1)
    with open(parent.ws("h1"), "a") as f:
        f.write("changed\n")
    check("the sandbox's hard links still share their change",
          open(parent.ws("h2")).read() == "one inode\nchanged\n"
          and open(parent.ckpt("c1", "h2")).read() == "one inode\n")

    # --- hostile: what the sandbox can do through its mount
    check("the marker cannot be set", raises((errno.EOPNOTSUPP, errno.EPERM),
          lambda: os.setxattr(parent.ws("notes.txt"), "user.hopx.shared", b"1")))
    os.setxattr(parent.mnt, "hopx.clone", b"workspace\n.checkpoints/c2/workspace")
    shared = parent.ws("sub", "deeper")
    check("nor seen on a shared file", not any(n.startswith("user.hopx.") for n in os.listxattr(parent.ws("h1")))
          and raises((errno.EOPNOTSUPP, errno.ENODATA), lambda: os.getxattr(parent.ws("h1"), "user.hopx.shared")))
    check("the host's requests are refused below the root",
          raises(errno.EOPNOTSUPP, lambda: os.setxattr(parent.ws(), "hopx.clone", b"workspace\n/tmp/x"))
          and raises(errno.EOPNOTSUPP, lambda: os.setxattr(parent.ws("notes.txt"), "hopx.remove", b".checkpoints")))
    check("a request with .. or an absolute destination of its own is refused",
          raises(errno.EINVAL, lambda: parent.request("hopx.clone", "workspace/../..\n.checkpoints/x"))
          and raises(errno.EINVAL, lambda: parent.request("hopx.clone", "/etc\n/tmp/x")))
    check("hopx.remove reaches only the hidden checkpoints",
          raises(errno.EPERM, lambda: parent.request("hopx.remove", "workspace")))
    os.symlink("../.checkpoints/c1/workspace/notes.txt", parent.ws("escape"))
    check("a symlink to a checkpoint leads nowhere", raises(errno.ENOENT, lambda: open(parent.ws("escape"))))
    check("nor does a name with .. ", raises(errno.ENOENT,
          lambda: open(os.path.join(parent.ws(), "..", ".checkpoints", "c1", "workspace", "notes.txt"))))
    check("a checkpoint's name cannot be made at the root",
          raises((errno.EPERM, errno.EEXIST, errno.ENOENT), lambda: os.mkdir(os.path.join(parent.mnt, ".checkpoints"))))
    os.rename(parent.ws("notes.txt"), parent.ws("sub", "moved.txt"))
    with open(parent.ws("sub", "moved.txt"), "a") as f:
        f.write("after a rename\n")
    check("a rename, then a write: the checkpoint keeps its file",
          open(os.path.join(parent.back, ".checkpoints", "c2", "workspace", "notes.txt")).read() == "v1\nv2\n")
    os.link(parent.ws("sub", "moved.txt"), parent.ws("again.txt"))
    with open(parent.ws("again.txt"), "a") as f:
        f.write("through a new link\n")
    check("a new hard link of a shared file, then a write",
          open(os.path.join(parent.back, ".checkpoints", "c2", "workspace", "notes.txt")).read() == "v1\nv2\n"
          and open(parent.ws("sub", "moved.txt")).read().endswith("through a new link\n"))
    with open(parent.ws("h2"), "rb") as ro:
        before_map = open(os.path.join(parent.back, ".checkpoints", "c2", "workspace", "h2")).read()
        with open(parent.ws("h2"), "r+b") as rw:
            m = mmap.mmap(rw.fileno(), 0)
            m[0:3] = b"ONE"
            m.flush()
            m.close()
        check("a shared mapping written: the checkpoint keeps its file",
              open(os.path.join(parent.back, ".checkpoints", "c2", "workspace", "h2")).read() == before_map)
        check("a descriptor opened read-only cannot write", raises(errno.EBADF, lambda: os.write(ro.fileno(), b"x")))
    with open(parent.ws("sub", "deeper", "d.txt"), "w") as f:
        f.write("O_TRUNC\n")
    check("O_TRUNC", open(os.path.join(parent.back, ".checkpoints", "c2", "workspace", "sub", "deeper", "d.txt")).read() == "")
    with open(parent.ws("xattr.txt"), "w") as f:
        f.write("x")
    parent.request("hopx.clone", "workspace\n.checkpoints/c3/workspace")
    os.setxattr(parent.ws("xattr.txt"), "user.k", b"v")
    check("an attribute set on a shared file",
          os.getxattr(parent.ws("xattr.txt"), "user.k") == b"v"
          and "user.k" not in os.listxattr(os.path.join(parent.back, ".checkpoints", "c3", "workspace", "xattr.txt")))

    # --- a fork: another disk takes the checkpoint's files
    child = Disk(work, "child")
    disks.append(child)
    c_before = used(child.mnt)
    child.request("hopx.clone", os.path.join(parent.back, ".checkpoints", "c1", "workspace") + "\nworkspace")
    check("the fork sees the checkpoint's files", digest(child.ws("big.bin")) == big_sum
          and open(child.ws("notes.txt")).read() == "v1\n")
    check("the fork counts them in full", used(child.mnt) - c_before >= (8 << 20))
    with open(child.ws("big.bin"), "r+b") as f:
        f.write(b"child")
    os.unlink(child.ws("notes.txt"))
    check("the fork's changes reach neither the checkpoint nor the parent",
          digest(parent.ckpt("c1", "big.bin")) == big_sum
          and open(parent.ckpt("c1", "notes.txt")).read() == "v1\n")
    sibling = Disk(work, "sibling")
    disks.append(sibling)
    sibling.request("hopx.clone", os.path.join(parent.back, ".checkpoints", "c1", "workspace") + "\nworkspace")
    check("nor a sibling fork", digest(sibling.ws("big.bin")) == big_sum
          and open(sibling.ws("notes.txt")).read() == "v1\n")
    counted = used(child.mnt)
    child.remount()
    check("the fork's total is what a fresh walk finds", used(child.mnt) == counted)
    parent.request("hopx.remove", ".checkpoints/c1")
    check("deleting the checkpoint leaves the forks whole", digest(sibling.ws("big.bin")) == big_sum
          and not os.path.exists(os.path.join(parent.back, ".checkpoints", "c1")))
    s_before = used(sibling.mnt)
    os.unlink(sibling.ws("big.bin"))
    check("deleting a shared file gives the fork its room back", used_within(sibling.mnt, s_before - (8 << 20)))

    # --- a restore: one rename
    parent.request("hopx.clone", "workspace\n.checkpoints/r1/workspace")
    listed = sorted(os.listdir(parent.ws()))
    with open(parent.ws("new-after-checkpoint.txt"), "w") as f:
        f.write("gone after the restore\n")
    with open(parent.ws("big.bin"), "r+b") as f:
        f.write(b"late change")
    shutil_rm(parent.ws("sub"))
    parent.request("hopx.restore", ".checkpoints/r1/workspace\nworkspace")
    check("a restore brings back the checkpoint's names", sorted(os.listdir(parent.ws())) == listed)
    check("and their contents", open(parent.ws("sub", "moved.txt")).read().startswith("v1\nv2\n")
          and open(parent.ws("big.bin"), "rb").read(11) != b"late change")
    counted = used(parent.mnt)
    parent.remount()
    check("after a restore the total is what a fresh walk finds", used(parent.mnt) == counted)

    # --- a checkpoint's variables, written beside the trees, move into it in one rename
    os.makedirs(os.path.join(parent.mnt, "state", "r1"))
    var_path = os.path.join(parent.mnt, "state", "r1", "python-state")
    with open(var_path, "wb") as f:
        f.write(os.urandom(2 << 20))
    var_sum = digest(var_path)
    before = used(parent.mnt)
    parent.request("hopx.move", "state/r1/python-state\n.checkpoints/r1/home/.cache/hopx/python-state")
    moved = os.path.join(parent.back, ".checkpoints", "r1", "home", ".cache", "hopx", "python-state")
    check("a move puts the file in the checkpoint, as it was", digest(moved) == var_sum
          and not os.path.exists(var_path))
    check("and counts it once (%d KiB more)" % ((used(parent.mnt) - before) >> 10),
          0 <= used(parent.mnt) - before <= 64 << 10)  # its directories; twice would be 2 MiB more
    counted = used(parent.mnt)
    parent.remount()
    check("after a move the total is what a fresh walk finds", used(parent.mnt) == counted)
    with open(var_path, "w") as f:
        f.write("again")
    check("a move never replaces a file",
          raises(errno.EEXIST, lambda: parent.request("hopx.move", "state/r1/python-state\n.checkpoints/r1/home/.cache/hopx/python-state")))
    check("a move reaches only into the hidden checkpoints",
          raises(errno.EINVAL, lambda: parent.request("hopx.move", "state/r1/python-state\nworkspace/x"))
          and raises(errno.EINVAL, lambda: parent.request("hopx.move", ".checkpoints/r1/workspace/big.bin\n.checkpoints/x"))
          and raises(errno.EINVAL, lambda: parent.request("hopx.move", "state/../workspace/big.bin\n.checkpoints/x"))
          and raises(errno.EINVAL, lambda: parent.request("hopx.move", "/etc/passwd\n.checkpoints/x")))
    check("and takes no directory and no file with another name",
          raises(errno.EINVAL, lambda: parent.request("hopx.move", "state/r1\n.checkpoints/x"))
          and raises(errno.EINVAL, lambda: parent.request("hopx.move", "workspace/h1\n.checkpoints/x")))
    check("nor is it a request the sandbox can make",
          raises(errno.EOPNOTSUPP, lambda: os.setxattr(parent.ws(), "hopx.move", b"workspace/big.bin\n.checkpoints/x")))
    shutil_rm(os.path.join(parent.mnt, "state"))

    # --- checkpoints and restores while the sandbox works in the tree: the daemon answers on
    # one thread, and a restore's invalidations wait for the kernel's directory locks, which a
    # lookup or create in that directory holds until it is answered. Neither may wait for the
    # other (SIGALRM ends the test if they do).
    busy_while_restoring(parent)

    # --- random changes with branches taken along the way
    for seed in (1, 2, 3):
        random_branches(work, disks, seed, 400)

    # --- the cap
    small = Disk(work, "small", cap="4M")
    disks.append(small)
    check("a clone that does not fit fails with ENOSPC", raises(errno.ENOSPC, lambda: small.request(
        "hopx.clone", os.path.join(parent.back, ".checkpoints", "r1", "workspace") + "\nworkspace")))


def busy_while_restoring(disk, rounds=40):
    os.makedirs(disk.ws("busy", "sub"))
    worker = os.fork()
    if worker == 0:
        code = 0
        try:
            deadline = time.monotonic() + 600
            i = 0
            while not os.path.exists(disk.ws("stop")) and time.monotonic() < deadline:
                for d in (disk.ws("busy"), disk.ws("busy", "sub"), disk.ws()):
                    try:
                        name = os.path.join(d, "f%d" % (i % 50))
                        with open(name, "w") as f:
                            f.write("x" * i)
                        os.stat(name)
                        os.listdir(d)
                        os.unlink(name)
                    except OSError:
                        pass  # a restore may take the directory away meanwhile
                i += 1
        except BaseException:
            code = 1
        os._exit(code)
    done = []

    def host():
        for n in range(rounds):
            cid = "busy%d" % n
            disk.request("hopx.clone", "workspace\n.checkpoints/%s/workspace" % cid)
            disk.request("hopx.restore", ".checkpoints/%s/workspace\nworkspace" % cid)
            disk.request("hopx.remove", ".checkpoints/" + cid)
            done.append(n)

    requests = threading.Thread(target=host, daemon=True)
    requests.start()
    requests.join(120)
    if requests.is_alive():
        # A request stuck in the daemon cannot be interrupted, only ended with the daemon.
        check("checkpoints and restores while a process works in the tree: none hangs "
              "(stuck after %d rounds: the daemon is ended)" % len(done), False)
        subprocess.run(["pkill", "-KILL", "-f", disk.back], check=False)
        os.kill(worker, signal.SIGKILL)
        os.waitpid(worker, 0)
        raise SystemExit(1)
    with open(disk.ws("stop"), "w"):
        pass
    _, status = os.waitpid(worker, 0)
    os.unlink(disk.ws("stop"))
    shutil_rm(disk.ws("busy"))
    check("%d checkpoints and restores while a process works in the tree: none hangs" % len(done),
          len(done) == rounds and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0)


def snapshot(root):
    """Every entry under root: its type, mode, size and content (what a branch must keep)."""
    out = {}
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            p = os.path.join(d, n)
            st = os.lstat(p)
            rel = os.path.relpath(p, root)
            if os.path.islink(p):
                out[rel] = ("l", os.readlink(p))
            elif os.path.isdir(p):
                out[rel] = ("d", st.st_mode & 0o7777)
            else:
                out[rel] = ("f", st.st_mode & 0o7777, digest(p))
    return out


def random_branches(work, disks, seed, ops):
    """Random changes to a live tree with checkpoints and forks taken along the way: at the end
    every checkpoint and fork still holds exactly what it held when it was taken."""
    import random
    rnd = random.Random(seed)
    live = Disk(work, "random-%d" % seed)
    disks.append(live)
    names = ["a", "b", "c", "d", "sub/e", "sub/f", "sub/deep/g"]
    os.makedirs(live.ws("sub", "deep"))
    kept = []  # (path on the host, what it held)
    for i in range(ops):
        name = rnd.choice(names)
        path = live.ws(*name.split("/"))
        what = rnd.randrange(11)
        try:
            if what == 0:
                with open(path, "wb") as f:
                    f.write(os.urandom(rnd.choice([0, 10, 4096, 70000])))
            elif what == 1:
                with open(path, "ab") as f:
                    f.write(b"+%d" % i)
            elif what == 2:
                with open(path, "r+b") as f:
                    f.seek(rnd.randrange(8192))
                    f.write(b"in place %d" % i)
            elif what == 3:
                os.truncate(path, rnd.randrange(5000))
            elif what == 4:
                os.chmod(path, rnd.choice([0o600, 0o644, 0o755, 0o400]))
            elif what == 5:
                os.rename(path, live.ws(*rnd.choice(names).split("/")))
            elif what == 6:
                os.link(path, live.ws(*rnd.choice(names).split("/")))
            elif what == 7:
                os.unlink(path)
            elif what == 8:
                with open(path, "r+b") as f:
                    if os.fstat(f.fileno()).st_size:
                        m = mmap.mmap(f.fileno(), 0)
                        m[0:1] = b"M"
                        m.close()
            elif what == 9:
                cid = "r%d" % i
                live.request("hopx.clone", "workspace\n.checkpoints/%s/workspace" % cid)
                kept.append((os.path.join(live.back, ".checkpoints", cid, "workspace"), snapshot(live.ws())))
            else:
                fork = Disk(work, "random-%d-fork-%d" % (seed, i), cap="64M")
                disks.append(fork)
                src = kept[-1][0] if kept and rnd.random() < 0.5 else None
                if src is None:
                    cid = "f%d" % i
                    live.request("hopx.clone", "workspace\n.checkpoints/%s/workspace" % cid)
                    src = os.path.join(live.back, ".checkpoints", cid, "workspace")
                    kept.append((src, snapshot(live.ws())))
                fork.request("hopx.clone", src + "\nworkspace")
                check_taken = snapshot(fork.ws()) == snapshot(src)
                with open(fork.ws("a"), "ab") as f:  # the fork changes too (its own links of
                    f.write(b"fork")  # "a" with it)
                kept.append((fork.ws(), snapshot(fork.ws())))
                if not check_taken:
                    kept.append((fork.ws(), {}))  # a fork that did not get its source
        except OSError:
            pass  # a missing name, a rename onto a directory: what a sandbox meets too
    changed = [p for p, held in kept if snapshot(p) != held]
    for p, held in kept:  # the first, to read
        now = snapshot(p)
        if now != held:
            print("     changed: %s %s" % (p, {k: (held.get(k), now.get(k)) for k in set(held) | set(now)
                                                if held.get(k) != now.get(k)}))
            break
    check("seed %d: %d changes, %d checkpoints and forks, each still as it was taken"
          % (seed, ops, len(kept)), not changed)
    counted = used(live.mnt)
    live.remount()
    check("seed %d: the total is what a fresh walk finds" % seed, used(live.mnt) == counted)


def shutil_rm(path):
    subprocess.run(["rm", "-rf", path], check=True)


if __name__ == "__main__":
    sys.exit(main())
