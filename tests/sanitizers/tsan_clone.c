/* SPDX-FileCopyrightText: 2026 HOPX Desktop developers
 * SPDX-License-Identifier: MIT */
/* Linked into every executable of a TSan build only (cmake/Sanitizers.cmake), never into the
 * product.
 *
 * Qt starts a QProcess with vforkfd(): clone(CLONE_VM | CLONE_VFORK) from libc. gcc 12's TSan
 * intercepts clone() and runs its fork bookkeeping in the child too, which with CLONE_VM shares
 * the parent's TLS: each QProcess start left the parent thread's ignore_interceptors one lower
 * (measured: -6 in hopx-desktop after start-up). From then on TSan ignored every interceptor on
 * that thread: it saw no mutex, no fd hand-off, and queued signals it never delivered (a
 * SIGTERM to the app waited forever). This clone() is found before TSan's (the executable comes
 * first in the lookup order) and calls libc's directly, as before TSan intercepted clone: the
 * vfork child only execs. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/types.h>

typedef int (*CloneFunction)(int (*)(void *), void *, int, void *, ...);

static CloneFunction s_libcClone;

/* Before main(), so no thread can race the lookup. */
__attribute__((constructor)) static void findLibcClone(void)
{
    void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (libc)
        s_libcClone = (CloneFunction)dlsym(libc, "clone");
    if (!s_libcClone)
        abort();
}

int clone(int (*fn)(void *), void *stack, int flags, void *arg, ...)
{
    /* libc reads these three only when flags ask for them; passing them on is what its own
     * callers' registers do. */
    va_list rest;
    va_start(rest, arg);
    pid_t *parentTid = va_arg(rest, pid_t *);
    void *tls = va_arg(rest, void *);
    pid_t *childTid = va_arg(rest, pid_t *);
    va_end(rest);
    return s_libcClone(fn, stack, flags, arg, parentTid, tls, childTid);
}
