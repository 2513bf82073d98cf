# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""Persistent Python kernel for HOPX local sandboxes.

Started inside the sandbox as ``python3 -u /run/sbx/lib/kernel.py`` with fd 0 = request pipe,
fd 1 = response pipe and fd 2 = the kernel's own log. It keeps one ``__main__`` namespace alive
across requests so ``execute_code`` behaves like a notebook.

Protocol: newline-delimited compact JSON, one object per line.

  kernel -> host  {"type":"ready","version":1,"python":"3.11.2","pid":N}          (once)
  host -> kernel  {"id":N,"code":"...","env":{..}|null,"unset":[..]|null,"cwd":str|null,
                   "cpu_s":0,"max_output":1048576}
  kernel -> host  {"id":N,"type":"stream","name":"stdout"|"stderr","text":"..."}   (0..n)
                  {"id":N,"type":"truncated","name":"stdout"|"stderr"}            (0..1 per stream)
                  {"id":N,"type":"result","result":str|null,"error":null|{"ename","evalue",
                   "traceback":[lines]},"rich_outputs":[{"type":mime,"data":str}],
                   "execution_time":s,"exit_code":n}                              (exactly 1)
                  {"type":"error","message":"...","id":N (when known)}            (bad request)

Checkpoints (the live state, without pickling): the kernel forks a copy of itself that waits at
once (for SIGUSR1 from the agent) and shares the protocol pipes; on restore the host ends the
kernel and wakes the copy, which keeps a new waiting copy of itself (so the checkpoint can be
restored again) and says so:

  host -> kernel  {"id":N,"op":"checkpoint"}
  kernel -> host  {"id":N,"type":"checkpoint","pid":P}                     (P waits)
  (host ends the kernel; the agent sends SIGUSR1 to P)
  P -> host       {"type":"restored","pid":P,"checkpoint_pid":Q}           (Q waits, or 0)

Fork and checkpoint state files ({"op":"state"}: the namespace through dill, into a file the
host copies to another sandbox or keeps with a checkpoint) are kernel_state.py's, beside this file.

Only stdlib modules are imported here; numpy/pandas/matplotlib are touched only when user code
or a preload has imported them. Requests are handled one at a time; SIGINT cancels the running one.
Preloading (warm spares): the host may ask, once, for modules to be imported ahead of user code.
They are imported on a low-priority thread, so a request that arrives meanwhile runs at once; they
land in sys.modules only (nothing in the user's namespace), and the output they print is dropped:

  host -> kernel  {"op":"preload","modules":["numpy",...]}
  kernel -> host  {"type":"preloaded","modules":[imported],"failed":[not importable],"seconds":s}
"""

import os

# The sandbox has no display, and pyplot chooses its backend on import: fix it before anything
# (including user code) can import matplotlib.
os.environ["MPLBACKEND"] = "Agg"

import __future__
import ast
import atexit
import base64
import builtins
import codecs
import faulthandler
import fcntl
import importlib
import io
import json
import linecache
import math
import resource
import select
import signal
import sys
import threading
import time
import traceback
import types

PROTOCOL_VERSION = 1
AGENT_PID = 2               # hopx-sandbox-agent: the only sender a checkpoint copy obeys
DEFAULT_MAX_OUTPUT = 1 << 20
COALESCE_S = 0.020          # stream frames gather output for this long before they are sent
FRAME_BYTES = 1 << 16       # ...or until this much is pending, so frames stay small
IDLE_CAP = 1 << 20          # output arriving between requests is held (for the next one) up to this
READ_SIZE = 1 << 16
CPU_GRACE_S = 2.0           # CPU seconds past the soft limit before the backstop kills the kernel
CELL_PREFIX = "<cell "
CO_COROUTINE = 0x0080       # inspect.CO_COROUTINE; importing inspect costs more than it is worth
FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


def _clear_matplotlib_locks():
    """Removes the lock files a killed interpreter left in matplotlib's cache directory.

    matplotlib takes `<file>.matplotlib-lock` while it writes its font list and removes it in a
    `finally`, which a SIGKILL skips: the host kills interpreters it has no use for, some in the
    middle of a preload's first `import matplotlib`. The lock then stays, and every later import
    in the sandbox gives up after 5 s with a TimeoutError, so no plot works again. The host starts
    a kernel only when the sandbox's previous one has ended, so a lock found now is stale."""
    base = os.environ.get("MPLCONFIGDIR")
    if not base:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(cache, "matplotlib")
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        if name.endswith(".matplotlib-lock"):
            try:
                os.unlink(os.path.join(base, name))
            except OSError:
                pass


def _shell_line(line):
    """`!cmd`, `%pip ...`, `%npm ...`, `%sh ...` as a call of the kernel's shell helper
    (notebook habits); None for any other line."""
    body = line.lstrip()
    indent = line[:len(line) - len(body)]
    if body.startswith("!"):
        command = body[1:]
    elif body.startswith(("%pip ", "%pip\t")):
        command = "python3 -m pip " + body[5:]
    elif body.startswith(("%npm ", "%sh ")):
        command = body[1:] if body.startswith("%npm") else body[4:]
    else:
        return None
    return "%s__hopx_shell__(%r)" % (indent, command)


def _with_shell_lines(source):
    """The source with its shell lines rewritten; None when it has none."""
    lines = source.split("\n")
    changed = False
    for i, line in enumerate(lines):
        rewritten = _shell_line(line)
        if rewritten is not None:
            lines[i] = rewritten
            changed = True
    return "\n".join(lines) if changed else None


def _shell(command):
    """Runs `command` with the kernel's stdout/stderr (fd 1/2 are the capture pipes), then
    makes what it installed importable in this interpreter at once."""
    import subprocess
    sys.stdout.flush()
    sys.stderr.flush()
    code = subprocess.call(command, shell=True, executable="/bin/bash")
    _refresh_import_paths()
    if code != 0:
        print("(exit status %d)" % code, file=sys.stderr)


def _refresh_import_paths():
    """pip --user writes to a site directory that may not have existed at start (then site.py
    left it off sys.path); a new package in an existing one needs the finders' caches dropped."""
    import importlib
    import site
    try:
        user_site = site.getusersitepackages()
    except Exception:
        user_site = None
    if user_site and user_site not in sys.path and os.path.isdir(user_site):
        site.addsitedir(user_site)
    importlib.invalidate_caches()


class CPUTimeLimitExceeded(BaseException):
    """Raised into user code at the request's cpu_s; a BaseException so `except Exception`
    in user code cannot swallow the limit."""


def _frame(obj):
    # ensure_ascii=False keeps frames small for non-ASCII output; "replace" turns lone
    # surrogates (possible in exception messages) into "?" instead of failing the frame.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "replace") + b"\n"


def _high_fd(fd, close=False):
    """Duplicate fd above the range user code touches, close-on-exec so children never hold it."""
    error = None
    for floor in (100, 10, 3):  # a tiny RLIMIT_NOFILE makes high floors fail with EINVAL
        try:
            new = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, floor)
            break
        except OSError as e:
            error = e
    else:
        raise error
    if close:
        os.close(fd)
    return new


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _format_exception(e, user_frames=True):
    """Format like python's own excepthook, minus the kernel's frames.

    The kernel's frames are those that call into the cell (eval, asyncio) and the signal
    handlers that raise KeyboardInterrupt/CPUTimeLimitExceeded on top of the user's frame.
    """
    te = traceback.TracebackException(type(e), e, e.__traceback__ if user_frames else None,
                                      compact=True)
    stack = te.stack
    first = next((i for i, f in enumerate(stack) if f.filename.startswith(CELL_PREFIX)), 0)
    stack[:] = [f for f in stack[first:] if f.filename != __file__]
    return "".join(te.format())


