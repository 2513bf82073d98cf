// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp {

/*! \brief What tools/list says about a tool. Descriptions are API for the model: English. */
struct ToolSpec
{
    enum class TaskSupport { Forbidden, Optional, Required };

    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema {{QStringLiteral("type"), QStringLiteral("object")}};
    QJsonObject outputSchema; // empty = none
    bool readOnly = false;
    bool destructive = true;
    bool idempotent = false;
    bool openWorld = true;
    TaskSupport taskSupport = TaskSupport::Forbidden;

    QJsonObject toJson() const;
};

} // namespace Hopx::Mcp
