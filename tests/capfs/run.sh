#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# hopx-capfs with real mounts: the cap (ENOSPC from write(2), bytes and inodes), space coming
# back, the start-up walk after a remount, no way out of the backing directory, and the POSIX
# corners sandboxed code relies on. Builds nothing.
#   tests/capfs/run.sh BINARY [USER]
# As root with USER, the checks run a second time as USER (as-user.sh gives USER a /dev/fuse of
# its own, as difffuzz.sh does: the host's node stays 0600): FUSE for a user who is not root
# goes through fusermount3, which is what the app does. Exit 77 (skipped) when /dev/fuse cannot
# be opened by the user running the checks.
set -uo pipefail
bin=$(realpath "${1:?usage: run.sh BINARY [USER]}")
user=${2:-}
python3 -c 'import os; os.close(os.open("/dev/fuse", os.O_RDWR))' 2>/dev/null || {
    echo "skipped: /dev/fuse cannot be opened by $(id -un)" >&2
    exit 77
}
failed=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; failed=1; }
check() { # check DESCRIPTION COMMAND...: passes when the command succeeds
    local what=$1; shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/capfs-test.XXXXXX")
back=$work/back mnt=$work/mnt
mkdir -p "$back" "$mnt"
cleanup() {
    fusermount3 -u "$mnt" 2>/dev/null || fusermount3 -u -z "$mnt" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

mib=$((1 << 20))
# A mount that did not happen leaves $mnt a plain host directory: the checks after it would fill
# the host's disk (the inode check creates files until ENOSPC). Stop the whole run instead.
mount_capfs() {
    "$bin" "$back" "$mnt" -o "$1" || { echo "FATAL: hopx-capfs -o $1 failed" >&2; exit 1; }
    mountpoint -q "$mnt" || { echo "FATAL: $mnt is not a mount after hopx-capfs -o $1" >&2; exit 1; }
}
# The pid of the daemon this test started: the process whose argv begins "$bin $back $mnt".
daemon_pid() {
    local want p
    want=$(printf '%s\0%s\0%s\0' "$bin" "$back" "$mnt" | od -An -tx1 | tr -d ' \n')
    for p in /proc/[0-9]*; do
        [ -O "$p" ] || continue
        case $(head -c ${#want} "$p/cmdline" 2>/dev/null | od -An -tx1 | tr -d ' \n') in
        "$want"*) echo "${p#/proc/}" ;;
        esac
    done 2>/dev/null
}
unmount_capfs() {
    fusermount3 -u "$mnt" || return 1
    for _ in $(seq 50); do [ -z "$(daemon_pid)" ] && return 0; sleep 0.1; done
    return 1
}
used_kib() { df -k --output=used "$mnt" | tail -1 | tr -d ' '; }
avail_kib() { df -k --output=avail "$mnt" | tail -1 | tr -d ' '; }
# Waits (up to 2 s) until used is at most $1 KiB: the kernel forgets an unlinked inode, and
# the daemon frees its blocks, a moment after unlink(2) returns.
used_at_most() {
    for _ in $(seq 40); do [ "$(used_kib)" -le "$1" ] && return 0; sleep 0.05; done
    echo "  used $(used_kib) KiB, want <= $1" >&2
    return 1
}

echo "== as $(id -un) (uid $(id -u))"

# --- mounting
out=$("$bin" "$back" "$work/missing" -o cap=64M 2>&1)
rc=$?
check "a mount that cannot be made exits non-zero with one line" \
    test "$rc" -ne 0 -a "$(printf '%s\n' "$out" | grep -c hopx-capfs)" -ge 1
check "cap= is required" bash -c "! '$bin' '$back' '$mnt' 2>/dev/null"
check "mounts and returns (daemon in the background)" mount_capfs cap=64M,xattr
check "the mount is fuse.hopx-capfs, nosuid, nodev" \
    grep -q "^hopx-capfs $mnt fuse.hopx-capfs rw,nosuid,nodev" /proc/mounts
check "df shows the cap as the size" test "$(df -k --output=size "$mnt" | tail -1 | tr -d ' ')" -eq 65536
base=$(used_kib)

# --- the byte cap
out=$(dd if=/dev/zero of="$mnt/big" bs=1M count=100 2>&1)
check "dd past the cap fails with ENOSPC from write(2)" grep -q "No space left on device" <<<"$out"
check "the file holds up to the cap and no more" \
    test "$(stat -c %s "$mnt/big")" -le $((64 * mib)) -a "$(stat -c %s "$mnt/big")" -ge $((63 * mib))
check "df says full" test "$(avail_kib)" -lt 64
check "the next write fails too" bash -c "! echo x >> '$mnt/big' 2>/dev/null"
check "fallocate past the cap fails" bash -c "! fallocate -l 10M '$mnt/fa' 2>/dev/null"
rm -f "$mnt/big" "$mnt/fa"
check "rm gives the space back" used_at_most $((base + 8))
fills=0
for i in 1 2 3 4 5 6; do { head -c 20M /dev/zero >"$mnt/f$i"; } 2>/dev/null || fills=$((fills + 1)); done
check "six files of 20 MiB in 64 MiB: the fourth, fifth and sixth fail" test "$fills" -eq 3
check "backing directory holds no more than the cap (+1 MiB)" \
    test "$(du -sk "$back" | cut -f1)" -le $((65536 + 1024))
check "a truncate that extends is a hole: allowed" truncate -s 1G "$mnt/f1"
rm -f "$mnt"/f?
check "all of it comes back" used_at_most $((base + 8))
python3 - "$mnt" <<'PY' && ok "an unlinked file still open keeps its blocks until closed" || bad "unlinked open file"
import os, sys, time
m = sys.argv[1]
def used():
    s = os.statvfs(m); return (s.f_blocks - s.f_bfree) * s.f_frsize
f = open(m + "/held", "wb"); f.write(b"x" * (8 << 20)); f.flush()
before = used(); os.unlink(m + "/held"); time.sleep(0.3)
assert used() >= before - (1 << 20), "freed while still open"
f.close()
for _ in range(40):
    if used() < before - (7 << 20): break
    time.sleep(0.05)
else: raise SystemExit("not freed after close")
PY

# --- pages the kernel keeps across opens (keep_cache) are never stale: every change comes
# through the mount, a rewrite, a truncate, a copy and a write refused at the cap alike
python3 - "$mnt" <<'PY' && ok "cached pages follow rewrites, truncates, copies and refused writes" || bad "stale cached pages"
import errno, os, sys
m = sys.argv[1]
def read(p):
    with open(p, "rb") as f: return f.read()
p, q = m + "/cached", m + "/copied"
with open(p, "wb") as f: f.write(b"a" * 8192)
assert read(p) == b"a" * 8192
with open(p, "r+b") as f: f.seek(4096); f.write(b"b" * 4096)
assert read(p) == b"a" * 4096 + b"b" * 4096
os.truncate(p, 100)
assert read(p) == b"a" * 100
with open(q, "wb") as f: f.write(b"c" * 100)
assert read(q) == b"c" * 100
with open(p, "rb") as src, open(q, "r+b") as dst:
    os.copy_file_range(src.fileno(), dst.fileno(), 100, 0, 0)
assert read(q) == b"a" * 100
# Fill the disk, then a rewrite that needs new blocks fails: the cached page is not the new data.
with open(m + "/fill", "wb") as f:
    try:
        while True: f.write(b"z" * (1 << 20)); f.flush()
    except OSError as e: assert e.errno == errno.ENOSPC, e
with open(q, "r+b", buffering=0) as f:
    try:
        f.seek(1 << 20); f.write(b"d" * (1 << 20))
    except OSError as e: assert e.errno == errno.ENOSPC, e
size = os.stat(q).st_size
assert read(q)[:100] == b"a" * 100 and os.path.getsize(q) == size, size
os.unlink(m + "/fill"); os.unlink(p); os.unlink(q)
PY
python3 - "$mnt" <<'PY' && ok "POSIX and flock locks between two processes (no flush operation)" || bad "locks"
import fcntl, os, sys
p = sys.argv[1] + "/locked"
fd = os.open(p, os.O_RDWR | os.O_CREAT, 0o644)
fcntl.lockf(fd, fcntl.LOCK_EX)
fcntl.flock(fd, fcntl.LOCK_EX)
pid = os.fork()
if pid == 0:
    other = os.open(p, os.O_RDWR)
    for lock in (fcntl.lockf, fcntl.flock):
        try:
            lock(other, fcntl.LOCK_EX | fcntl.LOCK_NB); os._exit(1)
        except OSError: pass
    os._exit(0)
_, status = os.waitpid(pid, 0)
os.close(fd)
os.unlink(p)
sys.exit(os.waitstatus_to_exitcode(status))
PY

# --- the walk at start: usage survives an unmount and a remount
head -c 10M /dev/urandom >"$mnt/keep"
mkdir -p "$mnt/d/e" && : >"$mnt/d/e/empty" && ln "$mnt/keep" "$mnt/d/keep-link"
before=$(used_kib)
check "a hard link is not charged twice" test "$before" -lt $((base + 10240 + 64))
# Directories their owner may not read or search, as a sandbox may leave them: the daemon of a
# user who is not root must still walk them at the next mount (difffuzz found both).
mkdir -p "$mnt/d/locked/deeper" && head -c 1M /dev/urandom >"$mnt/d/locked/deeper/data"
mkdir -m 0600 "$mnt/d/noexec"
check "a directory of mode 0600 lists for its owner (difffuzz)" python3 -c "import os, sys; os.listdir(sys.argv[1])" "$mnt/d/noexec"
chmod 0 "$mnt/d/locked"
before=$(used_kib)
check "unmount ends the daemon" unmount_capfs
check "the backing directory has the files" cmp -s "$back/keep" "$back/d/keep-link"
check "remounts" mount_capfs cap=64M,xattr
check "usage after a remount is what it was" test "$(used_kib)" -eq "$before"
check "the walk gave the locked directories their modes back" \
    test "$(stat -c %a "$mnt/d/locked")/$(stat -c %a "$mnt/d/noexec")" = 0/600
chmod 0700 "$mnt/d/locked" "$mnt/d/noexec"
rm -rf "$mnt/d" "$mnt/keep"

# --- several writers at once cannot together pass the cap (reservations under one lock)
for i in 1 2 3 4; do dd if=/dev/zero of="$mnt/par$i" bs=256k count=200 2>/dev/null & done
wait
total=$(cat "$mnt"/par? | wc -c)
check "four parallel writers stop at the cap together" \
    test "$total" -le $((64 * mib)) -a "$(du -sk "$back" | cut -f1)" -le $((65536 + 256))
rm -f "$mnt"/par?
check "their space comes back" used_at_most $((base + 10240 + 64))

# --- a daemon that dies leaves a dead mount; a new one after fusermount3 -u -z counts the same
before=$(used_kib)
pid=$(daemon_pid)
check "the daemon is running in the background" test -n "$pid"
kill -KILL $pid
sleep 0.2
check "after a crash statfs of the mount point says ENOTCONN" bash -c "stat -f '$mnt' 2>&1 | grep -q 'not connected'"
out=$("$bin" "$back" "$mnt" -o cap=64M,xattr 2>&1)
check "mounting over the dead mount fails with a hint" grep -q "fusermount3 -u -z" <<<"$out"
fusermount3 -u -z "$mnt"
check "remounts after the crash" mount_capfs cap=64M,xattr
check "usage after the crash is what it was" test "$(used_kib)" -eq "$before"

# --- no way out
ln -s /etc/passwd "$mnt/pw"
check "a symlink to /etc/passwd is a symlink in the backing directory" \
    test -L "$back/pw" -a "$(readlink "$back/pw")" = /etc/passwd
mt=$(stat -c %Y /etc/passwd)
touch -h -d 2001-01-01 "$mnt/pw" 2>/dev/null
check "touch -h changes the link, not /etc/passwd" test "$(stat -c %Y /etc/passwd)" = "$mt"
links=$(stat -c %h /etc/passwd)
check "a hard link of the symlink is refused" bash -c "! ln '$mnt/pw' '$mnt/pw2' 2>/dev/null"
check "/etc/passwd gained no link" test "$(stat -c %h /etc/passwd)" = "$links"
check "an xattr on the symlink is refused" bash -c \
    "! python3 -c \"import os,sys; os.setxattr(sys.argv[1], 'user.x', b'1', follow_symlinks=False)\" '$mnt/pw' 2>/dev/null"
python3 - "$mnt" "$work" <<'PY' && ok "link/rename to or from outside fail (EXDEV), .. at the root is the mount's parent" || bad "escapes"
import errno, os, sys
m, w = sys.argv[1], sys.argv[2]
open(m + "/in", "w").write("in")
open(w + "/out", "w").write("out")
for a, b in ((m + "/in", w + "/x"), (w + "/out", m + "/x"), ("/etc/hostname", m + "/h")):
    for op in (os.link, os.rename):
        try: op(a, b); raise SystemExit("%s %s -> %s worked" % (op.__name__, a, b))
        except OSError as e: assert e.errno in (errno.EXDEV, errno.EPERM), e
assert os.stat(m + "/..").st_ino == os.stat(w).st_ino
fd = os.open(m, os.O_RDONLY | os.O_DIRECTORY)
assert os.stat("..", dir_fd=fd).st_ino == os.stat(w).st_ino  # the kernel's .., not the backing's
assert sorted(os.listdir(m)) == ["in", "pw"], os.listdir(m)
os.unlink(m + "/in")
PY
if [ "$(id -u)" -eq 0 ]; then
    check "device nodes are refused (root)" bash -c "! mknod '$mnt/null' c 1 3 2>/dev/null"
    check "trusted.* xattrs are refused (root)" bash -c \
        "! python3 -c \"import os,sys; open(sys.argv[1],'w'); os.setxattr(sys.argv[1], 'trusted.x', b'1')\" '$mnt/tx' 2>/dev/null"
fi
check "a FIFO can be made" mkfifo "$mnt/fifo"
: >"$mnt/suid" && chmod 4755 "$mnt/suid"
check "set-user-ID is dropped" test "$(stat -c %a "$back/suid")" = 755
rm -f "$mnt/fifo" "$mnt/suid" "$mnt/tx" "$mnt/pw"

# --- POSIX corners
python3 - "$mnt" <<'PY' && ok "open(O_CREAT, 0444) is writable through its descriptor; reopening for write is refused to a non-root user" || bad "O_CREAT 0444"
import errno, os, sys
p = sys.argv[1] + "/ro"
fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
assert os.write(fd, b"hello") == 5
os.close(fd)
assert open(p).read() == "hello"
if os.getuid() != 0:
    try: os.open(p, os.O_WRONLY); raise SystemExit("0444 opened for writing")
    except PermissionError: pass
os.unlink(p)
PY
python3 - "$mnt" <<'PY' && ok "shared mmap writes reach the file" || bad "mmap"
import mmap, os, sys
p = sys.argv[1] + "/mm"
with open(p, "wb") as f: f.truncate(1 << 20)
with open(p, "r+b") as f:
    m = mmap.mmap(f.fileno(), 1 << 20, mmap.MAP_SHARED)
    m[4096:4101] = b"mmap!"; m.flush(); m.close()
with open(p, "rb") as f: f.seek(4096); assert f.read(5) == b"mmap!"
os.unlink(p)
PY
python3 - "$mnt" <<'PY' && ok "SEEK_DATA and SEEK_HOLE find a sparse file's holes (difffuzz)" || bad "SEEK_DATA/SEEK_HOLE"
import os, sys
p = sys.argv[1] + "/holes"
fd = os.open(p, os.O_RDWR | os.O_CREAT, 0o644)
os.pwrite(fd, b"x" * 4096, 1 << 20)
os.fsync(fd)
assert os.lseek(fd, 0, os.SEEK_HOLE) == 0, os.lseek(fd, 0, os.SEEK_HOLE)
assert os.lseek(fd, 0, os.SEEK_DATA) == 1 << 20, os.lseek(fd, 0, os.SEEK_DATA)
assert os.lseek(fd, 1 << 20, os.SEEK_HOLE) == (1 << 20) + 4096
os.close(fd); os.unlink(p)
PY
python3 - "$mnt" <<'PY' && ok "a shared mmap of an O_APPEND descriptor writes its pages at their offsets (difffuzz)" || bad "mmap of O_APPEND"
import mmap, os, sys
p = sys.argv[1] + "/appended"
with open(p, "wb") as f: f.write(b"a" * 8192)
fd = os.open(p, os.O_RDWR | os.O_APPEND)
with mmap.mmap(fd, 8192) as m:  # the kernel writes the pages back through fd's handle
    m[100:105] = b"mmap!"; m.flush()
os.write(fd, b"end")
os.close(fd)
data = open(p, "rb").read()
assert len(data) == 8195 and data[100:105] == b"mmap!" and data.endswith(b"aend"), (len(data), data[100:105])
os.unlink(p)
PY
check "O_DIRECT writes and reads (scripts/stress-capfs.sh: fio --direct=1)" bash -c \
    "dd if=/dev/urandom of='$mnt/direct' bs=64k count=16 oflag=direct 2>/dev/null &&
     dd if='$mnt/direct' of=/dev/null bs=64k iflag=direct 2>/dev/null && test \$(stat -c %s '$mnt/direct') -eq 1048576"
rm -f "$mnt/direct"
python3 - "$mnt" <<'PY' && ok "rename, RENAME_NOREPLACE and RENAME_EXCHANGE" || bad "rename"
import ctypes, errno, os, sys
m = sys.argv[1]
libc = ctypes.CDLL(None, use_errno=True)
open(m + "/a", "w").write("A"); open(m + "/b", "w").write("B"); os.mkdir(m + "/dir")
os.rename(m + "/a", m + "/dir/a2"); os.rename(m + "/dir/a2", m + "/a")
AT = -100
assert libc.renameat2(AT, (m + "/a").encode(), AT, (m + "/b").encode(), 1) == -1 and ctypes.get_errno() == errno.EEXIST
assert libc.renameat2(AT, (m + "/a").encode(), AT, (m + "/b").encode(), 2) == 0
assert open(m + "/a").read() == "B" and open(m + "/b").read() == "A"
assert libc.renameat2(AT, (m + "/a").encode(), AT, (m + "/c").encode(), 4) == -1  # whiteout
os.rename(m + "/a", m + "/b")  # replaces b: its blocks come back on forget
assert open(m + "/b").read() == "B"
os.unlink(m + "/b"); os.rmdir(m + "/dir")
PY
python3 - "$mnt" <<'PY' && ok "a name of 256 bytes is ENAMETOOLONG (255 is fine), as on every local file system" || bad "ENAMETOOLONG"
import errno, os, sys
m = sys.argv[1]
long, ok = m + "/" + "n" * 256, m + "/" + "n" * 255
open(ok, "w").close()
for what, op in (("open", lambda: open(long, "w")), ("stat", lambda: os.stat(long)),
                 ("mkdir", lambda: os.mkdir(long)), ("symlink", lambda: os.symlink("x", long)),
                 ("mkfifo", lambda: os.mkfifo(long)), ("link", lambda: os.link(ok, long)),
                 ("rename", lambda: os.rename(ok, long)), ("unlink", lambda: os.unlink(long))):
    try: op(); raise SystemExit(what + " of a 256-byte name worked")
    except OSError as e: assert e.errno == errno.ENAMETOOLONG, (what, e)
os.unlink(ok)
PY
python3 - "$mnt" <<'PY' && ok "chown, fchown and lchown to the owner's own ids, -1 and its groups work" || bad "chown"
import os, sys
m = sys.argv[1]
p, l = m + "/own", m + "/own-link"
open(p, "w").close(); os.symlink("own", l)
uid, gid = os.getuid(), os.getgid()
fd = os.open(p, os.O_RDONLY)
for u, g in ((uid, gid), (-1, -1), (uid, -1), (-1, gid)):
    os.chown(p, u, g); os.fchown(fd, u, g); os.lchown(l, u, g)
for g in os.getgroups():
    os.chown(p, -1, g)
os.chown(p, -1, gid)
assert (os.stat(p).st_uid, os.stat(p).st_gid) == (uid, gid)
os.close(fd); os.unlink(p); os.unlink(l)
PY
# In a user namespace, as in a sandbox: every owner change gives what it gives in a plain
# directory in the same namespace (to ids the namespace does not map, the kernel's EINVAL).
if command -v bwrap >/dev/null && bwrap --unshare-user --ro-bind / / true 2>/dev/null; then
    mkdir -p "$work/plain"
    out=$(bwrap --unshare-user --uid 1000 --gid 1000 --ro-bind / / --tmpfs /mnt --bind "$mnt" /mnt/capfs \
        --bind "$work/plain" /mnt/plain --proc /proc --dev /dev python3 -c '
import errno, os
def results(d):
    p, l = d + "/f", d + "/l"
    open(p, "w").close(); os.symlink("f", l)
    fd = os.open(p, os.O_RDONLY)
    out = []
    for u, g in ((1000, 1000), (-1, -1), (1000, -1), (-1, 1000), (0, 0), (-1, 0), (0, -1), (65534, 65534)):
        for name, op in (("chown", lambda: os.chown(p, u, g)), ("fchown", lambda: os.fchown(fd, u, g)),
                         ("lchown", lambda: os.lchown(l, u, g))):
            try: op(); out.append("%s(%d,%d)=ok" % (name, u, g))
            except OSError as e: out.append("%s(%d,%d)=%s" % (name, u, g, errno.errorcode[e.errno]))
    os.close(fd); os.unlink(p); os.unlink(l)
    return out
a, b = results("/mnt/capfs"), results("/mnt/plain")
print("same" if a == b else "differ: capfs %s, plain %s" % (a, b))' 2>&1)
    check "chown in a user namespace: the same results as a plain directory" test "$out" = same
    [ "$out" = same ] || echo "  $out"
fi
python3 - "$mnt" <<'PY' && ok "user.* xattrs; others refused" || bad "xattrs"
import errno, os, sys
p = sys.argv[1] + "/x"
open(p, "w").close()
try:
    os.setxattr(p, "user.hopx", b"v" * 100)
except OSError as e:
    if e.errno != errno.EOPNOTSUPP: raise
    print("  (backing file system has no user xattrs)"); os.unlink(p); raise SystemExit(0)
assert os.getxattr(p, "user.hopx") == b"v" * 100
assert "user.hopx" in os.listxattr(p)
os.removexattr(p, "user.hopx")
assert os.listxattr(p) == []
try: os.setxattr(p, "security.capability", b"\0" * 20); raise SystemExit("security.* set")
except OSError: pass
os.unlink(p)
PY
python3 - "$mnt" <<'PY' && ok "copy_file_range inside the mount copies, and stops at the cap" || bad "copy_file_range"
import errno, os, sys
m = sys.argv[1]
with open(m + "/src", "wb") as f: f.write(os.urandom(1 << 20) * 24)  # 24 MiB
def copy(dst):
    with open(m + "/src", "rb") as a, open(dst, "wb") as b:
        left = os.fstat(a.fileno()).st_size
        while left:
            n = os.copy_file_range(a.fileno(), b.fileno(), left)
            assert n > 0
            left -= n
copy(m + "/c1")
assert open(m + "/c1", "rb").read() == open(m + "/src", "rb").read()
try: copy(m + "/c2"); raise SystemExit("a third 24 MiB fitted in 64 MiB")
except OSError as e: assert e.errno == errno.ENOSPC, e
for f in ("src", "c1", "c2"): os.unlink(m + "/" + f)
PY
check "cp (copy_file_range) past the cap fails" bash -c \
    "head -c 40M /dev/zero > '$mnt/z' && ! cp '$mnt/z' '$mnt/z2' 2>/dev/null; rm -f '$mnt/z' '$mnt/z2'"
check "df inside counts what is left (within 64 KiB of the start)" used_at_most $((base + 64))
check "unmount" unmount_capfs

# --- inodes: the count cap and the per-inode charge
rm -rf "${back:?}"/* && mkdir -p "$back"
mount_capfs cap=64M,inodes=300
made=$(python3 - "$mnt" <<'PY'
import errno, os, sys
n = 0
try:
    while n < 10000: open("%s/f%d" % (sys.argv[1], n), "w").close(); n += 1
except OSError as e: assert e.errno == errno.ENOSPC, e
print(n)
PY
)
check "inodes=300 stops empty files at 299 (+ the root) with ENOSPC" test "$made" = 299
check "mkdir fails too when out of inodes" bash -c "! mkdir '$mnt/dd' 2>/dev/null"
check "symlink fails too when out of inodes" bash -c "! ln -s x '$mnt/sl' 2>/dev/null"
rm -f "$mnt"/f1*
check "rm gives inodes back" mkdir "$mnt/dd"
check "without -o xattr, xattrs are not supported (EOPNOTSUPP)" python3 -c "
import errno, os, sys
try: os.setxattr(sys.argv[1], 'user.x', b'1'); sys.exit(1)
except OSError as e: sys.exit(e.errno != errno.EOPNOTSUPP)" "$mnt/dd"
unmount_capfs
rm -rf "${back:?}"/* && mkdir -p "$back"
mount_capfs cap=1M
made=$(python3 - "$mnt" <<'PY'
import errno, os, sys
n = 0
try:
    while n < 100000: os.mkdir("%s/d%d" % (sys.argv[1], n)); n += 1
except OSError as e: assert e.errno == errno.ENOSPC, e
print(n)
PY
)
# A directory costs its blocks on the backing file system (4 KiB on ext4, none on a tmpfs, where
# a newcomer's /tmp may be) plus the 4 KiB charge; 1 MiB minus the root's share.
probe=$(mktemp -d "$work/dirprobe.XXXXXX")
per_dir=$(($(stat -c '%b * %B' "$probe") + 4096))
rmdir "$probe"
most=$((1048576 / per_dir))
check "empty directories fill 1 MiB by their charge ($made made, $per_dir B each)" \
    test "$made" -ge $((most * 100 / 128)) -a "$made" -le "$most"
unmount_capfs

# --- a shared mmap's write past the cap: msync says ENOSPC, and reads give what the disk holds
rm -rf "${back:?}"/* && mkdir -p "$back"
mount_capfs cap=1M
python3 - "$mnt" <<'PY' && ok "an mmap write refused at the cap is ENOSPC from msync and not read back (difffuzz)" || bad "mmap at the cap"
import errno, mmap, os, sys, time
m = sys.argv[1]
fd = os.open(m + "/sparse", os.O_RDWR | os.O_CREAT, 0o644)
os.ftruncate(fd, 256 << 10)
fill = os.open(m + "/fill", os.O_WRONLY | os.O_CREAT, 0o644)
try:
    while True: os.write(fill, b"z" * 65536)
except OSError as e: assert e.errno == errno.ENOSPC, e
with mmap.mmap(fd, 256 << 10) as mm:
    mm[100000:100010] = b"0123456789"
    try: mm.flush(); raise SystemExit("msync worked past the cap")
    except OSError as e: assert e.errno == errno.ENOSPC, e
# The daemon drops the pages right after its reply (before it the kernel would wait on them).
for _ in range(100):
    if os.pread(fd, 10, 100000) == bytes(10): break
    time.sleep(0.01)
else: raise SystemExit("read back %r: bytes the disk never held" % os.pread(fd, 10, 100000))
os.close(fd); os.close(fill)
PY
unmount_capfs

# --- more files than descriptors: the evictor has the kernel drop old entries (evict.c)
rm -rf "${back:?}"/* && mkdir -p "$back"
(ulimit -n 1000 && mount_capfs cap=256M)
mkdir -p "$mnt/w/src"
python3 -c "
import os, sys
for d in range(20):
    os.mkdir('%s/w/src/d%d' % (sys.argv[1], d))
    for i in range(100): open('%s/w/src/d%d/f%d' % (sys.argv[1], d, i), 'w').write('x' * i)" "$mnt"
check "2000 files and a cp -a of them with 1000 descriptors" cp -a "$mnt/w/src" "$mnt/w/copy"
check "the copy is identical" diff -r "$mnt/w/src" "$mnt/w/copy"
before=$(used_kib)
unmount_capfs
mount_capfs cap=256M
check "usage after evictions is what a fresh walk finds" test "$(used_kib)" -eq "$before"
unmount_capfs

if [ -n "$user" ] && [ "$(id -u)" -eq 0 ]; then
    chmod 755 "$work"
    "$(dirname "$(realpath "$0")")/as-user.sh" "$user" "$0" "$bin" || failed=1
fi
[ "$failed" -eq 0 ] && echo "all passed" || echo "SOME FAILED"
exit "$failed"