class _Stream:
    __slots__ = ("name", "rfd", "wfd", "hold", "synced", "sent", "truncated", "decoder")

    def __init__(self, name, rfd, wfd):
        self.name = name
        self.rfd = rfd
        self.wfd = wfd              # a CLOEXEC copy of the pipe's write end, for sync markers
        self.hold = bytearray()     # bytes that may be the start of a sync marker
        self.synced = False
        self.sent = 0
        self.truncated = False
        # Incremental, so a UTF-8 sequence split across two reads is not mangled.
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")


class _Capture:
    """Drains the stdout/stderr capture pipes on one thread and forwards them as stream frames.

    One thread with poll() (rather than one per pipe) keeps the two streams in arrival order and
    makes the run bookkeeping single-writer. All state is guarded by _cond.
    """

    def __init__(self, send, pipes):
        self._send = send
        self._cond = threading.Condition(threading.Lock())
        self._streams = [_Stream(name, r, w) for name, (r, w) in pipes]
        self._by_fd = {s.rfd: s for s in self._streams}
        self._reading = False    # the pump holds bytes it has read but not yet queued
        self._run_id = None         # None between requests
        self._limit = 0
        self._pending = []          # [(stream, bytearray)] in arrival order
        self._pending_size = 0
        self._deadline = None       # when the pending output must be sent
        self._marker = None         # the sync marker being waited for
        self._carry = []            # output behind a stream's marker: belongs to the next request
        self._token = os.urandom(8).hex().encode()
        self._seq = 0
        self._thread = threading.Thread(target=self._pump, name="hopx-capture", daemon=True)
        self._thread.start()

    def write_fds(self):
        return {s.name: s.wfd for s in self._streams}

    def begin(self, run_id, limit):
        with self._cond:
            self._run_id = run_id
            self._limit = limit
            for s in self._streams:
                s.sent = 0
                s.truncated = False
                s.decoder.reset()
            if self._pending:   # output that arrived while idle goes out under this request
                self._emit_locked()

    def sync(self):
        """Return once everything written to the capture pipes so far has been forwarded.

        A unique marker goes down each pipe behind the run's output; when the reader has seen
        both, every byte before them has been sent (or dropped by the cap).
        """
        with self._cond:
            self._seq += 1
            marker = b"\0hopx-sync:" + self._token + b":%d\0" % self._seq
            self._marker = marker
            for s in self._streams:
                s.synced = False
                s.hold = bytearray()
        for s in self._streams:
            try:
                _write_all(s.wfd, marker)   # outside the lock: a full pipe needs the reader
            except OSError:
                with self._cond:
                    self._mark_synced_locked(s, b"")
        with self._cond:
            while self._marker is not None:
                if not self._cond.wait(1.0) and not self._thread.is_alive():
                    self._finish_locked()   # reader died (a kernel bug): do not hang the host

    def abort(self):
        with self._cond:
            self._finish_locked()

    def drop_idle_output(self):
        """Forget the output held for the next request (between requests only)."""
        for f in (sys.stdout, sys.stderr):
            try:
                f.flush()
            except Exception:
                pass
        # What was written before this call may still sit in the pipes, or in the pump between
        # its read and its queue: it is as idle as what was queued, so wait for it (briefly).
        poller = select.poll()
        for s in self._streams:
            poller.register(s.rfd, select.POLLIN)
        deadline = time.monotonic() + 0.5
        with self._cond:
            while (self._reading or poller.poll(0)) and time.monotonic() < deadline:
                self._cond.wait(0.002)
            if self._run_id is None:
                self._pending = []
                self._pending_size = 0

    def _pump(self):
        # Cancellation and CPU-limit signals must land on the main thread, where user code runs.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGXCPU, signal.SIGPROF})
        poller = select.poll()
        for s in self._streams:
            poller.register(s.rfd, select.POLLIN)
        while True:
            with self._cond:
                deadline = self._deadline
            timeout = None if deadline is None else max(0.0, (deadline - time.monotonic()) * 1000.0)
            for fd, _ in poller.poll(timeout):
                with self._cond:
                    self._reading = True
                try:
                    data = os.read(fd, READ_SIZE)
                except OSError:
                    data = b""
                with self._cond:
                    if data:
                        self._ingest_locked(self._by_fd[fd], data)
                    self._reading = False
                    self._cond.notify_all()
                if not data:    # we hold a write end, so only a user closing our fd gets here
                    poller.unregister(fd)
            with self._cond:
                if self._deadline is not None and time.monotonic() >= self._deadline:
                    self._emit_locked()

    def _ingest_locked(self, s, data):
        marker = self._marker
        if marker is None:
            self._queue_locked(s, data)
            return
        if s.synced:
            self._carry.append((s, data))
            return
        s.hold += data
        i = s.hold.find(marker)
        if i >= 0:
            self._queue_locked(s, s.hold[:i])
            self._mark_synced_locked(s, s.hold[i + len(marker):])
            return
        # Keep back a tail that could be the first part of a marker split across reads.
        keep = 0
        for k in range(min(len(s.hold), len(marker) - 1), 0, -1):
            if s.hold.endswith(marker[:k]):
                keep = k
                break
        self._queue_locked(s, s.hold[:len(s.hold) - keep])
        del s.hold[:len(s.hold) - keep]

    def _mark_synced_locked(self, s, rest):
        s.synced = True
        s.hold = bytearray()
        if rest:
            self._carry.append((s, bytes(rest)))
        if all(x.synced for x in self._streams):
            self._finish_locked()

    def _finish_locked(self):
        if self._run_id is not None:
            self._emit_locked(final=True)
        self._run_id = None
        self._marker = None
        self._pending = []
        self._pending_size = 0
        self._deadline = None
        carry, self._carry = self._carry, []
        for s in self._streams:
            s.synced = False
            if s.hold:  # only after an abort: the marker never came
                carry.append((s, bytes(s.hold)))
                s.hold = bytearray()
        for s, data in carry:
            self._queue_locked(s, data)
        self._cond.notify_all()

    def _queue_locked(self, s, data):
        if not data:
            return
        if self._run_id is None:
            if self._pending_size >= IDLE_CAP:
                return
        elif s.truncated:
            return      # past the cap: keep draining, forward nothing
        if self._pending and self._pending[-1][0] is s:
            self._pending[-1][1].extend(data)
        else:
            self._pending.append((s, bytearray(data)))
        self._pending_size += len(data)
        if self._run_id is not None:
            if self._deadline is None:
                self._deadline = time.monotonic() + COALESCE_S
            if self._pending_size >= FRAME_BYTES:
                self._emit_locked()

    def _emit_locked(self, final=False):
        rid = self._run_id
        lines = []
        for s, data in self._pending:
            if s.truncated:
                continue
            room = max(self._limit - s.sent, 0)
            cut = len(data) > room
            if cut:
                del data[room:]
            s.sent += len(data)
            text = s.decoder.decode(bytes(data))
            if text:
                lines.append(_frame({"id": rid, "type": "stream", "name": s.name, "text": text}))
            if cut:
                s.truncated = True
                s.decoder.reset()   # a character cut in half by the cap is dropped, not "\ufffd"
                lines.append(_frame({"id": rid, "type": "truncated", "name": s.name}))
        self._pending = []
        self._pending_size = 0
        self._deadline = None
        if final:
            for s in self._streams:
                if not s.truncated:
                    text = s.decoder.decode(b"", True)
                    if text:
                        lines.append(_frame({"id": rid, "type": "stream", "name": s.name, "text": text}))
                s.decoder.reset()
        if lines:
            self._send(b"".join(lines))


