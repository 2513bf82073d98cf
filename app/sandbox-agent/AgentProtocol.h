// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// The wire contract between the app (LocalProvider / AgentClient, host side) and
// hopx-sandbox-agent (pid 2 inside each bubblewrap sandbox). Plain C++17, no Qt: the
// agent links only libc and libseccomp.
//
// Transport: one AF_UNIX SOCK_SEQPACKET socketpair per sandbox. The agent's end is fd 3.
// One datagram = one message. A message is a list of fields separated by NUL bytes:
//
//     VERB \0 REQID \0 field \0 field ...        (no trailing NUL)
//
// REQID is a decimal uint64 chosen by the host, echoed in every reply to that request;
// 0 is reserved for unsolicited agent messages. Fields are bytes without NUL (paths,
// env entries, argv). Bulk data (file contents, program output, code) never travels in
// datagrams: it goes through pipes whose ends are passed with SCM_RIGHTS.
//
// Everything the agent sends is untrusted input for the host (code in the sandbox can
// kill the agent, or with enough effort race it): the host bounds sizes, parses strictly
// and never takes a host path from the agent.

#include <cstddef>
#include <cstdint>

namespace Hopx::Agent {

constexpr int kProtocolVersion = 1;
constexpr int kControlFd = 3; // agent's end of the socketpair
constexpr std::size_t kMaxMessage = 128 * 1024; // larger datagrams are refused
constexpr int kMaxFds = 3; // fds passed with one EXEC

// Command line (set up by BwrapCommand): hopx-sandbox-agent [--nproc N] [--data-mb N]
// [--nofile N] [--fsize-mb N] [--mem-mb N]. The agent sets those rlimits (and RLIMIT_CORE 0)
// on itself inside the user namespace, makes itself a non-dumpable child subreaper, loads
// its seccomp filter and only then reads fd 3. --mem-mb is only reported by @metrics.

// Host -> agent ------------------------------------------------------------------------
//
// HELLO REQID
//     -> READY REQID <version> <agent-pid>
//
// EXEC REQID <timeout_ms> <cpu_s> <cwd> <flags> <nenv> K=V ... <argv0> <argv1> ...
//     with SCM_RIGHTS fds: exactly 3 (child's stdin, stdout, stderr), or 0 when
//     flags has 'b' (background: stdin /dev/null, stdout+stderr appended to
//     /tmp/.hopx/jobs/<pid>.log inside the sandbox).
//     timeout_ms 0 = no wall-clock limit; cpu_s 0 = no RLIMIT_CPU.
//     flags: a string of letters, "-" for none: 'b' background.
//     The child: setsid() (own process group), the session env (see SETENV) overlaid
//     with the K=V entries, chdir(cwd), execvp(argv0). A relative cwd is refused.
//     argv0 beginning with '@' runs a builtin instead of execvp (see below), in a forked
//     child with the same fds, so builtins run as the sandbox user inside its mounts:
//     a symlink can never lead them to a host file.
//     -> STARTED REQID <pid>                    the child exists
//     -> ERROR REQID <errno> <message>          nothing was started (bad cwd, ENOENT...)
//     A background run is over for the host at STARTED; its end comes as BGEXIT (below),
//     not EXIT (its timeout_ms, when not 0, still applies). A foreground run, then, once:
//     -> EXIT REQID <pid> <code> <signal> <cpu_ms> <maxrss_kb> <flags>
//        code is the exit status (or -1 when killed by a signal); signal 0 when it
//        exited; flags: "-" or letters: 't' wall-clock timeout hit, 'c' CPU limit hit.
//     On timeout the agent sends SIGKILL to the whole process group.
//
// KILL REQID <pid> <signal> <group 0|1>
//     kill(pid or -pid, signal). pid <= 2 (bwrap init, the agent) is refused (EPERM).
//     -> OK REQID | ERROR REQID <errno> <message>
//
// SETENV REQID K=V ...      set in the session env (inherited by every later EXEC); all or
//                           nothing: a bad entry (EINVAL) or a session env over 64 KiB (E2BIG)
//                           is refused with ERROR and changes nothing
// UNSETENV REQID K ...      remove from it
// CLEARENV REQID            empty it (the base env given by bwrap --setenv stays)
//     -> OK REQID
// GETENV REQID
//     -> ENV REQID K=V ...                      the session env only
//
// PS REQID
//     -> PROCS REQID <record> ...
//        record = "pid ppid pgid state rss_kb cpu_ms start_ms_ago name\tcmdline"
//        (cmdline args joined by ' '), every process of the sandbox except pid 1 and
//        the agent itself.
//
// ADOPT REQID <pid>
//     <pid>, a process that is the agent's child now (re-parented to it: a kernel checkpoint
//     resumed after the kernel it was forked from ended), becomes a foreground job of this
//     request, without a timeout:
//     -> STARTED REQID <pid>, later EXIT REQID … as for EXEC
//     -> ERROR REQID <errno> <message>          not a child (ESRCH), already a job (EBUSY)
//
// SHUTDOWN REQID            kill every process, reply, then exit(0). EOF on fd 3 does the same.
//     -> OK REQID                               (the host must also accept EOF instead)
//
// Agent -> host, unsolicited (REQID 0) -------------------------------------------------
//
// BGEXIT 0 <pid> <code> <signal>             a background job ended
// ERROR 0 <errno> <message>                  a message the agent could not parse (no REQID
//                                            could be trusted); the host logs it
//
// Builtins (argv0 of EXEC). They read stdin / write stdout as described, write a one-line
// message to stderr on failure and exit with an errno value (0 = success):
//   @read PATH                stdout = the file's bytes (regular files only: EISDIR for a
//                             directory, EINVAL for devices and FIFOs)
//   @write PATH MODE APPEND   stdin -> file (created with octal MODE, parents made;
//                             APPEND "1" appends, "0" truncates)
//   @list PATH MAX            stdout = one line per entry, sorted by name (bytewise):
//                             "name\ttype\tsize\tmtime_s\tmode_octal" where type is
//                             f (file), d (directory), l (symlink), o (other) and
//                             mode_octal has 4 digits ("0644"); entries are lstat'ed;
//                             names are escaped: '\\' -> "\\\\", tab -> "\\t", newline
//                             -> "\\n"; stops after MAX entries and then prints
//                             "...\t<total>"
//   @stat PATH                stdout = one line in the same format for PATH itself
//                             (lstat: a symlink is reported as a link); name = the last
//                             path component
//   @mkdir PATH               mkdir -p (0755)
//   @remove PATH              unlink, or remove a directory recursively (never follows
//                             symlinks); "/" is refused (EBUSY)
//   @metrics                  stdout = "key value" lines: mem_total_kb (the sandbox's cap
//                             when smaller than RAM), mem_used_kb (sum of RSS), procs,
//                             load1, uptime_s (of the sandbox), disk_used_kb (of /workspace),
//                             disk_scan_complete (0 when the walk stopped at 200k entries)

} // namespace Hopx::Agent
