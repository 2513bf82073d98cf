// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// UriTemplate: resource templates matched against URIs a client sends. Input: the template,
// a newline, the URI. A match must bind every variable, and a simple variable never spans a
// path segment.
#include "json/UriTemplate.h"

#include "FuzzSupport.h"

using Hopx::Mcp::UriTemplate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nl = input.indexOf('\n');
    const QString pattern = QString::fromUtf8(nl < 0 ? input : input.left(nl));
    const QString uri = nl < 0 ? QString() : QString::fromUtf8(input.mid(nl + 1));

    const UriTemplate t(pattern);
    const auto values = t.match(uri);
    if (!t.isValid()) {
        FUZZ_CHECK(!values);
        return 0;
    }
    // The template matches itself with each variable bound to a plain value.
    if (values) {
        const QStringList names = t.variableNames();
        for (const QString &name : names)
            FUZZ_CHECK(values->contains(name));
        FUZZ_CHECK(values->size() <= names.size());
    }
    return 0;
}
