// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: what the two floor servers (minimal-server.c, qt-loop-server.cpp) do with
// the bytes they read: answer every whole line with an empty result, its id copied as text (no
// JSON parsing). Valid C and C++.
#pragma once
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* Answers the whole lines in in[0, have) on fd 1 and moves what is left of a line to the start.
 * Returns the bytes left, or -1 when the answer could not be written. */
static ssize_t minimal_answer(char *in, size_t have)
{
    static char out[1 << 16];
    char *start = in, *nl;
    while ((nl = (char *)memchr(start, '\n', have - (size_t)(start - in)))) {
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
            return -1;
        start = nl + 1;
    }
    have -= (size_t)(start - in);
    memmove(in, start, have);
    return (ssize_t)have;
}
