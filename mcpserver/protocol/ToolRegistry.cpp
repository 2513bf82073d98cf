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
                 "validator cannot enforce",
            qPrintable(spec.name), qPrintable(unsupported.join(QStringLiteral(", "))));
        return false;
    }
    QString invalidHeader;
    const QList<ParamHeaders::Declaration> headers =
        ParamHeaders::declarations(spec.inputSchema, &invalidHeader);
    if (!invalidHeader.isEmpty()) {
        qWarning(
            "ToolRegistry: refusing tool %s: %s", qPrintable(spec.name), qPrintable(invalidHeader));
        return false;
    }
    const QString noArgumentsError = JsonSchema::validate(spec.inputSchema, QJsonObject());
    for (Entry &e : m_entries) {
        if (e.spec.name == spec.name) {
            e = Entry {spec, std::move(handler), true, headers, noArgumentsError};
            emit changed();
            return true;
        }
    }
    m_entries.append(Entry {spec, std::move(handler), true, headers, noArgumentsError});
    emit changed();
    return true;
}

QString ToolRegistry::Entry::validate(const QJsonObject &arguments) const
{
    return arguments.isEmpty() ? noArgumentsError
                               : JsonSchema::validate(spec.inputSchema, arguments);
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
