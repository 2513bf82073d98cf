// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace Hopx::Core {
class SandboxListModel;
}

namespace Hopx::Ui {

/*! \brief The Sandboxes tab: every live sandbox with its actions (one or many selected). */
class FirstRunPanel;

class SandboxesView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxesView)
public:
    explicit SandboxesView(Core::SandboxListModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    //! Ids of the selected rows, in view order.
    QStringList selectedIds() const;
    void selectId(const QString &id);

    QAction *deleteAction() const { return m_delete; }
    QAction *copyIdAction() const { return m_copy; }
    QAction *openWorkspaceAction() const { return m_workspace; }
    QAction *showLogsAction() const { return m_logs; }
    QMenu *extendMenu() const { return m_extendMenu; }
    //! Shown instead of the table while there are no sandboxes.
    FirstRunPanel *firstRunPanel() const { return m_firstRun; }
    /*! Asks the user before deleting \a ids (the table's Delete, the tray's): deleteRequested()
     *  follows a yes. The question is a window of its own, shown also while this one is not. */
    void confirmDelete(const QStringList &ids);

signals:
    //! The user confirmed; the ids are still alive as far as the view knows.
    void deleteRequested(const QStringList &ids);
    void extendRequested(const QStringList &ids, int seconds);
    void openWorkspaceRequested(const QString &path);
    void showLogsRequested(const QString &id);
    void connectIdeRequested();

private:
    void updateActions();
    void fitColumns();
    void showContextMenu(const QPoint &pos);

    Core::SandboxListModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QStackedWidget *m_stack;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_count;
    FirstRunPanel *m_firstRun;
    QAction *m_delete;
    QAction *m_copy;
    QAction *m_workspace;
    QAction *m_logs;
    QMenu *m_extendMenu;
    QPushButton *m_extendButton;
};

} // namespace Hopx::Ui
