// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/ToolArgs.h"

#include <algorithm>
#include <limits>

namespace Hopx::Core::Tools {

ToolArgs::ToolArgs(const QJsonObject &arguments, const QJsonObject &defaults)
    : m_args(arguments)
    , m_defaults(defaults)
{ }

QJsonObject ToolArgs::defaultsOf(const QJsonObject &inputSchema)
{
    QJsonObject defaults;
    const QJsonObject properties = inputSchema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue fallback = it.value().toObject().value(QLatin1String("default"));
        if (!fallback.isUndefined())
            defaults.insert(it.key(), fallback);
    }
    return defaults;
}

bool ToolArgs::given(const QString &key) const
{
    const auto it = m_args.constFind(key);
    return it != m_args.constEnd() && !it->isNull();
}

bool ToolArgs::has(const QString &key) const
{
    return given(key) || m_defaults.contains(key);
}

QJsonValue ToolArgs::value(const QString &key) const
{
    return given(key) ? m_args.value(key) : m_defaults.value(key);
}

QString ToolArgs::string(const QString &key) const
{
    return value(key).toString();
}

int ToolArgs::integer(const QString &key) const
{
    // The schema may set no bounds, and a double outside int does not convert (undefined
    // behaviour; on x86 1e300 became INT_MIN): the nearest int instead.
    return int(std::clamp(value(key).toDouble(), double(std::numeric_limits<int>::min()),
        double(std::numeric_limits<int>::max())));
}

bool ToolArgs::boolean(const QString &key) const
{
    return value(key).toBool();
}

QJsonObject ToolArgs::object(const QString &key) const
{
    return value(key).toObject();
}

EnvMap ToolArgs::env(const QString &key) const
{
    EnvMap out;
    const QJsonObject obj = object(key);
    for (auto it = obj.begin(); it != obj.end(); ++it)
        out.insert(it.key(),
            it.value().isString() ? it.value().toString() : it.value().toVariant().toString());
    return out;
}

} // namespace Hopx::Core::Tools
