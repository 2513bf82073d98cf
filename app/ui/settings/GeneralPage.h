// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace Hopx::Ui {

//! Default provider, what every sandbox gets (timeout, output cap), language, start at login.
class GeneralPage final : public SettingsPage
{
    Q_OBJECT
public:
    //! `program` is what the autostart entry runs (the app's absolute path).
    explicit GeneralPage(const QString &program, QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString save(Core::Settings &settings) override;
    //! The language the form names ("" = the system's).
    QString language() const;

private:
    QString m_program;
    QComboBox *m_provider;
    QComboBox *m_language;
    QCheckBox *m_startAtLogin;
    QSpinBox *m_timeout;
    QSpinBox *m_outputCap;
};

} // namespace Hopx::Ui
