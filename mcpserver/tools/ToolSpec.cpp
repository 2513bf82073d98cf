// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tools/ToolSpec.h"

namespace Hopx::Mcp {

QJsonObject ToolSpec::toJson() const
{
    QJsonObject tool {{QStringLiteral("name"), name}, {QStringLiteral("description"), description},
        {QStringLiteral("inputSchema"), inputSchema}};
    if (!title.isEmpty())
        tool.insert(QStringLiteral("title"), title);
    if (!outputSchema.isEmpty())
        tool.insert(QStringLiteral("outputSchema"), outputSchema);
    QJsonObject annotations {{QStringLiteral("readOnlyHint"), readOnly()},
        {QStringLiteral("idempotentHint"), idempotent()},
        {QStringLiteral("openWorldHint"), openWorld()}};
    // destructiveHint is meaningful only when the tool is not read-only (schema.ts)
    if (!readOnly())
        annotations.insert(QStringLiteral("destructiveHint"), destructive());
    if (!title.isEmpty())
        annotations.insert(QStringLiteral("title"), title);
    tool.insert(QStringLiteral("annotations"), annotations);
    if (taskSupport != TaskSupport::Forbidden)
        tool.insert(QStringLiteral("execution"),
            QJsonObject {{QStringLiteral("taskSupport"),
                taskSupport == TaskSupport::Optional ? QStringLiteral("optional")
                                                     : QStringLiteral("required")}});
    return tool;
}

} // namespace Hopx::Mcp
