// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace Hopx::Mcp {

/*! \brief A tool's `x-mcp-header` parameters and the `Mcp-Param-*` headers that mirror them.
 *
 * Revision 2026-07-28 lets a tool mark arguments that a Streamable HTTP client copies into
 * `Mcp-Param-{Name}` headers (SEP-2243), so that a proxy can route on them without reading the
 * body. A server that reads the body must then refuse a call whose headers say something else
 * (400, -32020): else the proxy and the tool act on different values. Only Streamable HTTP has
 * these headers; stdio ignores the annotation, as the transport spec allows.
 */
class ParamHeaders
{
public:
    struct Declaration
    {
        QStringList path; // the chain of properties keys from the schema root
        QString name; // as declared: the header is Mcp-Param-<name>
        QString type; // "string", "integer" or "boolean"
    };

    /*! The declarations in an input schema, or why one breaks the spec's rules (a token name,
     *  unique ignoring case, on a string/integer/boolean property reached from the root
     *  through properties only): clients drop such a tool. */
    static Expected<QList<Declaration>> declarations(const QJsonObject &inputSchema);

    /*! Checks the `Mcp-Param-*` headers (names lower-cased) of a tools/call against its
     *  arguments: empty when they agree, else the reason. A value in the body needs its
     *  header; a header needs its value; null counts as absent. */
    static QString mismatch(const QList<Declaration> &declarations, const QJsonObject &arguments,
        const QList<QPair<QByteArray, QByteArray>> &headers);

    /*! A header value as text: `=?base64?…?=` decoded (strict Base64, UTF-8), anything else
     *  literally. False for characters a field value may not carry, or a bad encoding. */
    static bool decodeValue(const QByteArray &raw, QString *out);
};

} // namespace Hopx::Mcp
