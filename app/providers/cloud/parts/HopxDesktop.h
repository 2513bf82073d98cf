// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxDesktop.h"

namespace Hopx::Cloud {

/*! \brief The desktop of a sandbox whose template has one (agent 3.2.8 `/desktop/…`): a
 *  screenshot, the mouse, the keyboard. A value bound to an AgentChannel (see HopxExec).
 *
 * The agent document lists these operations with no request body; the bodies here are the
 * Python SDK's (`desktop.py`), and where the sources disagree the document wins: a screenshot
 * is `POST /desktop/screenshot` answering an object (the JS SDK's `ScreenshotResponse`:
 * base64 `image`, `format`, `width`, `height`; the Python SDK GETs raw PNG bytes, which are
 * accepted too). A template without a desktop answers 503 or DESKTOP_NOT_AVAILABLE: that is
 * Unsupported, with a sentence saying so.
 */
class HopxDesktop final : public Core::SandboxDesktop
{
public:
    using Screenshot = Core::DesktopScreenshot;

    explicit HopxDesktop(AgentChannel agent);

    void screenshot(Core::Callback<Screenshot> done) override;
    //! `button` left, middle or right; `clicks` 1 or 2.
    void click(
        int x, int y, const QString &button, int clicks, Core::Callback<Core::Unit> done) override;
    void move(int x, int y, Core::Callback<Core::Unit> done) override;
    void drag(int fromX, int fromY, int toX, int toY, const QString &button,
        Core::Callback<Core::Unit> done) override;
    //! `direction` up, down, left or right.
    void scroll(int amount, const QString &direction, Core::Callback<Core::Unit> done) override;
    void type(const QString &text, int delayMs, Core::Callback<Core::Unit> done) override;
    //! One key: "Return", "Escape", "a", …
    void press(const QString &key, Core::Callback<Core::Unit> done) override;
    //! `modifiers` ("ctrl", "alt", "shift", "super") held while `key` is pressed.
    void combination(
        const QStringList &modifiers, const QString &key, Core::Callback<Core::Unit> done) override;

private:
    void action(const QString &path, const QString &what, const QJsonObject &body,
        Core::Callback<Core::Unit> done);

    AgentChannel m_agent;
};

} // namespace Hopx::Cloud
