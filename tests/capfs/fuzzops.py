# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""The operations of the differential fuzzer (difffuzz.py): what it draws from its seed, and how
one operation runs on one side (a hopx-capfs mount or a plain host directory).

An operation is (name, args) drawn from a random.Random only: it never looks at either side, so
a seed gives the same sequence everywhere. Paths are relative to a side's root; open files are
slots (the same slot number holds the "same" file on both sides). run() returns what a program
would see: a value, or ("E", errno name)."""

import ctypes
import errno
import mmap
import os
import stat

libc = ctypes.CDLL(None, use_errno=True)
libc.renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
libc.fallocate.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_long, ctypes.c_long]
libc.lseek.argtypes = [ctypes.c_int, ctypes.c_long, ctypes.c_int]
libc.lseek.restype = ctypes.c_long
AT_FDCWD = -100
RENAME_NOREPLACE, RENAME_EXCHANGE = 1, 2
FALLOC_FL_KEEP_SIZE, FALLOC_FL_PUNCH_HOLE, FALLOC_FL_ZERO_RANGE = 1, 2, 0x10
SEEK_DATA, SEEK_HOLE = 3, 4

# A few parents and names, so that operations keep meeting each other's results: a rename over
# an existing file, a create where a directory is, a link count that grows and shrinks.
PARENTS = ["", "d0", "d1", "d0/d1", "d1/d0", "d0/e0"]
NAMES = ["f0", "f1", "f2", "f3", "d0", "d1", "e0", "s0", "s1", "L" * 255, "M" * 256]
LINK_TARGETS = ["f0", "f1", "../f2", "d0", "d0/f3", "missing", "s0", "s1", "../d1/f0", "L" * 255]
XATTR_NAMES = ["user.a", "user.b", "user." + "x" * 250, "user.c"]
SLOTS = 48  # open files at once (plus bursts of many more, see "burst")
MODES = [0o644, 0o600, 0o755, 0o444, 0o000, 0o777, 0o4755, 0o2755, 0o1777, 0o640, 0o6711]
OPEN_FLAGS = [os.O_CREAT, os.O_EXCL, os.O_TRUNC, os.O_APPEND, os.O_NOFOLLOW, os.O_DIRECTORY]

# name: weight. Writes and reads dominate, as in real use; the rest keep the tree changing.
WEIGHTS = {
    "open": 14, "close": 8, "write": 12, "pwrite": 10, "read": 8, "pread": 8, "lseek": 3,
    "ftruncate": 3, "truncate": 2, "fstat": 4, "stat": 6, "lstat": 3, "fsync": 2,
    "rename": 5, "renameat2": 2, "link": 3, "symlink": 3, "readlink": 2, "unlink": 5,
    "mkdir": 4, "rmdir": 3, "listdir": 3, "chmod": 3, "fchmod": 1, "chown": 2, "utimens": 2,
    "mkfifo": 1, "setxattr": 3, "getxattr": 2, "listxattr": 2, "removexattr": 2,
    "fallocate": 2, "copy_file_range": 2, "mmap_write": 1, "access": 1, "burst": 0.2,
}
_NAMES_BY_WEIGHT = list(WEIGHTS)
_CUM = []
_total = 0.0
for _n in _NAMES_BY_WEIGHT:
    _total += WEIGHTS[_n]
    _CUM.append(_total)


def _path(rng):
    parent = rng.choice(PARENTS)
    name = rng.choice(NAMES)
    return parent + "/" + name if parent else name


def _size(rng):
    r = rng.random()
    if r < 0.15:
        return 0
    if r < 0.7:
        return rng.randint(1, 300)
    if r < 0.95:
        return rng.choice([4095, 4096, 4097, 8192]) + rng.randint(-2, 2)
    return rng.randint(8192, 160 << 10)


def _offset(rng):
    r = rng.random()
    if r < 0.5:
        return rng.randint(0, 9000)
    if r < 0.8:
        return rng.choice([4096, 8192, 65536, 1 << 20]) * rng.randint(0, 3) + rng.randint(0, 1)
    return rng.randint(0, 3 << 20)


def draw(rng, ids, open_slots):
    """One operation. \\a ids: the owner ids chown may use (root: others too); \\a open_slots:
    the slots that hold a file (the same on both sides while they agree), which most operations
    on descriptors pick from, so that few end in EBADF."""
    x = rng.random() * _total
    lo, hi = 0, len(_CUM) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if _CUM[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    name = _NAMES_BY_WEIGHT[lo]
    slot = rng.choice(open_slots) if open_slots and rng.random() < 0.9 else rng.randrange(SLOTS)
    if name == "open":
        slot = rng.randrange(SLOTS)
        acc = rng.choice([os.O_RDONLY, os.O_WRONLY, os.O_RDWR, os.O_RDWR])
        flags = acc
        for f in OPEN_FLAGS:
            if rng.random() < (0.6 if f == os.O_CREAT else 0.12):
                flags |= f
        return name, (slot, _path(rng), flags, rng.choice(MODES))
    if name in ("write", "pwrite"):
        n = _size(rng)
        return name, (slot, rng.randbytes(n), _offset(rng))
    if name in ("read", "pread"):
        return name, (slot, rng.choice([1, 100, 4096, 70000]), _offset(rng))
    if name == "lseek":
        return name, (slot, _offset(rng), rng.choice([os.SEEK_SET, os.SEEK_CUR, os.SEEK_END, SEEK_DATA, SEEK_HOLE]))
    if name in ("ftruncate", "truncate"):
        return name, (slot, _path(rng), _offset(rng))
    if name in ("rename", "link"):
        return name, (_path(rng), _path(rng), rng.random() < 0.5)
    if name == "renameat2":
        return name, (_path(rng), _path(rng), rng.choice([RENAME_NOREPLACE, RENAME_EXCHANGE]))
    if name == "symlink":
        return name, (rng.choice(LINK_TARGETS), _path(rng))
    if name in ("chmod", "fchmod", "mkdir", "mkfifo"):
        return name, (slot, _path(rng), rng.choice(MODES))
    if name == "chown":
        return name, (_path(rng), rng.choice(ids), rng.choice(ids), rng.random() < 0.5)
    if name == "utimens":
        t = lambda: rng.randint(0, 2_000_000_000) * 10**9 + rng.randint(0, 10**9 - 1)
        return name, (_path(rng), t(), t(), rng.random() < 0.5)
    if name == "setxattr":
        return name, (_path(rng), rng.choice(XATTR_NAMES), rng.randbytes(rng.choice([0, 5, 100, 3000])),
                      rng.choice([0, 0, os.XATTR_CREATE, os.XATTR_REPLACE]), rng.random() < 0.7)
    if name in ("getxattr", "removexattr"):
        return name, (_path(rng), rng.choice(XATTR_NAMES), rng.random() < 0.7)
    if name == "fallocate":
        mode = rng.choice([0, 0, FALLOC_FL_KEEP_SIZE, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, FALLOC_FL_ZERO_RANGE])
        return name, (slot, mode, _offset(rng), rng.randint(1, 70000))
    if name == "copy_file_range":
        dst = rng.choice(open_slots) if open_slots else rng.randrange(SLOTS)
        return name, (slot, dst, rng.randint(0, 70000), _offset(rng), _offset(rng))
    if name == "mmap_write":
        return name, (slot, rng.randbytes(rng.randint(1, 5000)), rng.randint(0, 20000))
    if name == "access":
        return name, (_path(rng), rng.choice([os.R_OK, os.W_OK, os.X_OK, os.F_OK]))
    if name == "burst":
        return name, (_path(rng), rng.randint(100, 400))
    # stat, lstat, fstat, fsync, close, readlink, unlink, rmdir, listdir, listxattr
    return name, (slot, _path(rng), rng.random() < 0.5)


def _stat_tuple(st):
    """What two sides must agree on: type, permission bits, owner, links, and a regular file's
    size (a directory's size is its backing file system's business, and both back on one)."""
    size = st.st_size if not stat.S_ISDIR(st.st_mode) else None
    return (stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode), st.st_nlink, st.st_uid, st.st_gid, size)


def _ret(call):
    r = call()
    if r < 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return r


class Side:
    """One file system under test: a root directory and the files it has open in each slot."""

    def __init__(self, root):
        self.root = root
        self.fds = {}

    def p(self, rel):
        return os.path.join(self.root, rel)

    def close_all(self):
        for fd in self.fds.values():
            os.close(fd)
        self.fds.clear()

    def fd(self, slot):
        if slot not in self.fds:
            raise OSError(errno.EBADF, "no file in slot")
        return self.fds[slot]

    def run(self, name, args):
        try:
            return getattr(self, "op_" + name)(*args)
        except OSError as e:
            return ("E", errno.errorcode.get(e.errno, str(e.errno)))

    def op_open(self, slot, path, flags, mode):
        if slot in self.fds:
            os.close(self.fds.pop(slot))
        self.fds[slot] = os.open(self.p(path), flags | os.O_CLOEXEC | os.O_NONBLOCK, mode)
        return "ok"

    def op_close(self, slot, path, follow):
        os.close(self.fds.pop(slot, -1) if slot in self.fds else self.fd(slot))
        return "ok"

    def op_write(self, slot, data, off):
        return os.write(self.fd(slot), data)

    def op_pwrite(self, slot, data, off):
        return os.pwrite(self.fd(slot), data, off)

    def op_read(self, slot, n, off):
        return os.read(self.fd(slot), n)

    def op_pread(self, slot, n, off):
        return os.pread(self.fd(slot), n, off)

    def op_lseek(self, slot, off, whence):
        fd = self.fd(slot)
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            # A directory's offsets are cookies of its file system (ext4: name hashes), which
            # FUSE does not pass on; nothing reads them but readdir, which is compared.
            return "directory"
        return _ret(lambda: libc.lseek(fd, off, whence))

    def op_ftruncate(self, slot, path, size):
        os.ftruncate(self.fd(slot), size)
        return "ok"

    def op_truncate(self, slot, path, size):
        os.truncate(self.p(path), size)
        return "ok"

    def op_fstat(self, slot, path, follow):
        return _stat_tuple(os.fstat(self.fd(slot)))

    def op_stat(self, slot, path, follow):
        return _stat_tuple(os.stat(self.p(path)))

    def op_lstat(self, slot, path, follow):
        return _stat_tuple(os.lstat(self.p(path)))

    def op_fsync(self, slot, path, datasync):
        (os.fdatasync if datasync else os.fsync)(self.fd(slot))
        return "ok"

    def op_rename(self, a, b, unused):
        os.rename(self.p(a), self.p(b))
        return "ok"

    def op_renameat2(self, a, b, flags):
        _ret(lambda: libc.renameat2(AT_FDCWD, self.p(a).encode(), AT_FDCWD, self.p(b).encode(), flags))
        return "ok"

    def op_link(self, a, b, follow):
        os.link(self.p(a), self.p(b), follow_symlinks=follow)
        return "ok"

    def op_symlink(self, target, path):
        os.symlink(target, self.p(path))
        return "ok"

    def op_readlink(self, slot, path, unused):
        return os.readlink(self.p(path))

    def op_unlink(self, slot, path, unused):
        os.unlink(self.p(path))
        return "ok"

    def op_mkdir(self, slot, path, mode):
        os.mkdir(self.p(path), mode)
        return "ok"

    def op_rmdir(self, slot, path, unused):
        os.rmdir(self.p(path))
        return "ok"

    def op_listdir(self, slot, path, unused):
        with os.scandir(self.p(path)) as it:
            return sorted((e.name, e.is_dir(follow_symlinks=False), e.is_symlink()) for e in it)

    def op_chmod(self, slot, path, mode):
        os.chmod(self.p(path), mode)
        return "ok"

    def op_fchmod(self, slot, path, mode):
        os.fchmod(self.fd(slot), mode)
        return "ok"

    def op_chown(self, path, uid, gid, follow):
        os.chown(self.p(path), uid, gid, follow_symlinks=follow)
        return "ok"

    def op_utimens(self, path, atime, mtime, follow):
        os.utime(self.p(path), ns=(atime, mtime), follow_symlinks=follow)
        st = os.stat(self.p(path), follow_symlinks=follow)
        return (st.st_atime_ns, st.st_mtime_ns)

    def op_mkfifo(self, slot, path, mode):
        os.mkfifo(self.p(path), mode)
        return "ok"

    def op_setxattr(self, path, name, value, flags, follow):
        os.setxattr(self.p(path), name, value, flags, follow_symlinks=follow)
        return "ok"

    def op_getxattr(self, path, name, follow):
        return os.getxattr(self.p(path), name, follow_symlinks=follow)

    def op_listxattr(self, slot, path, follow):
        return sorted(os.listxattr(self.p(path), follow_symlinks=follow))

    def op_removexattr(self, path, name, follow):
        os.removexattr(self.p(path), name, follow_symlinks=follow)
        return "ok"

    def op_fallocate(self, slot, mode, off, length):
        fd = self.fd(slot)
        _ret(lambda: libc.fallocate(fd, mode, off, length))
        return "ok"

    def op_copy_file_range(self, src, dst, count, off_in, off_out):
        return os.copy_file_range(self.fd(src), self.fd(dst), count, off_in, off_out)

    def op_mmap_write(self, slot, data, off):
        fd = self.fd(slot)
        size = os.fstat(fd).st_size
        if size == 0:
            return "empty"
        off %= size
        data = data[: size - off]
        with mmap.mmap(fd, size, mmap.MAP_SHARED) as m:
            m[off : off + len(data)] = data
            m.flush()
        return len(data)

    def op_access(self, path, mode):
        return os.access(self.p(path), mode)

    def op_burst(self, path, n):
        """Many descriptors of one file at once, each reading its first bytes."""
        fds = []
        try:
            for _ in range(n):
                fds.append(os.open(self.p(path), os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK))
            return (len(fds), {os.pread(fd, 16, 0) for fd in fds})
        finally:
            for fd in fds:
                os.close(fd)
