#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Runs "$@" in a new network namespace with only loopback up, so a client under test can reach
# nothing but the scripted model and hopx-desktop (the app's socket is a file, not the network).
# As root: unshare -n; as a user: unshare -rn where user namespaces allow it; else it says so
# and runs "$@" on the machine's network (the clients still only get loopback URLs).
if [ -z "$HOPX_CLIENTS_NETNS" ] && command -v unshare >/dev/null 2>&1; then
    for flags in -n -rn; do
        if unshare $flags true 2>/dev/null; then
            HOPX_CLIENTS_NETNS="unshare $flags" exec unshare $flags -- sh -c \
                'PATH="$PATH:/usr/sbin:/sbin"; ip link set lo up || exit 1; exec "$@"' isolated "$@"
        fi
    done
fi
echo "note: no network namespace here (unshare -n and -rn both refused); running on the host network" >&2
exec "$@"
