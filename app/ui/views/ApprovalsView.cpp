// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/ApprovalsView.h"

#include "core/models/ApprovalListModel.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::ApprovalBroker;
using Core::ApprovalListModel;

ApprovalsView::ApprovalsView(ApprovalListModel *model, QWidget *parent)
    : QFrame(parent)
    , m_model(model)
    , m_title(new QLabel(this))
    , m_list(new QListView(this))
    , m_allow(new QPushButton(tr("Allow &once"), this))
    , m_always(new QPushButton(this))
    , m_deny(new QPushButton(tr("&Deny"), this))
{
    setObjectName(QStringLiteral("approvalsView"));
    setFrameShape(QFrame::StyledPanel);
    m_title->setObjectName(QStringLiteral("approvalsTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_list->setObjectName(QStringLiteral("approvalsList"));
    m_list->setAccessibleName(tr("Waiting for your approval"));
    m_list->setModel(model);
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(false);
    m_list->setMaximumHeight(fontMetrics().height() * 7);
    m_allow->setObjectName(QStringLiteral("approvalAllow"));
    m_always->setObjectName(QStringLiteral("approvalAlways"));
    m_deny->setObjectName(QStringLiteral("approvalDeny"));

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_allow);
    buttons->addWidget(m_always);
    buttons->addWidget(m_deny);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_list);
    layout->addLayout(buttons);

    connect(m_allow, &QPushButton::clicked, this,
        [this] { answer(ApprovalBroker::Answer::AllowOnce); });
    connect(m_always, &QPushButton::clicked, this,
        [this] { answer(ApprovalBroker::Answer::AllowAlways); });
    connect(m_deny, &QPushButton::clicked, this, [this] { answer(ApprovalBroker::Answer::Deny); });
    connect(model, &QAbstractItemModel::rowsInserted, this, &ApprovalsView::update);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ApprovalsView::update);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
        &ApprovalsView::update);
    update();
}

void ApprovalsView::update()
{
    const int count = m_model->rowCount();
    setVisible(count > 0);
    if (count == 0)
        return;
    m_title->setText(tr("%n request(s) waiting for your approval", nullptr, count));
    // The oldest request is answered first unless the user picked another.
    if (!m_list->currentIndex().isValid())
        m_list->setCurrentIndex(m_model->index(0));
    const QModelIndex current = m_list->currentIndex();
    m_always->setText(current.data(ApprovalListModel::AlwaysLabelRole).toString());
    m_always->setVisible(current.data(ApprovalListModel::OfferAlwaysRole).toBool());
}

void ApprovalsView::answer(ApprovalBroker::Answer answer)
{
    const QModelIndex current = m_list->currentIndex();
    if (!current.isValid())
        return;
    emit answered(current.data(ApprovalListModel::IdRole).toULongLong(), answer);
}

} // namespace Hopx::Ui
