// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/LogFilterModel.h"

#include "core/models/LogModel.h"

namespace Hopx::Core {

LogFilterModel::LogFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // Rows arrive in time order; sorting would only cost time on every batch.
    setDynamicSortFilter(true);
}

void LogFilterModel::setSandbox(const QString &sandboxId)
{
    if (m_sandbox == sandboxId)
        return;
    m_sandbox = sandboxId;
    invalidateFilter();
}

void LogFilterModel::setClient(const QString &client)
{
    if (m_client == client)
        return;
    m_client = client;
    invalidateFilter();
}

void LogFilterModel::setMinimumLevel(LogEntry::Level level)
{
    if (m_minLevel == level)
        return;
    m_minLevel = level;
    invalidateFilter();
}

void LogFilterModel::setSearchText(const QString &text)
{
    if (m_search == text)
        return;
    m_search = text;
    invalidateFilter();
}

bool LogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, LogModel::Message, sourceParent);
    if (idx.data(LogModel::LevelRole).toInt() < int(m_minLevel))
        return false;
    if (!m_sandbox.isEmpty() && idx.data(LogModel::SandboxRole).toString() != m_sandbox)
        return false;
    if (!m_client.isEmpty() && idx.data(LogModel::ClientRole).toString() != m_client)
        return false;
    if (!m_search.isEmpty()) {
        const QModelIndex source = sourceModel()->index(sourceRow, LogModel::Source, sourceParent);
        if (!idx.data(Qt::DisplayRole).toString().contains(m_search, Qt::CaseInsensitive)
            && !idx.data(LogModel::DetailRole).toString().contains(m_search, Qt::CaseInsensitive)
            && !source.data(Qt::DisplayRole).toString().contains(m_search, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace Hopx::Core
