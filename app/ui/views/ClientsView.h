// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QStackedWidget;
class QTableView;

namespace Hopx::Core {
class ClientListModel;
}

namespace Hopx::Ui {

/*! \brief The Clients tab: the MCP clients connected now. */
class ClientsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientsView)
public:
    explicit ClientsView(Core::ClientListModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }

signals:
    void connectIdeRequested();

private:
    void updatePage();

    Core::ClientListModel *m_model;
    QStackedWidget *m_stack;
    QTableView *m_table;
};

} // namespace Hopx::Ui
