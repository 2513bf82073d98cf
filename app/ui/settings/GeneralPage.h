// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QCheckBox;
class QComboBox;

namespace Hopx::Ui {

//! Default provider, language, start at login.
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
};

} // namespace Hopx::Ui
