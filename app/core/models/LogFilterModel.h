// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/LogEntry.h"

#include <QSortFilterProxyModel>

namespace Hopx::Core {

/*! \brief The Logs view's filter over LogModel: sandbox, client, minimum level and a search. */
class LogFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogFilterModel)
public:
    explicit LogFilterModel(QObject *parent = nullptr);

    //! Empty = every sandbox.
    void setSandbox(const QString &sandboxId);
    QString sandbox() const { return m_sandbox; }
    //! Empty = every client.
    void setClient(const QString &client);
    QString client() const { return m_client; }
    void setMinimumLevel(LogEntry::Level level);
    LogEntry::Level minimumLevel() const { return m_minLevel; }
    //! Case-insensitive, in the message, its detail and the source.
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_sandbox;
    QString m_client;
    QString m_search;
    LogEntry::Level m_minLevel = LogEntry::Level::Info;
};

} // namespace Hopx::Core