class _Preloader:
    """Imports modules ahead of user code on a thread of its own, at the lowest CPU priority.

    User code runs meanwhile (a request never waits for it); an import of a module the thread is
    loading waits for that one module, as Python's import locks make it. A fork (a checkpoint,
    multiprocessing) waits until the imports are done, so no copy holds a half-imported module.
    """

    FORK_WAIT_S = 120.0

    def __init__(self, modules, capture, send, cells):
        self._modules = modules
        self._capture = capture
        self._send = send
        self._cells = cells         # how many cells have run: output is nobody's while none has
        self._done = threading.Event()
        os.register_at_fork(before=self._before_fork)
        threading.Thread(target=self._run, name="hopx-preload", daemon=True).start()

    def _before_fork(self):
        if threading.current_thread().name != "hopx-preload":
            self._done.wait(self.FORK_WAIT_S)

    def _run(self):
        started = time.monotonic()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGXCPU, signal.SIGPROF})
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        except (AttributeError, OSError):
            pass
        cells = self._cells()
        loaded, failed = [], []
        for name in self._modules:
            try:
                importlib.import_module(name)
                loaded.append(name)
            except Exception:
                failed.append(name)
        if any(name.partition(".")[0] == "matplotlib" for name in loaded):
            self._draw_once()
        self._done.set()
        if self._cells() == cells:     # e.g. matplotlib's "building the font cache" notice
            self._capture.drop_idle_output()
        self._send(_frame({"type": "preloaded", "modules": loaded, "failed": failed,
                           "seconds": round(time.monotonic() - started, 3)}))

    @staticmethod
    def _draw_once():
        """A throwaway figure rendered to PNG, as our capture does: the first plot of user code
        then finds fonts, Agg's renderer and pandas' plotting set up. Object-oriented, never
        through pyplot, whose current figure user code may be drawing in meanwhile."""
        try:
            from matplotlib.figure import Figure
            axes = Figure().add_subplot()
            pandas = sys.modules.get("pandas")
            if pandas is not None and "pandas.plotting._matplotlib" in sys.modules:
                pandas.DataFrame({"x": [0, 1], "y": [0.0, 1.0]}).plot(x="x", y="y", ax=axes,
                                                                      title="x")
            else:
                axes.plot([0, 1], [0, 1])
            axes.figure.savefig(io.BytesIO(), format="png", bbox_inches="tight")
        except Exception:
            pass


