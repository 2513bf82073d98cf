// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/SandboxTypes.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Core::Tools {

/*! \brief Typed reads of already-validated tool arguments, with hopx-mcp's defaults. */
class ToolArgs
{
public:
    explicit ToolArgs(const QJsonObject &args)
        : m_args(args)
    { }

    bool has(const QString &key) const
    {
        return m_args.contains(key) && !m_args.value(key).isNull();
    }
    QString string(const QString &key, const QString &fallback = {}) const
    {
        return has(key) ? m_args.value(key).toString() : fallback;
    }
    int integer(const QString &key, int fallback = 0) const
    {
        return has(key) ? int(m_args.value(key).toDouble()) : fallback;
    }
    bool boolean(const QString &key, bool fallback = false) const
    {
        return has(key) ? m_args.value(key).toBool() : fallback;
    }
    EnvMap env(const QString &key) const
    {
        EnvMap out;
        const QJsonObject obj = m_args.value(key).toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it)
            out.insert(it.key(),
                it.value().isString() ? it.value().toString() : it.value().toVariant().toString());
        return out;
    }
    const QJsonObject &raw() const { return m_args; }

private:
    QJsonObject m_args;
};

} // namespace Hopx::Core::Tools
