// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QIcon>

namespace Hopx::Ui {

/*! \brief The bundled icons (resources/icons, embedded under :/icons). */
class Icons
{
public:
    enum class Tray { Idle, Busy, Error, NoKey };

    //! The app icon in every rendered size (the theme's copy first, once installed).
    static QIcon app();
    static QIcon tray(Tray state);
    //! A small filled dot for status columns and result lines.
    static QIcon dot(const QColor &color);

    // Status colours that read on light and dark window backgrounds.
    static QColor ok() { return QColor(0x16, 0xA3, 0x4A); }
    static QColor warning() { return QColor(0xD9, 0x77, 0x06); }
    static QColor error() { return QColor(0xDC, 0x26, 0x26); }
    static QColor inactive() { return QColor(0x8A, 0x8F, 0x98); }
    static QColor info() { return QColor(0x3B, 0x82, 0xF6); }
};

} // namespace Hopx::Ui
