// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QLineEdit;
class QSpinBox;

namespace Hopx::Ui {

//! Where the HOPX cloud is.
class CloudPage final : public SettingsPage
{
    Q_OBJECT
public:
    explicit CloudPage(QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString check() override;
    QString save(Core::Settings &settings) override;

private:
    QLineEdit *m_baseUrl;
    QSpinBox *m_listInterval;
};

} // namespace Hopx::Ui
