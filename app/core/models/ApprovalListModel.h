// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/approvals/ApprovalBroker.h"

#include <QAbstractListModel>
#include <QPointer>

namespace Hopx::Core {

/*! \brief The requests waiting for the user's consent (ApprovalBroker), oldest first, each as
 *  one sentence ("Claude Code wants to read your folder ~/proj: …") for the main window's list
 *  and the tray menu. */
class ApprovalListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalListModel)
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        KindRole,
        ClientRole,
        SubjectRole,
        OfferAlwaysRole,
        AlwaysLabelRole
    };
    Q_ENUM(Role)

    explicit ApprovalListModel(QObject *parent = nullptr);

    //! Follows \a broker's pending requests, starting with those already there.
    void attach(ApprovalBroker *broker);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    quint64 idAt(int row) const { return m_rows.at(row).id; }
    int rowOf(quint64 id) const;

    //! The request in the user's words (their language; the tool's own details stay English).
    static QString describe(const ApprovalBroker::Pending &pending);
    //! What "Always" means for this kind: "Always for this folder", …
    static QString alwaysLabel(const QString &kind);
    //! A path under the home folder as ~/…
    static QString shortPath(const QString &path);

private:
    void add(quint64 id);
    void remove(quint64 id);

    QList<ApprovalBroker::Pending> m_rows;
    QPointer<ApprovalBroker> m_broker;
};

} // namespace Hopx::Core
