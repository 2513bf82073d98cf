// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "tools/ToolSpec.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Hopx::Mcp {
class ToolRegistry;
}

namespace Hopx::Core::Tools {

/*! \brief The tool reference (`hopx-desktop --list-tools`, README "Tools" section), rendered from
 *  the specs a ToolRegistry holds, so the documentation cannot drift from what tools/list says.
 *
 *  Output is deterministic (no version, no date, no machine-specific value): the README test
 *  compares it byte for byte.
 */
class ToolReference
{
public:
    enum class Format { Markdown, Json, Names };

    /*! `--list-tools`: writes the tools of `profile` (empty: every registered tool) to stdout;
     *  returns the exit code (2 for an unknown format or profile, reported on stderr). */
    static int print(
        const Mcp::ToolRegistry &registry, const QString &formatName, const QString &profile = {});

    //! "markdown"/"md", "json" or "names" (one per line); false for anything else.
    static bool parseFormat(const QString &text, Format *format);

    static QByteArray render(const QList<Mcp::ToolSpec> &specs, Format format);
    //! A summary table, then one section per tool with its parameters table.
    static QString markdown(const QList<Mcp::ToolSpec> &specs);
    //! The same shape as a tools/list result: {"tools": [...]}.
    static QByteArray json(const QList<Mcp::ToolSpec> &specs);

    //! "read-only, idempotent", "destructive", … from the MCP annotations.
    static QString annotationSummary(const Mcp::ToolSpec &spec);
    //! A property schema's type for a table cell: "integer (1–3600)", "\"a\" \\| \"b\"", …
    static QString typeText(const QJsonObject &schema);
};

} // namespace Hopx::Core::Tools
