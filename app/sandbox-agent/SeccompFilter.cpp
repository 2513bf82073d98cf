// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/SeccompFilter.h"

#include <cerrno>
#include <cstring>
#include <linux/sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <sys/socket.h>

namespace Hopx::Agent {

namespace {

struct Rule
{
    const char *name;
    int error;
};

// Syscalls refused outright. Names, not numbers, so that a syscall an architecture lacks is
// skipped rather than mis-numbered.
const Rule kDenied[] = {
    // flatpak: information leaks, accounting, quotas, the kernel keyring, NUMA
    {"syslog", EPERM},
    {"uselib", EPERM},
    {"acct", EPERM},
    {"modify_ldt", EPERM},
    {"quotactl", EPERM},
    {"add_key", EPERM},
    {"keyctl", EPERM},
    {"request_key", EPERM},
    {"move_pages", EPERM},
    {"mbind", EPERM},
    {"get_mempolicy", EPERM},
    {"set_mempolicy", EPERM},
    {"migrate_pages", EPERM},
    // flatpak: no namespace or mount games inside the sandbox
    {"unshare", EPERM},
    {"setns", EPERM},
    {"mount", EPERM},
    {"umount", EPERM},
    {"umount2", EPERM},
    {"pivot_root", EPERM},
    {"chroot", EPERM},
    // flatpak: seccomp cannot look into clone3's struct, and the new mount API changes the
    // VFS; ENOSYS makes libc fall back to clone() (which is filtered below)
    {"clone3", ENOSYS},
    {"open_tree", ENOSYS},
    {"move_mount", ENOSYS},
    {"fsopen", ENOSYS},
    {"fsconfig", ENOSYS},
    {"fsmount", ENOSYS},
    {"fspick", ENOSYS},
    {"mount_setattr", ENOSYS},
    // flatpak (non-devel): profiling and debugging stay outside
    {"perf_event_open", EPERM},
    {"ptrace", EPERM},
    // additions (codex, nsjail, spec §2): kernel attack surface a code runner never needs
    {"io_uring_setup", ENOSYS},
    {"io_uring_enter", ENOSYS},
    {"io_uring_register", ENOSYS},
    {"bpf", EPERM},
    {"userfaultfd", EPERM},
    {"process_vm_readv", EPERM},
    {"process_vm_writev", EPERM},
    {"pidfd_getfd", EPERM},
    {"open_by_handle_at", EPERM},
    // EOPNOTSUPP, what a file system without export support answers, and what programs that
    // try a handle first take as "use paths instead"; EPERM reads as a refusal to them.
    {"name_to_handle_at", EOPNOTSUPP},
    {"kexec_load", EPERM},
    {"kexec_file_load", EPERM},
    {"init_module", EPERM},
    {"finit_module", EPERM},
    {"delete_module", EPERM},
    {"reboot", EPERM},
    {"swapon", EPERM},
    {"swapoff", EPERM},
    {"iopl", EPERM},
    {"ioperm", EPERM},
    {"lookup_dcookie", EPERM},
    {"vhangup", EPERM},
    {"fanotify_init", EPERM},
    {"clock_settime", EPERM},
    {"clock_adjtime", EPERM},
    {"settimeofday", EPERM},
    {"adjtimex", EPERM},
    {"stime", EPERM},
};

// socket() families that stay available; everything else gets EAFNOSUPPORT (AF_VSOCK,
// AF_PACKET, AF_ALG, AF_KEY, AF_TIPC...). Sorted ascending.
const int kAllowedFamilies[] = {AF_UNIX, AF_INET, AF_INET6, AF_NETLINK};

} // namespace

bool SeccompFilter::load(std::string &error)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        error = "seccomp_init failed";
        return false;
    }
    auto fail = [&](const char *what, int rc) {
        error = std::string(what) + ": " + std::strerror(-rc);
        seccomp_release(ctx);
        return false;
    };

    // A syscall from a foreign ABI (i386 via int 0x80, x32) never matches the rules below,
    // so it must not run at all.
    int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    if (rc < 0)
        return fail("bad-arch action", rc);
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1);
    if (rc < 0)
        return fail("no_new_privs", rc);

    for (const Rule &r : kDenied) {
        const int nr = seccomp_syscall_resolve_name(r.name);
        if (nr == __NR_SCMP_ERROR)
            continue; // not on this architecture
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(r.error), nr, 0);
        // Pseudo-syscalls libseccomp cannot express natively (e.g. "stime" on x86_64).
        if (rc < 0 && rc != -EDOM && rc != -EFAULT)
            return fail(r.name, rc);
    }

    // clone() creating a user namespace (flags are the first argument on x86_64 and
    // aarch64; s390's reversed order is not a target).
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
        SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER));
    if (rc < 0)
        return fail("clone", rc);

    // Faking terminal input (CVE-2017-5226) and console copy/paste (CVE-2023-28100). The
    // mask ignores garbage in the upper half of the 64-bit register.
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
        SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, TIOCSTI));
    if (rc < 0)
        return fail("ioctl TIOCSTI", rc);
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
        SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, TIOCLINUX));
    if (rc < 0)
        return fail("ioctl TIOCLINUX", rc);

    // Only the default personality (no READ_IMPLIES_EXEC, no ADDR_NO_RANDOMIZE, ...).
    rc = seccomp_rule_add(
        ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(personality), 1, SCMP_A0(SCMP_CMP_NE, PER_LINUX));
    if (rc < 0)
        return fail("personality", rc);

    // socket(): block every family between the allowed ones, then everything above the last.
    // _exact, because libseccomp would otherwise be free to rewrite these (flatpak's note).
    int last = -1;
    for (int family : kAllowedFamilies) {
        for (int blocked = last + 1; blocked < family; ++blocked) {
            rc = seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                SCMP_A0(SCMP_CMP_EQ, scmp_datum_t(blocked)));
            if (rc < 0)
                return fail("socket family", rc);
        }
        last = family;
    }
    rc = seccomp_rule_add_exact(ctx, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
        SCMP_A0(SCMP_CMP_GE, scmp_datum_t(last + 1)));
    if (rc < 0)
        return fail("socket family", rc);

    rc = seccomp_load(ctx);
    if (rc < 0)
        return fail("seccomp_load", rc);
    seccomp_release(ctx);
    return true;
}

} // namespace Hopx::Agent
