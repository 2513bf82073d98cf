// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/settings/Settings.h"
#include "ui/settings/SettingsPage.h"

#include <QList>

#include <utility>

class QCheckBox;

namespace Hopx::Ui {

//! Which events show a desktop notification.
class NotificationsPage final : public SettingsPage
{
    Q_OBJECT
public:
    explicit NotificationsPage(QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString save(Core::Settings &settings) override;

private:
    QList<std::pair<Core::Settings::Notice, QCheckBox *>> m_boxes;
};

} // namespace Hopx::Ui
