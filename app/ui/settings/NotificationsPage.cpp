// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/NotificationsPage.h"

#include "ui/settings/SettingsForm.h"

#include <QCheckBox>
#include <QLabel>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Notice = Core::Settings::Notice;

NotificationsPage::NotificationsPage(QWidget *parent)
    : SettingsPage(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(SettingsForm::note(this, tr("Show a desktop notification when:")));
    const auto add = [this, layout](Notice notice, const QString &name, const QString &text) {
        auto *box = new QCheckBox(text, this);
        box->setObjectName(name);
        layout->addWidget(box);
        m_boxes.append({notice, box});
    };
    add(Notice::Approval, QStringLiteral("notifyApproval"),
        tr("An AI tool waits for your approval (a folder, internet access)"));
    add(Notice::RunFinished, QStringLiteral("notifyRunFinished"),
        tr("A run finished: background, async, or over 30 s"));
    add(Notice::Expiring, QStringLiteral("notifyExpiring"),
        tr("A sandbox expires in five minutes"));
    add(Notice::WorkspaceFull, QStringLiteral("notifyWorkspaceFull"),
        tr("A sandbox's disk is full"));
    add(Notice::NetworkDenied, QStringLiteral("notifyNetworkDenied"),
        tr("A sandbox was refused a connection (you can allow the host)"));
    layout->addStretch(1);
}

void NotificationsPage::load(const Core::Settings &settings)
{
    for (const auto &[notice, box] : m_boxes)
        box->setChecked(settings.notifies(notice));
}

QString NotificationsPage::save(Core::Settings &settings)
{
    for (const auto &[notice, box] : m_boxes)
        settings.setNotifies(notice, box->isChecked());
    return {};
}

} // namespace Hopx::Ui
