// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/ApprovalListModel.h"

#include <QDir>

namespace Hopx::Core {

ApprovalListModel::ApprovalListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void ApprovalListModel::attach(ApprovalBroker *broker)
{
    m_broker = broker;
    connect(broker, &ApprovalBroker::requested, this, &ApprovalListModel::add);
    connect(broker, &ApprovalBroker::resolved, this, &ApprovalListModel::remove);
    for (const ApprovalBroker::Pending &p : broker->pending())
        add(p.id);
}

int ApprovalListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ApprovalListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ApprovalBroker::Pending &p = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return describe(p);
    case Qt::ToolTipRole:
        return p.request.subject;
    case IdRole:
        return p.id;
    case KindRole:
        return p.request.kind;
    case ClientRole:
        return p.request.client;
    case SubjectRole:
        return p.request.subject;
    case OfferAlwaysRole:
        return p.request.offerAlways;
    case AlwaysLabelRole:
        return alwaysLabel(p.request.kind);
    default:
        return {};
    }
}

int ApprovalListModel::rowOf(quint64 id) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows.at(row).id == id)
            return row;
    return -1;
}

QString ApprovalListModel::describe(const ApprovalBroker::Pending &pending)
{
    const ApprovalBroker::Request &r = pending.request;
    const QString client = r.client.isEmpty() ? tr("An AI tool") : r.client;
    if (r.kind == ApprovalBroker::kFolderRead)
        return tr("%1 wants to read your folder %2: %3")
            .arg(client, shortPath(r.subject), r.details.translated());
    if (r.kind == ApprovalBroker::kFolderWrite)
        return tr("%1 wants to write into your folder %2: %3")
            .arg(client, shortPath(r.subject), r.details.translated());
    if (r.kind == ApprovalBroker::kInternet)
        return tr("%1 wants internet access: %2").arg(client, r.details.translated());
    if (r.kind == ApprovalBroker::kSecret)
        return tr("%1 wants to give the secret %2 to a sandbox: %3")
            .arg(client, r.subject, r.details.translated());
    return tr("%1 asks about %2: %3").arg(client, r.subject, r.details.translated());
}

QString ApprovalListModel::alwaysLabel(const QString &kind)
{
    if (kind == ApprovalBroker::kFolderRead || kind == ApprovalBroker::kFolderWrite)
        return tr("Always for this folder");
    if (kind == ApprovalBroker::kSecret)
        return tr("Always for this secret");
    return tr("Always");
}

QString ApprovalListModel::shortPath(const QString &path)
{
    const QString home = QDir::homePath();
    if (path == home)
        return QStringLiteral("~");
    if (path.startsWith(home + QLatin1Char('/')))
        return QStringLiteral("~") + path.mid(home.size());
    return path;
}

void ApprovalListModel::add(quint64 id)
{
    const ApprovalBroker::Pending *p = m_broker ? m_broker->find(id) : nullptr;
    if (!p || rowOf(id) >= 0)
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.append(*p);
    endInsertRows();
}

void ApprovalListModel::remove(quint64 id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
}

} // namespace Hopx::Core
