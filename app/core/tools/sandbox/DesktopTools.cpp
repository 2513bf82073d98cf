// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// desktop_screenshot, desktop_mouse, desktop_keyboard: the screen, mouse and keyboard of a
// sandbox whose template has a desktop (HOPX), so an agent can drive a GUI in the cloud.
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/ImageContent.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

void screenshot(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    onSandbox<SandboxDesktop, DesktopScreenshot>(
        call, manager, args, ErrorsName::Sandbox,
        [](ToolCall *call, const QString &id, const DesktopScreenshot &shot) {
            const QJsonObject text {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("mime_type"), shot.mimeType}, {QStringLiteral("width"), shot.width},
                {QStringLiteral("height"), shot.height},
                {QStringLiteral("size"), shot.image.size()}};
            // The picture as an image item beside a text: no structuredContent, which some
            // clients read instead and then drop the image (CONTRIBUTING, textOutput()).
            ToolResult result = ToolResult::text(
                QString::fromUtf8(QJsonDocument(text).toJson(QJsonDocument::Compact)));
            result.addContent(
                ImageContent::item(QString::fromLatin1(shot.image.toBase64()), shot.mimeType));
            call->finish(result);
        },
        [](SandboxDesktop *desktop, Callback<DesktopScreenshot> done) {
            desktop->screenshot(std::move(done));
        });
}

void mouse(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString action = args.string(QStringLiteral("action"));
    const bool needsTarget = action == QLatin1String("drag");
    const bool needsPoint = action != QLatin1String("scroll");
    for (const char *key : {"x", "y"}) {
        if (needsPoint && !args.given(QLatin1String(key)))
            return finishWithInvalid(call,
                QStringLiteral("desktop_mouse %1 needs x and y (pixels from the top left).")
                    .arg(action),
                args.raw());
    }
    for (const char *key : {"to_x", "to_y"}) {
        if (needsTarget && !args.given(QLatin1String(key)))
            return finishWithInvalid(
                call, QStringLiteral("desktop_mouse drag needs to_x and to_y."), args.raw());
    }
    const int x = args.integer(QStringLiteral("x"));
    const int y = args.integer(QStringLiteral("y"));
    const int toX = args.integer(QStringLiteral("to_x"));
    const int toY = args.integer(QStringLiteral("to_y"));
    const QString button = args.string(QStringLiteral("button"));
    const int amount = args.integer(QStringLiteral("amount"));
    const QString direction = args.string(QStringLiteral("direction"));
    onSandbox<SandboxDesktop, Unit>(
        call, manager, args, ErrorsName::Sandbox,
        [action](ToolCall *call, const QString &id, const Unit &) {
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("status"), QStringLiteral("done")},
                    {QStringLiteral("action"), action}, {QStringLiteral("sandbox_id"), id}}));
        },
        [=](SandboxDesktop *desktop, Callback<Unit> done) {
            if (action == QLatin1String("click") || action == QLatin1String("double_click"))
                desktop->click(
                    x, y, button, action == QLatin1String("click") ? 1 : 2, std::move(done));
            else if (action == QLatin1String("move"))
                desktop->move(x, y, std::move(done));
            else if (action == QLatin1String("drag"))
                desktop->drag(x, y, toX, toY, button, std::move(done));
            else
                desktop->scroll(amount, direction, std::move(done));
        });
}

void keyboard(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const bool text = args.given(QStringLiteral("text"));
    const bool key = args.given(QStringLiteral("key"));
    if (text == key)
        return finishWithInvalid(call,
            QStringLiteral("desktop_keyboard takes either text (typed as is) or key (pressed, "
                           "with modifiers if given), not both and not neither."),
            args.raw());
    QStringList modifiers;
    for (const QJsonValue &m : args.value(QStringLiteral("modifiers")).toArray())
        modifiers << m.toString();
    const QString typed = args.string(QStringLiteral("text"));
    const QString pressed = args.string(QStringLiteral("key"));
    const int delay = args.integer(QStringLiteral("delay_ms"));
    onSandbox<SandboxDesktop, Unit>(
        call, manager, args, ErrorsName::Sandbox,
        [](ToolCall *call, const QString &id, const Unit &) {
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("status"), QStringLiteral("done")},
                    {QStringLiteral("sandbox_id"), id}}));
        },
        [=](SandboxDesktop *desktop, Callback<Unit> done) {
            if (text)
                desktop->type(typed, delay, std::move(done));
            else if (modifiers.isEmpty())
                desktop->press(pressed, std::move(done));
            else
                desktop->combination(modifiers, pressed, std::move(done));
        });
}

} // namespace

void registerDesktopTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject sandboxId = sandboxIdSchema();
    const QJsonObject doneOut =
        Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("done"))}});
    const QString needsDesktop = QStringLiteral(
        " Needs a sandbox whose template has a desktop (HOPX); others answer that they have none.");

    Tool(QStringLiteral("desktop_screenshot"), QStringLiteral("Screenshot the desktop"))
        .description(QStringLiteral("The sandbox's screen as an image, to see what a GUI shows "
                                    "before clicking or typing.")
            + needsDesktop)
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxId}}, {QStringLiteral("sandbox_id")}))
        .textOutput(Schema::output({{QStringLiteral("width"), Schema::typed("integer")},
            {QStringLiteral("height"), Schema::typed("integer")}}))
        .hints(ToolSpec::ReadOnly)
        .handler([m](ToolCall *call, const ToolArgs &args) { screenshot(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("desktop_mouse"), QStringLiteral("Use the mouse"))
        .description(QStringLiteral("Click, double-click, move, drag or scroll on the sandbox's "
                                    "desktop. Coordinates are pixels from the top left of a "
                                    "desktop_screenshot.")
            + needsDesktop)
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxId},
                {QStringLiteral("action"),
                    Schema::stringEnum(QStringLiteral("What to do."),
                        {QStringLiteral("click"), QStringLiteral("double_click"),
                            QStringLiteral("move"), QStringLiteral("drag"),
                            QStringLiteral("scroll")})},
                {QStringLiteral("x"),
                    Schema::integer(QStringLiteral("Where (from, for drag)."), 0, 100000)},
                {QStringLiteral("y"),
                    Schema::integer(QStringLiteral("Where (from, for drag)."), 0, 100000)},
                {QStringLiteral("to_x"),
                    Schema::integer(QStringLiteral("drag: where to."), 0, 100000)},
                {QStringLiteral("to_y"),
                    Schema::integer(QStringLiteral("drag: where to."), 0, 100000)},
                {QStringLiteral("button"),
                    Schema::stringEnum(QStringLiteral("Mouse button."),
                        {QStringLiteral("left"), QStringLiteral("middle"), QStringLiteral("right")},
                        QStringLiteral("left"))},
                {QStringLiteral("amount"),
                    Schema::integer(QStringLiteral("scroll: how many steps."), 1, 100, 3)},
                {QStringLiteral("direction"),
                    Schema::stringEnum(QStringLiteral("scroll: which way."),
                        {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("left"),
                            QStringLiteral("right")},
                        QStringLiteral("down"))}},
            {QStringLiteral("sandbox_id"), QStringLiteral("action")}))
        .output(doneOut)
        .hints(ToolSpec::NoHints)
        .handler([m](ToolCall *call, const ToolArgs &args) { mouse(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("desktop_keyboard"), QStringLiteral("Use the keyboard"))
        .description(QStringLiteral("Type text, or press one key (\"Return\", \"Escape\", \"a\", "
                                    "…) with modifiers held, on the sandbox's desktop.")
            + needsDesktop)
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxId},
                {QStringLiteral("text"), Schema::string(QStringLiteral("Text to type as is."))},
                {QStringLiteral("key"), Schema::string(QStringLiteral("A key to press."))},
                {QStringLiteral("modifiers"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("array")},
                        {QStringLiteral("description"),
                            QStringLiteral("Held while key is pressed: ctrl, alt, shift, super.")},
                        {QStringLiteral("items"),
                            Schema::stringEnum(QStringLiteral("A modifier."),
                                {QStringLiteral("ctrl"), QStringLiteral("alt"),
                                    QStringLiteral("shift"), QStringLiteral("super")})}}},
                {QStringLiteral("delay_ms"),
                    Schema::integer(QStringLiteral("text: pause between keys."), 0, 1000, 10)}},
            {QStringLiteral("sandbox_id")}))
        .output(doneOut)
        .hints(ToolSpec::NoHints)
        .handler([m](ToolCall *call, const ToolArgs &args) { keyboard(call, m, args); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools
