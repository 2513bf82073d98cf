// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>

namespace Hopx::Core {

/*! \brief The part of TOML that Codex's `config.toml` uses for MCP servers: one
 *  `[mcp_servers.<name>]` table per server (`command`, `args`, `env` inline or as an
 *  `[mcp_servers.<name>.env]` table), found and replaced as text so that every other byte of
 *  the file, comments included, stays as it was. Not a general TOML parser: values other than
 *  strings, string arrays and inline tables of strings are kept but not read.
 */
class IdeConfigToml
{
public:
    struct Server
    {
        QString name;
        qsizetype begin = 0; // the table's header line ...
        qsizetype end = 0; // ... to the next table that is not one of its own
        QString command;
        QStringList args;
        QMap<QString, QString> env;
        QStringList otherLines; // the table's other `key = value` lines, as written
    };

    //! `[mcp_servers.<name>]` with `entry`'s command, args and env, then `otherLines`, ending in
    //! a newline.
    static QString table(
        const QString &name, const QJsonObject &entry, const QStringList &otherLines = {});
    //! Every `[mcp_servers.*]` table in `text`, in file order.
    static QList<Server> servers(const QByteArray &text);
    //! install() for Codex: our table replaced or appended, the rest of the file untouched.
    static Result<IdeConfig::Installed> install(
        const QString &name, const QJsonObject &entry, const QString &path);
    //! A TOML basic string.
    static QString quoted(const QString &s);
};

} // namespace Hopx::Core
