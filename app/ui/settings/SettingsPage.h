// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

namespace Hopx::Core {
class Settings;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief One tab of the settings dialog: fills its form from the settings and writes it back.
 *
 * The dialog checks every page before it writes any, so a mistake on one page loses nothing
 * on the others.
 */
class SettingsPage : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual void load(const Core::Settings &settings) = 0;
    //! What is wrong with the form, in a sentence (the field has focus); empty when nothing.
    virtual QString check() { return {}; }
    //! Writes the form; a sentence when that failed (e.g. the autostart entry).
    virtual QString save(Core::Settings &settings) = 0;
};

} // namespace Hopx::Ui
