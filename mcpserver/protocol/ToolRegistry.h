// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ParamHeaders.h"
#include "ToolSpec.h"

#include <QList>
#include <QObject>

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

    using QObject::QObject;

    //! False (and not added) when the input schema uses a keyword JsonSchema cannot check
    //! (such a tool would run with arguments nobody validated), or declares an x-mcp-header
    //! that breaks the spec's rules (clients must drop such a tool).
    bool add(const ToolSpec &spec, Handler handler);
    const Entry *find(const QString &name) const;
    //! Enabled tools in registration order.
    QList<ToolSpec> specs() const;
    void setEnabled(const QString &name, bool enabled);

signals:
    void changed();

private:
    QList<Entry> m_entries;
};

} // namespace Hopx::Mcp
