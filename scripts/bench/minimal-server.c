// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: a third server beside ours and the reference, for ping only.
// The least a stdio JSON-RPC server can do: wait in poll, read a line, answer it. No JSON
// parsing (the id is copied as text), so its round trip is the client's and the kernel's alone.
#include <poll.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
    static char in[1 << 16], out[1 << 16];
    size_t have = 0;
    struct pollfd p = {0, POLLIN, 0};
    for (;;) {
        if (poll(&p, 1, -1) < 0)
            continue;
        ssize_t n = read(0, in + have, sizeof in - have);
        if (n <= 0)
            return 0;
        have += (size_t)n;
        char *start = in, *nl;
        while ((nl = memchr(start, '\n', have - (size_t)(start - in)))) {
            *nl = 0;
            const char *id = strstr(start, "\"id\":");
            size_t len = 0;
            if (id) {
                id += 5;
                while (id[len] && id[len] != ',' && id[len] != '}')
                    len++;
            }
            int m = 0;
            memcpy(out, "{\"jsonrpc\":\"2.0\",\"id\":", 22), m = 22;
            memcpy(out + m, id ? id : "null", id ? len : 4), m += id ? (int)len : 4;
            memcpy(out + m, ",\"result\":{}}\n", 14), m += 14;
            if (write(1, out, (size_t)m) < 0)
                return 1;
            start = nl + 1;
        }
        have -= (size_t)(start - in);
        memmove(in, start, have);
    }
}
