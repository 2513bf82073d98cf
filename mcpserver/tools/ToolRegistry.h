// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/ParamHeaders.h"
#include "tools/ToolSpec.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <functional>

namespace Hopx::Mcp {

class ToolCall;

/*! \brief Name → {spec, async handler}. An ordinary object owned by the app, not a singleton.
 *
 * Handlers run on the registry's thread, receive the ToolCall and finish it when done
 * (synchronously or later). Arguments are already validated against the input schema.
 */
class ToolRegistry : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<void(ToolCall *call)>;
    struct Entry
    {
        ToolSpec spec;
        Handler handler;
        bool enabled = true;
        //! Its x-mcp-header parameters, which Streamable HTTP checks against Mcp-Param-*.
        QList<ParamHeaders::Declaration> paramHeaders;
        //! What JsonSchema says of the arguments {} (empty: valid), found once when added:
        //! health, list_sandboxes and the like are mostly called with none.
        QString noArgumentsError;

        //! JsonSchema's verdict on \a arguments; empty when valid.
        QString validate(const QJsonObject &arguments) const;
    };

    /*! A named view of the tools that a connection is offered (tools/list); calls by name
     *  reach every tool whatever the view. `all`: every enabled tool in registration order
     *  but those in `tools`. */
    struct Profile
    {
        QString name;
        QStringList tools; // in the order tools/list shows them (with `all`: the ones left out)
        bool all = false;
    };

    using QObject::QObject;

    //! False (and not added) when the input schema uses a keyword JsonSchema cannot check
    //! (such a tool would run with arguments nobody validated), or declares an x-mcp-header
    //! that breaks the spec's rules (clients must drop such a tool).
    bool add(const ToolSpec &spec, Handler handler);
    const Entry *find(const QString &name) const;
    //! Enabled tools in registration order.
    QList<ToolSpec> specs() const;
    /*! The enabled tools of `profile` in its order; an empty or unknown name means the default
     *  profile (the first one added), and with no profiles at all every enabled tool. */
    QList<ToolSpec> specs(const QString &profile) const;
    //! Adds or replaces a profile; the first one added is the default.
    void addProfile(const Profile &profile);
    bool hasProfile(const QString &name) const;
    //! Profile names in the order they were added (the default first).
    QStringList profileNames() const;
    QString defaultProfile() const;
    void setEnabled(const QString &name, bool enabled);

signals:
    void changed();

private:
    const Profile *profile(const QString &name) const;

    QList<Entry> m_entries;
    QList<Profile> m_profiles;
};

} // namespace Hopx::Mcp
