// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/dialogs/FolderApproval.h"

#include "core/settings/Settings.h"

#include <QMessageBox>
#include <QPushButton>

namespace Hopx::Ui {

FolderApproval::FolderApproval(Core::Settings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{ }

void FolderApproval::ask(
    const QString &folder, bool write, const QString &what, std::function<void(bool)> answer)
{
    // Not modal and not parented to the main window: the question may come while the window is
    // hidden, and it must not block the tray or other clients meanwhile.
    auto *box = new QMessageBox(QMessageBox::Question, tr("HOPX Desktop: your files"),
        write ? tr("Let a sandbox write into your folder %1?").arg(folder)
              : tr("Let sandboxes read your folder %1?").arg(folder));
    box->setInformativeText(tr("An AI tool asks to: %1").arg(what));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *allow = box->addButton(tr("Allow"), QMessageBox::AcceptRole);
    QPushButton *always = box->addButton(tr("Always allow this folder"), QMessageBox::YesRole);
    QPushButton *deny = box->addButton(tr("Deny"), QMessageBox::RejectRole);
    box->setDefaultButton(deny);
    box->setEscapeButton(deny);
    connect(box, &QMessageBox::finished, this, [this, box, allow, always, folder, answer]() {
        QAbstractButton *clicked = box->clickedButton();
        if (clicked == always && m_settings) {
            QStringList folders = m_settings->approvedFolders();
            if (!folders.contains(folder))
                folders << folder;
            m_settings->setApprovedFolders(folders);
        }
        answer(clicked == allow || clicked == always);
    });
    box->show();
    box->raise();
    box->activateWindow();
}

} // namespace Hopx::Ui
