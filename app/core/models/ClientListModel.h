// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/SessionObserver.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QPointer>

#include <vector>

namespace Hopx::Core {

/*! \brief The MCP clients connected now: who they are, since when, how many tool calls.
 *
 * A client appears once it has sent `initialize` (so a probe or an activation request never
 * shows up) and leaves when it disconnects; an HTTP client when its MCP session ends. All of
 * it comes from the server's SessionObserver.
 */
class ClientListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientListModel)
public:
    enum Column { Name, Version, Protocol, Tools, Since, Calls, ColumnCount };
    enum Role { ConnectionIdRole = Qt::UserRole + 1, SortRole };
    Q_ENUM(Role)

    struct Client
    {
        quint64 id = 0;
        QString name;
        QString version;
        QString protocol;
        QString tools; // the tool profile it was offered (empty: the default, compact)
        QDateTime since;
        int calls = 0;
        qint64 pid = 0; // the bridge's or the peer's process id
    };

    explicit ClientListModel(QObject *parent = nullptr);
    ~ClientListModel() override;

    //! Follows the server's clients on every transport, starting with those already there.
    void attach(Mcp::SessionObserver *observer);

    void addClient(const Client &client);
    void setCalls(quint64 id, int calls);
    void removeClient(quint64 id);
    int rowOf(quint64 id) const;
    const Client &clientAt(int row) const { return m_clients[size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    //! A row for an observed session (name falls back to "unknown client").
    static Client describe(const Mcp::SessionObserver::Session &session);
    //! The name a client gives in initialize: its title, else its name ("" when neither).
    static QString nameOf(const QJsonObject &clientInfo);
    //! How views name a client that came over HTTP.
    static QString httpName(const QJsonObject &clientInfo);

private:
    std::vector<Client> m_clients;
    QPointer<Mcp::SessionObserver> m_observer;
};

} // namespace Hopx::Core
