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
    /*! \brief A setting changed while the dialog is open, by the app (e.g. "Always for this
     *  folder" in a consent dialog) or by this dialog's own save. A page whose form holds that
     *  setting takes the change in, so that OK does not write the old value back over it. */
    virtual void changed(const Core::Settings &settings, const QString &key)
    {
        Q_UNUSED(settings);
        Q_UNUSED(key);
    }
};

} // namespace Hopx::Ui
