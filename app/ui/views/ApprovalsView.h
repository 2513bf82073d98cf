// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/approvals/ApprovalBroker.h"

#include <QFrame>

class QLabel;
class QListView;
class QPushButton;

namespace Hopx::Core {
class ApprovalListModel;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief The pending approvals above the main window's tabs: what each client asks for, and
 *  Allow once / Always / Deny for the selected one. Hidden while nothing waits. */
class ApprovalsView final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalsView)
public:
    explicit ApprovalsView(Core::ApprovalListModel *model, QWidget *parent = nullptr);

    QListView *list() const { return m_list; }
    QPushButton *allowButton() const { return m_allow; }
    QPushButton *alwaysButton() const { return m_always; }
    QPushButton *denyButton() const { return m_deny; }

signals:
    void answered(quint64 id, Hopx::Core::ApprovalBroker::Answer answer);

private:
    void update();
    void answer(Core::ApprovalBroker::Answer answer);

    Core::ApprovalListModel *m_model;
    QLabel *m_title;
    QListView *m_list;
    QPushButton *m_allow;
    QPushButton *m_always;
    QPushButton *m_deny;
};

} // namespace Hopx::Ui
