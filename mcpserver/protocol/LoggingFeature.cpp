// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LoggingFeature.h"

#include "FeatureHost.h"
#include "JsonRpc.h"
#include "McpRequest.h"
#include "MethodTable.h"
#include "RelatedTask.h"

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
    table.add(QStringLiteral("logging/setLevel"), [this](const McpRequest &request) {
        const int rank = levelRank(request.params().value(QLatin1String("level")).toString());
        if (rank < 0) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: level must be one of %1")
                    .arg(kLevels.join(QStringLiteral(", "))));
            return;
        }
        m_level = rank;
        request.succeed({});
    });
}

void LoggingFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    capabilities.insert(QStringLiteral("logging"), QJsonObject {});
}

void LoggingFeature::log(const QString &level, const QString &logger, const QJsonValue &data,
    const QString &relatedKey, const QString &taskId)
{
    const int rank = levelRank(level);
    if (rank < 0 || rank < m_level)
        return;
    QJsonObject params {{QStringLiteral("level"), level}, {QStringLiteral("data"), data}};
    if (!logger.isEmpty())
        params.insert(QStringLiteral("logger"), logger);
    if (!taskId.isEmpty())
        RelatedTask::addTo(params, taskId);
    m_host.send(JsonRpc::notification(QStringLiteral("notifications/message"), params), relatedKey);
}

} // namespace Hopx::Mcp
