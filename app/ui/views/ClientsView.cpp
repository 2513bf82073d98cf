// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/ClientsView.h"

#include "core/models/ClientListModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::ClientListModel;

ClientsView::ClientsView(ClientListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(ClientListModel::SortRole);

    m_table->setObjectName(QStringLiteral("clientTable"));
    m_table->setAccessibleName(tr("Connected clients"));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ClientListModel::Since, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    // A handful of rows: measuring them is cheap. The name takes what is left.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ClientListModel::Name, QHeaderView::Stretch);

    auto *empty = new QWidget(this);
    empty->setObjectName(QStringLiteral("clientsEmpty"));
    auto *label =
        new QLabel(tr("<p><b>No MCP client is connected.</b></p><p>Add HOPX to your IDE or "
                      "assistant once; it connects whenever it needs a sandbox.</p>"),
            empty);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    auto *connectButton = new QPushButton(tr("&Connect an IDE…"), empty);
    connectButton->setObjectName(QStringLiteral("clientsConnectIde"));
    connect(connectButton, &QPushButton::clicked, this, &ClientsView::connectIdeRequested);
    auto *emptyLayout = new QVBoxLayout(empty);
    emptyLayout->addStretch(1);
    emptyLayout->addWidget(label);
    emptyLayout->addWidget(connectButton, 0, Qt::AlignHCenter);
    emptyLayout->addStretch(1);

    m_stack->addWidget(empty);
    m_stack->addWidget(m_table);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_stack);

    connect(model, &QAbstractItemModel::rowsInserted, this, &ClientsView::updatePage);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ClientsView::updatePage);
    updatePage();
}

void ClientsView::updatePage()
{
    const bool any = m_model->rowCount() > 0;
    m_stack->setCurrentIndex(any ? 1 : 0);
}

} // namespace Hopx::Ui