class _Outcome:
    __slots__ = ("result", "error", "rich", "exit_code")

    def __init__(self):
        self.result = None
        self.error = None
        self.rich = []
        self.exit_code = 0

    def fail(self, error):
        self.error = error
        self.exit_code = 1


_NOTHING = object()


class _Kernel:
    _preloader = None   # the first preload request starts one
    def __init__(self):
        self._pid = os.getpid()
        self._write_lock = threading.Lock()
        self._setup_fds()
        self._capture = _Capture(self._send, self._pipes)
        self._interruptible = False     # user code is running: SIGINT raises KeyboardInterrupt
        self._starting = False          # a request is being set up: SIGINT is remembered
        self._cancel_pending = False
        self._cpu_s = 0
        self._cells = 0
        self._future_flags = 0
        self._loop = None
        self._libc = None
        self._state = None              # kernel_state, loaded on the first state request
        self._setup_namespace()
        signal.signal(signal.SIGINT, self._on_sigint)
        signal.signal(signal.SIGXCPU, self._on_sigxcpu)

    # -- setup ------------------------------------------------------------------------------

    def _setup_fds(self):
        # The protocol pipes move out of the way first, so nothing user code or a child
        # process writes to fd 1 can ever corrupt a frame.
        self._proto_in = _high_fd(0)
        self._proto_out = _high_fd(1)
        self._log_fd = _high_fd(2)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)    # input() gets EOF instead of eating requests
        os.close(null)
        self._pipes = []
        for fd, name in ((1, "stdout"), (2, "stderr")):
            r, w = os.pipe()
            os.dup2(w, fd)  # inheritable: os.system/subprocess children write here too
            self._pipes.append((name, (_high_fd(r, close=True), _high_fd(w, close=True))))
        try:
            # A segfault in a C extension then leaves a Python stack in the host's log.
            faulthandler.enable(file=self._log_fd, all_threads=True)
        except (OSError, ValueError, RuntimeError):
            pass
        self._install_std_objects()

    def _install_std_objects(self):
        self._stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", buffering=1,
                            closefd=False)
        self._stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", buffering=1,
                            closefd=False)
        sys.stdin = sys.__stdin__ = open(0, "r", encoding="utf-8", closefd=False)
        sys.stdout = sys.__stdout__ = self._stdout
        sys.stderr = sys.__stderr__ = self._stderr

    def _setup_namespace(self):
        # User code gets a fresh __main__ module (and sys.modules points at it) so that pickle
        # and multiprocessing find classes and functions defined in cells.
        self._kernel_module = sys.modules["__main__"]
        self._module = types.ModuleType("__main__")
        self._ns = self._module.__dict__
        self._ns["__builtins__"] = builtins
        self._ns["__hopx_shell__"] = _shell
        sys.modules["__main__"] = self._module
        sys.argv = [""]
        # Like the interactive interpreter: import from the working directory, not from ours.
        if sys.path and sys.path[0] == os.path.dirname(os.path.abspath(__file__)):
            sys.path[0] = ""

    # -- plumbing ---------------------------------------------------------------------------

    def _send(self, data):
        with self._write_lock:
            try:
                _write_all(self._proto_out, data)
            except OSError:
                os._exit(0)     # the host closed the response pipe: nobody is listening

    def _log(self, text):
        try:
            _write_all(self._log_fd, ("hopx-kernel: %s\n" % text).encode("utf-8", "replace"))
        except OSError:
            pass

    def _on_sigint(self, signum, frame):
        # Outside user code (reading requests, sending frames) a stray SIGINT must not break
        # the protocol, so it never raises there. One that arrives while a request is being
        # set up still cancels that request, as soon as its code would start.
        if self._interruptible:
            raise KeyboardInterrupt
        if self._starting:
            self._cancel_pending = True

    def _on_sigxcpu(self, signum, frame):
        if self._interruptible:
            raise CPUTimeLimitExceeded("CPU time limit of %g s exceeded" % self._cpu_s)

    # -- request loop -----------------------------------------------------------------------

    def serve(self):
        self._send(_frame({"type": "ready", "version": PROTOCOL_VERSION,
                           "python": "%d.%d.%d" % sys.version_info[:3], "pid": self._pid}))
        reader = open(self._proto_in, "rb", buffering=1 << 16)
        while True:
            line = reader.readline()
            if not line:
                break
            if not line.strip():
                continue
            if self._preload_request(line):
                continue
            if self._fork_request(line) or self._state_request(line):
                continue
            req, rid, problem = _parse_request(line)
            if problem is not None:
                frame = {"type": "error", "message": problem}
                if rid is not None:
                    frame["id"] = rid
                self._send(_frame(frame))
                continue
            try:
                self._handle(req)
            except BaseException as e:  # a kernel bug must not end the session
                self._interruptible = self._starting = False
                self._log("internal error: " + "".join(traceback.format_exception(e)))
                self._capture.abort()
                self._send(_frame({"type": "error", "id": rid,
                                   "message": "internal kernel error: %s: %s" % (type(e).__name__, e)}))
        self._shutdown()

    # -- preloading --------------------------------------------------------------------------

    def _preload_request(self, line):
        req = _op_request(line, "preload")
        if req is None:
            return False
        modules = req.get("modules")
        if self._preloader is None and isinstance(modules, list):
            self._preloader = _Preloader([m for m in modules if isinstance(m, str)],
                                         self._capture, self._send, lambda: self._cells)
        return True

    # -- checkpoints ------------------------------------------------------------------------

    def _fork_request(self, line):
        try:
            req = json.loads(line)
        except ValueError:
            return False
        if not isinstance(req, dict) or req.get("op") != "checkpoint":
            return False
        rid = req.get("id")
        pid = self._stopped_copy()
        if pid > 0:
            self._send(_frame({"id": rid, "type": "checkpoint", "pid": pid}))
            return True
        if pid < 0:
            self._send(_frame({"id": rid, "type": "error", "message": "fork failed"}))
            return True
        # A resumed copy: the kernel now. It keeps a stopped copy of itself, so the checkpoint
        # can be restored again; when that copy is resumed in its turn it does the same.
        while True:
            copy = self._stopped_copy()
            if copy != 0:
                break
        _clear_matplotlib_locks()   # the kernel the host ended may have held one
        self._send(_frame({"type": "restored", "pid": os.getpid(),
                           "checkpoint_pid": max(copy, 0)}))
        return True

    def _state_request(self, line):
        """The namespace to or from a file (kernel_state.py beside this file): a fork's
        children and a checkpoint after an app restart get the variables back from it."""
        if b'"op":"state"' not in line:
            return False
        try:
            req = json.loads(line)
        except ValueError:
            return False
        if not isinstance(req, dict) or req.get("op") != "state":
            return False
        rid = req.get("id")
        try:
            if self._state is None:
                import importlib.util
                path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernel_state.py")
                spec = importlib.util.spec_from_file_location("hopx_kernel_state", path)
                self._state = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(self._state)
            processes = types.SimpleNamespace(reap=_reap, set_name=_set_name)
            frame = self._state.handle(self._ns, req, processes)
        except BaseException as e:     # no dill, a full disk, ...: the host says what was lost
            self._log("state: " + "".join(traceback.format_exception(e)))
            frame = {"carried": [], "not_carried": {}, "error": "%s: %s" % (type(e).__name__, e)}
        frame.update({"id": rid, "type": "state"})
        self._flush_output()
        self._send(_frame(frame))
        return True

    def _stopped_copy(self):
        """Fork; in the parent return the child's pid, in the child wait until the agent wakes
        it (SIGUSR1 from pid 2) and return 0. -1 when fork fails.

        The copy waits in sigwaitinfo() rather than in a stopped state: when the kernel ends,
        the copy's process group is orphaned, and a stopped member of an orphaned group gets
        SIGHUP and SIGCONT. Only the agent's SIGUSR1 wakes it; anyone else's is ignored."""
        self._flush_output()
        wake = {signal.SIGUSR1}
        # Blocked before the fork: a SIGUSR1 that comes early stays pending for the copy.
        old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, wake)
        # No other thread may hold a lock the child needs: the capture thread's and the
        # writer's are taken across the fork and released on both sides.
        with self._capture._cond, self._write_lock:
            try:
                pid = os.fork()
            except OSError:
                pid = -1
        if pid:
            signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
            # A copy ends when its checkpoint is deleted or replaced: reaped here, or each
            # would stay a zombie, counted against the sandbox's process limit.
            threading.Thread(target=_reap, args=(pid,), daemon=True).start()
            return pid
        # Its own process group: ending the kernel's group (a hung run) must spare it.
        os.setpgid(0, 0)
        old_hup = signal.signal(signal.SIGHUP, signal.SIG_IGN)
        _set_name(b"hopx-checkpoint")
        while True:
            try:
                if signal.sigwaitinfo(wake).si_pid == AGENT_PID:
                    break
            except InterruptedError:
                pass
        signal.signal(signal.SIGHUP, old_hup)
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
        # Resumed. Threads do not survive fork: a new capture thread on the same pipes.
        self._pid = os.getpid()
        _set_name(b"python3")
        self._write_lock = threading.Lock()
        self._capture = _Capture(self._send, self._pipes)
        return 0

    def _shutdown(self):
        # EOF: the host is done. Run user atexit hooks, but do not wait for user threads.
        try:
            atexit._run_exitfuncs()
        except BaseException:
            pass
        self._flush_output()
        os._exit(0)

    def _handle(self, req):
        started = time.monotonic()
        self._cancel_pending = False
        self._starting = True
        rid = req["id"]
        limit = req.get("max_output")
        limit = DEFAULT_MAX_OUTPUT if limit is None else int(limit)
        self._capture.begin(rid, limit)
        self._repair_process_state()
        out = _Outcome()
        try:
            self._apply_env(req)
        except Exception as e:      # bad env name (NUL, "="), missing cwd, ...
            out.fail(self._report(e, user_frames=False))
        else:
            self._run_cell(req["code"], req.get("cpu_s") or 0, limit, out)
        self._starting = False
        self._repair_process_state()    # so the flush below reaches the capture pipes
        self._flush_output()
        self._capture.sync()
        self._send(_frame({
            "id": rid, "type": "result", "result": out.result, "error": out.error,
            "rich_outputs": out.rich, "execution_time": round(time.monotonic() - started, 6),
            "exit_code": out.exit_code}))

    def _repair_process_state(self):
        """Undo what a previous cell may have broken that the kernel itself depends on."""
        signal.signal(signal.SIGINT, self._on_sigint)
        signal.signal(signal.SIGXCPU, self._on_sigxcpu)
        if sys.stdin is None or sys.stdin.closed:   # exit()/quit() close stdin
            sys.stdin = open(0, "r", encoding="utf-8", closefd=False)
        for fd, wfd in ((1, self._capture.write_fds()["stdout"]),
                        (2, self._capture.write_fds()["stderr"])):
            try:
                a = os.fstat(fd)
                ok = (a.st_dev, a.st_ino) == (os.fstat(wfd).st_dev, os.fstat(wfd).st_ino)
            except OSError:
                ok = False
            if not ok:  # closed or redirected: output would no longer be captured
                os.dup2(wfd, fd)

    def _apply_env(self, req):
        for key, value in (req.get("env") or {}).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        for key in req.get("unset") or ():
            os.environ.pop(key, None)
        if req.get("cwd"):
            os.chdir(req["cwd"])

    def _flush_output(self):
        for stream in (sys.stdout, sys.stderr, self._stdout, self._stderr):
            try:
                stream.flush()
            except Exception:
                pass
        # C extensions' printf() output sits in libc's buffer (full buffering on a pipe).
        if self._libc is None:
            try:
                import ctypes
                self._libc = ctypes.CDLL(None)
                self._libc.fflush.argtypes = [ctypes.c_void_p]
            except Exception:
                self._libc = False
        if self._libc:
            self._libc.fflush(None)

    # -- running code -----------------------------------------------------------------------

    def _run_cell(self, source, cpu_s, limit, out):
        self._cells += 1
        filename = "%s%d>" % (CELL_PREFIX, self._cells)
        # Something (run_command's pip, a background job) may have installed a package since.
        _refresh_import_paths()
        # Registered so tracebacks and inspect.getsource() can show cell source lines.
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            body, last = self._compile(source, filename)
        except Exception as e:      # SyntaxError, ValueError (NUL byte), RecursionError (nesting)
            out.fail(self._report(e, user_frames=False))
            return
        saved_limit = self._arm_cpu(cpu_s)
        interrupted = False
        try:
            self._interruptible = True
            self._starting = False
            value = _NOTHING
            try:
                if self._cancel_pending:
                    raise KeyboardInterrupt
                self._eval(body)
                if last is not None:
                    value = self._eval(last)
            except SystemExit as e:
                out.exit_code = self._exit_status(e)
            except BaseException as e:
                interrupted = isinstance(e, (KeyboardInterrupt, CPUTimeLimitExceeded))
                out.fail(self._report(e))
            if os.getpid() != self._pid:
                self._exit_forked_child(out.exit_code)
            if value is not _NOTHING and value is not None:
                self._ns["_"] = value
                try:
                    out.result = self._repr(value, limit)
                except Exception as e:
                    out.fail(self._report(e))
                out.rich.extend(self._rich_value(value))
            if not interrupted:
                out.rich.extend(self._figures())
            self._interruptible = False
        except BaseException as e:
            # An interrupt that landed in kernel code around the user's (repr, savefig, a
            # handler above); the flag store has no eval-breaker check, so this cannot recurse.
            self._interruptible = False
            if out.error is None:
                out.fail(self._report(e))
        finally:
            self._disarm_cpu(saved_limit)
            self._close_figures()

    def _compile(self, source, filename):
        try:
            tree = ast.parse(source, filename, "exec")
        except SyntaxError:
            # Only source that is not Python as it stands gets its `!`/`%pip` lines rewritten.
            shell = _with_shell_lines(source)
            if shell is None:
                raise
            try:
                tree = ast.parse(shell, filename, "exec")
            except SyntaxError:
                tree = None
            if tree is None:
                ast.parse(source, filename, "exec")     # the user's own error, as written
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT | self._future_flags
        body = compile(tree, filename, "exec", flags, dont_inherit=True)
        # `from __future__ import ...` in one cell applies to later cells, as in a REPL.
        self._future_flags |= body.co_flags & FUTURE_FLAGS
        if last is not None:
            last = compile(last, filename, "eval", flags | self._future_flags, dont_inherit=True)
        return body, last

    def _eval(self, code):
        if code.co_flags & CO_COROUTINE:    # top-level await, as in IPython
            return self._event_loop().run_until_complete(eval(code, self._ns))
        return eval(code, self._ns)

    def _event_loop(self):
        import asyncio
        # One loop for the session, so tasks started by one cell can be awaited by the next.
        if self._loop is None or self._loop.is_closed():
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
        return self._loop

    def _exit_forked_child(self, code):
        # os.fork() in a cell: the child must not go on to read requests or send results.
        self._flush_output()
        os._exit(code)

    @staticmethod
    def _exit_status(e):
        code = e.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code & 0xFF  # what the shell would see from `python3 script.py`
        try:
            print(code, file=sys.stderr)    # sys.exit("message") prints it, like python does
        except Exception:
            pass
        return 1

    @staticmethod
    def _repr(value, limit):
        text = repr(value)
        cap = limit if limit > 0 else DEFAULT_MAX_OUTPUT
        if len(text) > cap:
            text = text[:cap] + "... [repr truncated, %d characters total]" % len(text)
        return text

    def _report(self, e, user_frames=True):
        """Print a traceback to stderr like python does and return the protocol's error dict."""
        try:
            text = _format_exception(e, user_frames)
        except Exception:
            text = "%s\n" % type(e).__name__
        self._write_stderr(text)
        try:
            evalue = str(e)
        except Exception:
            evalue = "<exception str() failed>"
        return {"ename": type(e).__name__, "evalue": evalue, "traceback": text.splitlines()}

    def _warn(self, e):
        """A failing _repr_*_ or savefig is shown, but does not fail the request."""
        try:
            self._write_stderr(_format_exception(e))
        except Exception:
            pass

    def _write_stderr(self, text):
        for stream in (sys.stderr, self._stderr):
            try:
                stream.write(text)
                stream.flush()
                return
            except Exception:
                continue

    def _rich_value(self, value):
        if isinstance(value, type):
            return []
        rich = []
        for mime, name in (("image/png", "_repr_png_"), ("text/html", "_repr_html_")):
            # Looked up on the type: objects with a catch-all __getattr__ would "have" anything.
            method = getattr(type(value), name, None)
            if not callable(method):
                continue
            try:
                data = method(value)
            except Exception as e:
                self._warn(e)
                continue
            if isinstance(data, tuple) and data:    # IPython's (data, metadata) form
                data = data[0]
            if mime == "image/png" and isinstance(data, (bytes, bytearray)):
                data = base64.b64encode(data).decode("ascii")
            if isinstance(data, str):
                rich.append({"type": mime, "data": data})
        return rich

    def _figures(self):
        plt = _imported("matplotlib.pyplot")
        if plt is None:
            return []
        rich = []
        for num in plt.get_fignums():
            buf = io.BytesIO()
            try:
                plt.figure(num).savefig(buf, format="png", bbox_inches="tight")
            except Exception as e:
                self._warn(e)
                continue
            rich.append({"type": "image/png", "data": base64.b64encode(buf.getvalue()).decode("ascii")})
        return rich

    @staticmethod
    def _close_figures():
        plt = _imported("matplotlib.pyplot")
        if plt is not None:
            try:
                plt.close("all")
            except Exception:
                pass

    def _arm_cpu(self, cpu_s):
        """Soft RLIMIT_CPU (SIGXCPU -> CPUTimeLimitExceeded in user code) plus a kill backstop.

        The backstop is an ITIMER_PROF with SIGPROF's default action rather than a lowered hard
        RLIMIT_CPU: an unprivileged process can never raise a hard limit again, so it could not
        be restored for the next request. It catches code stuck in C that never sees SIGXCPU.
        """
        if cpu_s <= 0:
            return None
        saved = resource.getrlimit(resource.RLIMIT_CPU)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        used = usage.ru_utime + usage.ru_stime
        soft = math.ceil(used + cpu_s)
        if saved[1] != resource.RLIM_INFINITY:
            soft = min(soft, saved[1])
        resource.setrlimit(resource.RLIMIT_CPU, (soft, saved[1]))
        signal.signal(signal.SIGPROF, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_PROF, max(soft - used, 0.0) + CPU_GRACE_S)
        self._cpu_s = cpu_s
        return saved

    @staticmethod
    def _disarm_cpu(saved):
        if saved is None:
            return
        signal.setitimer(signal.ITIMER_PROF, 0)
        resource.setrlimit(resource.RLIMIT_CPU, saved)


