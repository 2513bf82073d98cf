// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/LoggingFeature.h"

#include "session/Caller.h"
#include "session/FeatureHost.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "tasks/RelatedTask.h"
#include "json/JsonRpc.h"

#include <QStringList>

namespace Hopx::Mcp {

namespace {
const QStringList kLevels {QStringLiteral("debug"), QStringLiteral("info"),
    QStringLiteral("notice"), QStringLiteral("warning"), QStringLiteral("error"),
    QStringLiteral("critical"), QStringLiteral("alert"), QStringLiteral("emergency")};
} // namespace

LoggingFeature::LoggingFeature(FeatureHost &host, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
{ }

int LoggingFeature::levelRank(const QString &level)
{
    return int(kLevels.indexOf(level));
}

void LoggingFeature::registerMethods(MethodTable &table)
{
    MethodTable::Method setLevel;
    setLevel.eras = MethodTable::Legacy; // 2026-07-28: the level comes with each request
    setLevel.handler = [this](const McpRequest &request) {
        const int rank = levelRank(request.params().value(QLatin1String("level")).toString());
        if (rank < 0) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: level must be one of %1")
                    .arg(kLevels.join(QStringLiteral(", "))));
            return;
        }
        m_level = rank;
        request.succeed({});
    };
    table.add(QStringLiteral("logging/setLevel"), setLevel);
}

void LoggingFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    capabilities.insert(QStringLiteral("logging"), QJsonObject {});
}

void LoggingFeature::log(const Caller &caller, const QString &level, const QString &logger,
    const QJsonValue &data, const QString &relatedKey, const QString &taskId)
{
    const int rank = levelRank(level);
    // A 2026-07-28 request that named no level hears nothing (MUST NOT, logging.mdx).
    const int threshold = caller.stateless ? caller.logLevel : m_level;
    if (rank < 0 || threshold < 0 || rank < threshold)
        return;
    QJsonObject params {{QStringLiteral("level"), level}, {QStringLiteral("data"), data}};
    if (!logger.isEmpty())
        params.insert(QStringLiteral("logger"), logger);
    if (!taskId.isEmpty())
        RelatedTask::addTo(params, taskId);
    m_host.send(JsonRpc::notification(QStringLiteral("notifications/message"), params), relatedKey);
}

} // namespace Hopx::Mcp
