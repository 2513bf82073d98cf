// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QByteArray>
#include <QStringList>

namespace Hopx::Core {

struct DesktopScreenshot
{
    QByteArray image; // the encoded image, e.g. PNG
    QString mimeType;
    int width = 0; // 0 = not said
    int height = 0;
};

/*! \brief The graphical desktop of a sandbox whose template has one: its screen, mouse and
 *  keyboard. HOPX templates with a desktop offer it; local sandboxes do not. */
class SandboxDesktop
{
public:
    static constexpr const char *kName = "a desktop (screen, mouse and keyboard)";
    virtual ~SandboxDesktop() = default;

    virtual void screenshot(Callback<DesktopScreenshot> done) = 0;
    //! \a button left, middle or right.
    virtual void click(int x, int y, const QString &button, int clicks, Callback<Unit> done) = 0;
    virtual void move(int x, int y, Callback<Unit> done) = 0;
    virtual void drag(
        int fromX, int fromY, int toX, int toY, const QString &button, Callback<Unit> done) = 0;
    //! \a direction up, down, left or right.
    virtual void scroll(int amount, const QString &direction, Callback<Unit> done) = 0;
    virtual void type(const QString &text, int delayMs, Callback<Unit> done) = 0;
    virtual void press(const QString &key, Callback<Unit> done) = 0;
    //! \a modifiers (ctrl, alt, shift, super) held while \a key is pressed.
    virtual void combination(
        const QStringList &modifiers, const QString &key, Callback<Unit> done) = 0;
};

} // namespace Hopx::Core