def _reap(pid):
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:   # user code's os.wait() took it
        pass


def _set_name(name):
    """What ps shows for this process (PR_SET_NAME)."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(15, ctypes.c_char_p(name), 0, 0, 0)
    except Exception:
        pass


def _imported(name):
    """The module if it is imported, None while it is not or still being imported (a preload
    may be halfway through it while a cell runs)."""
    module = sys.modules.get(name)
    if module is None or getattr(getattr(module, "__spec__", None), "_initializing", False):
        return None
    return module


def _op_request(line, op):
    """The request if `line` is the host's {"op": op, ...}, else None (a cheap byte test first:
    every code request passes through here)."""
    if b'"op":"%s"' % op.encode() not in line:
        return None
    try:
        req = json.loads(line)
    except ValueError:
        return None
    return req if isinstance(req, dict) and req.get("op") == op else None


def _parse_request(line):
    """Return (request, id, problem); problem is None for a usable request."""
    try:
        req = json.loads(line)
    except ValueError as e:
        return None, None, "malformed request: %s" % e
    if not isinstance(req, dict):
        return None, None, "malformed request: not a JSON object"
    rid = req.get("id")
    if isinstance(rid, bool) or not isinstance(rid, (int, str)):
        return None, None, "malformed request: \"id\" must be an integer or a string"

    def bad(text):
        return None, rid, "malformed request: " + text

    if not isinstance(req.get("code"), str):
        return bad("\"code\" must be a string")
    env = req.get("env")
    if env is not None and not (isinstance(env, dict)
                                and all(v is None or isinstance(v, str) for v in env.values())):
        return bad("\"env\" must be an object of strings or null")
    unset = req.get("unset")
    if unset is not None and not (isinstance(unset, list) and all(isinstance(k, str) for k in unset)):
        return bad("\"unset\" must be a list of strings or null")
    if req.get("cwd") is not None and not isinstance(req["cwd"], str):
        return bad("\"cwd\" must be a string or null")
    cpu_s = req.get("cpu_s")
    if cpu_s is not None and (isinstance(cpu_s, bool) or not isinstance(cpu_s, (int, float))
                              or not cpu_s >= 0 or math.isinf(cpu_s)):
        return bad("\"cpu_s\" must be a non-negative number")
    max_output = req.get("max_output")
    if max_output is not None and (isinstance(max_output, bool) or not isinstance(max_output, int)
                                   or max_output < 0):
        return bad("\"max_output\" must be a non-negative integer")
    return req, rid, None


def main():
    _clear_matplotlib_locks()
    _Kernel().serve()


if __name__ == "__main__":
    main()
