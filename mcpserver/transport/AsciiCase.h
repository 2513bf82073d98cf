// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArrayView>

namespace Hopx::Mcp::AsciiCase {

/* Case-insensitive comparisons of HTTP's ASCII words (header names, media types, host names)
 * without a lower-cased copy. Inline rather than qstrnicmp, which folds Latin-1 through a table
 * and costs about 200 instructions a call: each request makes a dozen of them. */

inline char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

inline bool equal(QByteArrayView a, QByteArrayView b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

inline bool contains(QByteArrayView haystack, QByteArrayView needle)
{
    if (needle.isEmpty())
        return true;
    const char first = lower(needle.front());
    for (qsizetype i = 0; i + needle.size() <= haystack.size(); ++i)
        if (lower(haystack[i]) == first && equal(haystack.sliced(i, needle.size()), needle))
            return true;
    return false;
}

} // namespace Hopx::Mcp::AsciiCase
