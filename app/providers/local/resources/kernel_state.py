# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""The Python state of a HOPX sandbox's kernel as a file: what a fork carries into its children
and what a checkpoint keeps across app restarts.

kernel.py loads this module (from its own directory) only when the host asks:

  host -> kernel  {"id":N,"op":"state","action":"save"|"load"|"discard","path":"/home/user/…",
                   "background":bool}
  kernel -> host  {"id":N,"type":"state","carried":[names],"not_carried":{name: why},
                   "bytes":n,"writer":pid,"error":str|null}

save with "background" pickles at once (so carried and not_carried are known) and leaves the
writing to a process of its own (writer: its pid), which renames NAME.part to NAME when the
file is whole and synced, or writes NAME.failed with the reason: a checkpoint does not wait
for the bytes of a large array to reach the disk.

save writes every variable of the user's namespace that dill (Debian's python3-dill) can
serialize: DataFrames, arrays, fitted models, modules (by name: imported again), functions,
lambdas, closures and classes defined in cells, instances of those classes. The namespace goes
into ONE pickle, so names that share an object (an instance and its class, two names for one
list) still share it after a load. What cannot move to another process (open files, sockets,
threads, generators, ...) is left out and named with the reason; dill would reopen a file by
name (truncating one opened for writing) or copy a thread object that never runs, so those are
refused here instead of carried wrongly.

Array data travels out of band (pickle protocol 5): numpy buffers are written to the file as
they are and read back into one bytearray each, without a copy through the pickle stream.

