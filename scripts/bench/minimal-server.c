// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: a third server beside ours and the reference, for ping only.
// The least a stdio JSON-RPC server can do: wait in poll, read a line, answer it. No JSON
// parsing (the id is copied as text), so its round trip is the client's and the kernel's alone.
#include "minimal-answer.h"

#include <poll.h>
int main(void)
{
    static char in[1 << 16];
    size_t have = 0;
    struct pollfd p = {0, POLLIN, 0};
    for (;;) {
        if (poll(&p, 1, -1) < 0)
            continue;
        ssize_t n = read(0, in + have, sizeof in - have);
        if (n <= 0)
            return 0;
        n = minimal_answer(in, have + (size_t)n);
        if (n < 0)
            return 1;
        have = (size_t)n;
    }
}
