// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"

#include <QJsonValue>
#include <QString>

namespace Hopx::Mcp {

class FeatureHost;

/*! \brief Logging: `logging/setLevel` and the notifications/message tools send while they run.
 *
 * The level is the session's for legacy callers; a 2026-07-28 request names its own in
 * `_meta` (there is no logging/setLevel), and one that names none gets no log messages.
 */
class LoggingFeature final : public McpFeature
{
public:
    explicit LoggingFeature(FeatureHost &host, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

    //! What `logger` (a tool) says to `caller`, on the stream of the request `relatedKey` names.
    void log(const Caller &caller, const QString &level, const QString &logger,
        const QJsonValue &data, const QString &relatedKey, const QString &taskId = {});

    static int levelRank(const QString &level); // -1 when unknown

private:
    FeatureHost &m_host;
    int m_level = 1; // info: below that nothing is sent unless the client asks
};

} // namespace Hopx::Mcp
