// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tools/ToolRegistry.h"

#include "json/JsonSchema.h"

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
    const Expected<QList<ParamHeaders::Declaration>> declared =
        ParamHeaders::declarations(spec.inputSchema);
    if (!declared) {
        qWarning("ToolRegistry: refusing tool %s: %s", qPrintable(spec.name),
            qPrintable(declared.error()));
        return false;
    }
    const QList<ParamHeaders::Declaration> &headers = declared.value();
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

QList<ToolSpec> ToolRegistry::specs(const QString &name) const
{
    // An unknown name (a newer bridge's) gets the default rather than everything.
    const Profile *p = profile(name);
    if (!p)
        p = profile(defaultProfile());
    if (!p)
        return specs();
    QList<ToolSpec> out;
    if (p->all) {
        for (const Entry &e : m_entries)
            if (e.enabled && !p->tools.contains(e.spec.name))
                out.append(e.spec);
        return out;
    }
    for (const QString &tool : p->tools)
        if (const Entry *e = find(tool))
            out.append(e->spec);
    return out;
}

void ToolRegistry::addProfile(const Profile &added)
{
    for (Profile &p : m_profiles) {
        if (p.name == added.name) {
            p = added;
            emit changed();
            return;
        }
    }
    m_profiles.append(added);
    emit changed();
}

bool ToolRegistry::hasProfile(const QString &name) const
{
    return profile(name) != nullptr;
}

QStringList ToolRegistry::profileNames() const
{
    QStringList names;
    for (const Profile &p : m_profiles)
        names.append(p.name);
    return names;
}

QString ToolRegistry::defaultProfile() const
{
    return m_profiles.isEmpty() ? QString() : m_profiles.first().name;
}

const ToolRegistry::Profile *ToolRegistry::profile(const QString &name) const
{
    for (const Profile &p : m_profiles)
        if (p.name == name)
            return &p;
    return nullptr;
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
