#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Runs "$@" in a new network namespace with only loopback up, so a client under test can reach
# nothing but the scripted model and hopx-desktop (the app's socket is a file, not the network).
# As root: unshare -n; as a user: unshare -rnm where user namespaces allow it; else it says so
# and runs "$@" on the machine's network (the clients still only get loopback URLs). The user's
# case needs its own mount namespace too: in a user namespace the setuid fusermount has no
# power, so the app's hopx-capfs disks can only be mounted by the namespace's own root, which the
# kernel allows only in a mount namespace that namespace owns ("mount failed: Operation not
# permitted" otherwise).
if [ -z "$HOPX_CLIENTS_NETNS" ] && command -v unshare >/dev/null 2>&1; then
    for flags in -n -rnm; do
        if unshare $flags true 2>/dev/null; then
            HOPX_CLIENTS_NETNS="unshare $flags" exec unshare $flags -- sh -c \
                'PATH="$PATH:/usr/sbin:/sbin"; ip link set lo up || exit 1; exec "$@"' isolated "$@"
        fi
    done
fi
echo "note: no network namespace here (unshare -n and -rnm both refused); running on the host network" >&2
exec "$@"
