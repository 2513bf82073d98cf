// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ToolRegistry.h"

#include "JsonSchema.h"

namespace Hopx::Mcp {

bool ToolRegistry::add(const ToolSpec &spec, Handler handler)
{
    const QStringList unsupported = JsonSchema::unsupportedKeywords(spec.inputSchema);
    if (!unsupported.isEmpty()) {
        qWarning("ToolRegistry: refusing tool %s: its input schema uses %s, which the argument "
                 "validator does not implement",
            qPrintable(spec.name), qPrintable(unsupported.join(QStringLiteral(", "))));
        return false;
    }
    for (Entry &e : m_entries) {
        if (e.spec.name == spec.name) {
            e = Entry {spec, std::move(handler), true};
            emit changed();
            return true;
        }
    }
    m_entries.append(Entry {spec, std::move(handler), true});
    emit changed();
    return true;
}

const ToolRegistry::Entry *ToolRegistry::find(const QString &name) const
{
    for (const Entry &e : m_entries)
        if (e.enabled && e.spec.name == name)
            return &e;
    return nullptr;
}

QList<ToolSpec> ToolRegistry::specs() const
{
    QList<ToolSpec> out;
    for (const Entry &e : m_entries)
        if (e.enabled)
            out.append(e.spec);
    return out;
}

void ToolRegistry::setEnabled(const QString &name, bool enabled)
{
    for (Entry &e : m_entries) {
        if (e.spec.name == name && e.enabled != enabled) {
            e.enabled = enabled;
            emit changed();
        }
    }
}

} // namespace Hopx::Mcp
