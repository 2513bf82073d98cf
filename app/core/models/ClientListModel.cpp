// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/ClientListModel.h"

#include <QLocale>

namespace Hopx::Core {

ClientListModel::ClientListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

ClientListModel::~ClientListModel() = default;

ClientListModel::Client ClientListModel::describe(const Mcp::SessionObserver::Session &session)
{
    Client c;
    c.id = session.id;
    if (session.transport == Mcp::SessionObserver::Transport::Http) {
        c.name = httpName(session.clientInfo);
    } else {
        c.name = nameOf(session.clientInfo);
        if (c.name.isEmpty())
            c.name = tr("unknown client");
    }
    c.version = session.clientInfo.value(QStringLiteral("version")).toString();
    c.protocol = session.protocolVersion;
    c.tools = session.toolProfile;
    c.since = session.connectedAt;
    c.calls = session.toolCalls;
    c.pid = session.pid;
    return c;
}

QString ClientListModel::nameOf(const QJsonObject &clientInfo)
{
    const QString title = clientInfo.value(QStringLiteral("title")).toString();
    return title.isEmpty() ? clientInfo.value(QStringLiteral("name")).toString() : title;
}

QString ClientListModel::httpName(const QJsonObject &clientInfo)
{
    const QString name = nameOf(clientInfo);
    return name.isEmpty() ? tr("unknown client (HTTP)") : tr("%1 (HTTP)").arg(name);
}

void ClientListModel::attach(Mcp::SessionObserver *observer)
{
    if (m_observer)
        disconnect(m_observer, nullptr, this, nullptr);
    m_observer = observer;
    if (!observer)
        return;
    using Session = Mcp::SessionObserver::Session;
    connect(observer, &Mcp::SessionObserver::connected, this,
        [this](const Session &s) { addClient(describe(s)); });
    connect(observer, &Mcp::SessionObserver::ended, this,
        [this](const Session &s) { removeClient(s.id); });
    connect(observer, &Mcp::SessionObserver::response, this,
        [this](const Session &s, const Mcp::RequestRecord &r) {
            if (r.method == QLatin1String("tools/call"))
                setCalls(s.id, s.toolCalls);
        });
    for (const Session &s : observer->sessions())
        addClient(describe(s));
}

int ClientListModel::rowOf(quint64 id) const
{
    for (size_t i = 0; i < m_clients.size(); ++i)
        if (m_clients[i].id == id)
            return int(i);
    return -1;
}

void ClientListModel::addClient(const Client &client)
{
    const int existing = rowOf(client.id);
    if (existing >= 0) {
        // A client may send initialize again; its details may have changed.
        m_clients[size_t(existing)] = client;
        emit dataChanged(index(existing, 0), index(existing, ColumnCount - 1),
            {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
        return;
    }
    const int row = int(m_clients.size());
    beginInsertRows({}, row, row);
    m_clients.push_back(client);
    endInsertRows();
}

void ClientListModel::setCalls(quint64 id, int calls)
{
    const int row = rowOf(id);
    if (row < 0 || m_clients[size_t(row)].calls == calls)
        return;
    m_clients[size_t(row)].calls = calls;
    emit dataChanged(index(row, Calls), index(row, Calls), {Qt::DisplayRole, SortRole});
}

void ClientListModel::removeClient(quint64 id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_clients.erase(m_clients.begin() + row);
    endRemoveRows();
}

int ClientListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_clients.size());
}

int ClientListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClientListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Client &c = m_clients[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return c.name;
        case Version:
            return c.version.isEmpty() ? QStringLiteral("—") : c.version;
        case Protocol:
            return c.protocol.isEmpty() ? QStringLiteral("—") : c.protocol;
        case Tools:
            // Profile names are what --tools and the IDE's config say: not translated.
            return c.tools.isEmpty() ? QStringLiteral("compact") : c.tools;
        case Since:
            if (c.since.date() == QDate::currentDate())
                return QLocale().toString(c.since.time(), QLocale::ShortFormat);
            return QLocale().toString(c.since, QLocale::ShortFormat);
        case Calls:
            return c.calls;
        }
        return {};
    case SortRole:
        if (index.column() == Since)
            return c.since.toMSecsSinceEpoch();
        if (index.column() == Calls)
            return c.calls;
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        if (index.column() == Name && c.pid > 0)
            return tr("%1 (process %2)").arg(c.name).arg(c.pid);
        if (index.column() == Since)
            return QLocale().toString(c.since, QLocale::LongFormat);
        if (index.column() == Tools)
            return tr("The tools this client is offered: compact (every capability in a few "
                      "tools), hopx-mcp (the Python server's tools) or full (hopx-mcp --tools)");
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Calls)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case ConnectionIdRole:
        return c.id;
    default:
        return {};
    }
}

QVariant ClientListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Client");
    case Version:
        return tr("Version");
    case Protocol:
        return tr("Protocol");
    case Tools:
        return tr("Tools");
    case Since:
        return tr("Connected since");
    case Calls:
        return tr("Tool calls");
    }
    return {};
}

} // namespace Hopx::Core
