// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp::RelatedTask {

//! Adds `_meta["io.modelcontextprotocol/related-task"] = {taskId}` to `object`, keeping its
//! other `_meta` keys: how every message about a task names it (tasks, 2025-11-25).
inline void addTo(QJsonObject &object, const QString &taskId)
{
    QJsonObject meta = object.value(QLatin1String("_meta")).toObject();
    meta.insert(QStringLiteral("io.modelcontextprotocol/related-task"),
        QJsonObject {{QStringLiteral("taskId"), taskId}});
    object.insert(QStringLiteral("_meta"), meta);
}

inline QJsonObject meta(const QString &taskId)
{
    QJsonObject holder;
    addTo(holder, taskId);
    return holder.value(QLatin1String("_meta")).toObject();
}

} // namespace Hopx::Mcp::RelatedTask
