// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QFlags>
#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp {

/*! \brief What tools/list says about a tool. Descriptions are API for the model: English. */
struct ToolSpec
{
    enum class TaskSupport { Forbidden, Optional, Required };
    //! The MCP tool annotations (…Hint) a tool declares true; one not named is false.
    enum Hint {
        NoHints = 0,
        ReadOnly = 0x1,
        Destructive = 0x2, // meaningful only without ReadOnly (schema.ts)
        Idempotent = 0x4,
        OpenWorld = 0x8,
    };
    Q_DECLARE_FLAGS(Hints, Hint)

    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema {{QStringLiteral("type"), QStringLiteral("object")}};
    QJsonObject outputSchema; // empty = none
    //! The keys of a result given only as JSON text (no outputSchema): documented, never sent.
    QJsonObject textResultSchema;
    //! MCP's defaults for a tool that says nothing: it may destroy, and it reaches outside.
    Hints hints {Destructive | OpenWorld};
    TaskSupport taskSupport = TaskSupport::Forbidden;

    bool readOnly() const { return hints.testFlag(ReadOnly); }
    bool destructive() const { return hints.testFlag(Destructive); }
    bool idempotent() const { return hints.testFlag(Idempotent); }
    bool openWorld() const { return hints.testFlag(OpenWorld); }

    QJsonObject toJson() const;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(ToolSpec::Hints)

} // namespace Hopx::Mcp