load reads the file into the namespace and removes it (it is the child's copy); discard removes
it (the parent's copy, once the host has copied it). The file is only ever read inside the
sandbox, so a sandbox can at most unpickle its own data into its own interpreter.
"""

import io
import json
import os
import signal
import struct
import sys
import threading
import types

MAGIC = b"HOPXPYS1"
_made = {}      # path -> the directories save made for it
CHUNK = 1 << 24


class NotCarried(Exception):
    """An object that must not be carried, with the sentence that says why."""


def _refused(obj):
    """The reason obj cannot move to another process, or None."""
    if isinstance(obj, (io.BytesIO, io.StringIO)):
        return None
    if isinstance(obj, io.IOBase):
        return "an open file: its descriptor belongs to this process; open it again in the fork"
    if isinstance(obj, threading.Thread):
        return "a thread: it runs only in the process that started it"
    if isinstance(obj, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)):
        return "a generator or coroutine: its running frame cannot be copied"
    sock = sys.modules.get("socket")
    if sock is not None and isinstance(obj, sock.socket):
        return "a socket: its connection belongs to this process"
    sub = sys.modules.get("subprocess")
    if sub is not None and isinstance(obj, sub.Popen):
        return "a child process: it belongs to this sandbox"
    return None


def _pickler_class():
    import dill

    np = sys.modules.get("numpy")
    ndarray = np.ndarray if np is not None else None

    class Pickler(dill.Pickler):
        def save(self, obj, save_persistent_id=True):
            why = _refused(obj)
            if why is not None:
                raise NotCarried(why)
            if type(obj) is ndarray and not obj.dtype.hasobject:
                # dill 0.3.6 pickles arrays through __reduce__, in band and byte by byte in
                # pure Python (~20 s for 50 MB); numpy's own protocol 5 reduction hands the
                # data out of band as it is.
                memo = self.memo.get(id(obj))
                if memo is not None:
                    self.write(self.get(memo[0]))
                    return None
                return self.save_reduce(*obj.__reduce_ex__(self.proto), obj=obj)
            return super().save(obj, save_persistent_id)

    return Pickler


class _Null:
    def write(self, data):
        return len(data)


def _dump(pickler_class, obj, sink, buffers):
    pickler_class(sink, protocol=5, buffer_callback=buffers.append).dump(obj)


def _why(e):
    if isinstance(e, NotCarried):
        return str(e)
    text = "%s: %s" % (type(e).__name__, e)
    return text if len(text) <= 300 else text[:297] + "..."


def _names(ns):
    return [n for n in ns if not (n.startswith("__") and n.endswith("__"))]


def _pickle(ns):
    """The namespace as one pickle stream and its out-of-band buffers: (carried names,
    not_carried, stream, buffer views). Arrays are not copied: the views are their memory."""
    pickler = _pickler_class()
    names = _names(ns)
    not_carried = {}
    state = {n: ns[n] for n in names}
    buffers = []
    stream = io.BytesIO()
    try:
        _dump(pickler, state, stream, buffers)
    except Exception:
        # One object spoils the whole pickle: find which, each alone (arrays stay out of band,
        # so this costs little for them), and pickle the rest together again.
        for n in names:
            try:
                _dump(pickler, ns[n], _Null(), [])
            except Exception as e:
                not_carried[n] = _why(e)
                state.pop(n)
        buffers = []
        stream = io.BytesIO()
        try:
            _dump(pickler, state, stream, buffers)
        except Exception as e:     # names that pickle alone but not together
            for n in state:
                not_carried[n] = _why(e)
            state = {}
            buffers = []
            stream = io.BytesIO()
            _dump(pickler, state, stream, buffers)
    return sorted(state), not_carried, stream, [b.raw() for b in buffers]


def _missing_dirs(path):
    """The directories above path that do not exist yet, deepest first."""
    out = []
    d = os.path.dirname(path)
    while d and d != "/" and not os.path.isdir(d):
        out.append(d)
        d = os.path.dirname(d)
    return out


def _write(path, carried, not_carried, stream, views, sync):
    # The directories made for the file go with it (discard): a fork leaves the parent's home,
    # and its children's, as they were.
    made = _missing_dirs(path)
    header = json.dumps({"carried": carried, "not_carried": not_carried,
                         "sys_path": [p for p in sys.path if isinstance(p, str)],
                         "pickle": stream.tell(), "buffers": [v.nbytes for v in views],
                         "made": made}).encode()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    _made[path] = made
    tmp = path + ".part"
    try:
        with open(tmp, "wb") as f:
            f.write(MAGIC + struct.pack("<Q", len(header)) + header)
            f.write(stream.getbuffer())
            for v in views:
                f.write(v)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        # A full disk (ENOSPC) must not leave the half-written file among the user's files.
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _write_behind(path, carried, not_carried, stream, views, processes):
    """Writes the file in a process of its own, so the kernel answers (and runs the next cell)
    at once: the child has the pickle and the arrays as they are now (fork copies pages only
    when the kernel changes them). It has a process group of its own (a run's Ctrl-C never
    reaches it) and a thread of the kernel waits for it (no zombie). It stops itself first
    and starts writing when the host continues it (SIGCONT). It writes NAME.part, syncs it and
    renames it NAME, or writes NAME.failed with the reason. Returns its pid. processes is the
    kernel's reap(pid) and set_name(name), so both processes it forks name and reap alike."""
    writer = os.fork()
    if writer == 0:
        _writer_main(path, carried, not_carried, stream, views, processes.set_name)
    try:
        os.setpgid(writer, writer)
    except OSError:     # it did so itself already, or is gone: either way not in our group
        pass
    threading.Thread(target=processes.reap, args=(writer,), daemon=True).start()
    return writer


def _writer_main(path, carried, not_carried, stream, views, set_name):
    code = 1
    try:
        os.setpgid(0, 0)
        set_name(b"hopx-variables")     # what ps shows for it
        # When the kernel ends (a restore), this group is orphaned: a stopped member of an
        # orphaned group gets SIGHUP (and SIGCONT), which must not end the write.
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        # Stopped until the host continues it, once the checkpoint's files are taken: the
        # bytes it writes would otherwise compete with that (2 cores, one disk daemon).
        os.kill(os.getpid(), signal.SIGSTOP)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        try:
            os.nice(10)
        except OSError:
            pass
        _write(path, carried, not_carried, stream, views, sync=True)
        code = 0
    except BaseException as e:
        try:
            # Whole or not at all: the host reads it as soon as the name is there.
            with open(path + ".failed.part", "w") as f:
                f.write(_why(e))
            os.replace(path + ".failed.part", path + ".failed")
        except BaseException:
            pass
    finally:
        os._exit(code)


def save(ns, path, background=False, processes=None):
    carried, not_carried, stream, views = _pickle(ns)
    size = len(MAGIC) + 8 + stream.tell() + sum(v.nbytes for v in views)
    if background:
        writer = _write_behind(path, carried, not_carried, stream, views, processes)
        return {"carried": carried, "not_carried": not_carried, "bytes": size, "writer": writer}
    _write(path, carried, not_carried, stream, views, sync=False)
    return {"carried": carried, "not_carried": not_carried, "bytes": os.path.getsize(path)}


def _buffer(n):
    """n writable bytes. numpy's allocation asks for huge pages, where bytearray's zeroing
    faults every 4 KiB page in first: seconds for 500 MB on a busy machine."""
    try:
        import numpy
    except ImportError:
        return bytearray(n)
    return numpy.empty(n, dtype=numpy.uint8)


def _read_exact(f, n, buf=None):
    buf = bytearray(n) if buf is None else buf
    view = memoryview(buf).cast("B")
    got = 0
    while got < n:
        k = f.readinto(view[got:got + CHUNK])
        if not k:
            raise ValueError("the state file is shorter than its header says")
        got += k
    return buf


def load(ns, path):
    import dill
    if not os.path.exists(path):
        return {"carried": [], "not_carried": {}, "bytes": 0, "missing": True}
    header = {}
    try:
        with open(path, "rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                raise ValueError("not a HOPX Python state file")
            (size,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(size))
            data = _read_exact(f, int(header["pickle"]))
            buffers = [_read_exact(f, int(n), _buffer(int(n))) for n in header["buffers"]]
    finally:
        made = header.get("made") if isinstance(header, dict) else None
        discard(path, made if isinstance(made, list) else None)
    not_carried = dict(header.get("not_carried") or {})
    for p in header.get("sys_path") or ():
        if isinstance(p, str) and p not in sys.path:
            sys.path.append(p)
    try:
        state = dill.loads(data, buffers=buffers)
    except Exception as e:
        for n in header.get("carried") or ():
            not_carried[n] = "not loaded in the fork: " + _why(e)
        return {"carried": [], "not_carried": not_carried, "bytes": 0}
    ns.update(state)
    return {"carried": sorted(state), "not_carried": not_carried, "bytes": 0}


def discard(path, made=None):
    for p in (path, path + ".part"):
        try:
            os.unlink(p)
        except OSError:
            pass
    # Only below the file's own directory's parents, only when empty, never followed.
    for d in (made if made is not None else _made.pop(path, [])):
        if isinstance(d, str) and d.startswith("/") and d in _ancestors(path):
            try:
                os.rmdir(d)
            except OSError:
                pass
    return {"carried": [], "not_carried": {}, "bytes": 0}


def _ancestors(path):
    out = []
    d = os.path.dirname(path)
    while d and d != "/":
        out.append(d)
        d = os.path.dirname(d)
    return out


def handle(ns, request, processes):
    """One state request; the frame's fields without id and type. processes: see _write_behind."""
    action = request.get("action")
    path = request.get("path")
    if not isinstance(path, str) or not path.startswith("/"):
        raise ValueError("\"path\" must be an absolute path")
    if action == "save":
        return save(ns, path, request.get("background") is True, processes)
    if action == "load":
        return load(ns, path)
    if action == "discard":
        return discard(path)
    raise ValueError("unknown state action %r" % (action,))
