// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Core::Tools {

/*! \brief Typed reads of a call's validated arguments, absent ones filled from the schema.
 *
 * A default lives in the tool's input schema ("default"), where tools/list shows it to the
 * model; nothing here lets a handler write a second one. A default that depends on other
 * arguments or on the app (e.g. the settings' sandbox timeout) is logic: test given().
 * JSON null counts as absent, as hopx-mcp treats None.
 */
class ToolArgs
{
public:
    //! `defaults` is what defaultsOf() returned for the tool's input schema.
    explicit ToolArgs(const QJsonObject &arguments, const QJsonObject &defaults = {});

    //! {property: "default"} of an object schema's properties that declare one.
    static QJsonObject defaultsOf(const QJsonObject &inputSchema);

    //! The caller passed `key` (not null).
    bool given(const QString &key) const;
    //! given(), or the schema has a default for it.
    bool has(const QString &key) const;
    QJsonValue value(const QString &key) const;
    QString string(const QString &key) const;
    int integer(const QString &key) const;
    bool boolean(const QString &key) const;
    QJsonObject object(const QString &key) const;
    //! A {name: value} object as an environment (non-string values as their text).
    EnvMap env(const QString &key) const;
    const QJsonObject &raw() const { return m_args; }

private:
    QJsonObject m_args;
    QJsonObject m_defaults;
};

} // namespace Hopx::Core::Tools
