// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxDesktop.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/api/QueuedCallback.h"

#include <QJsonArray>

namespace Hopx::Cloud {

using namespace Core;

namespace {

// What a template without a desktop answers: the document's 503, or the SDK's code.
Error noDesktop(const RestReply &reply, const QString &what, const QString &id)
{
    const Error e =
        HopxErrors::tagged(HopxErrors::fromReply(reply, HopxErrors::Origin::Agent, what), id);
    if (reply.status != 503 && e.code != Error::Code::Unsupported)
        return e;
    return Error::make(Error::Code::Unsupported,
        QStringLiteral("Sandbox %1 has no desktop: its template has none. Create the sandbox from "
                       "a template with a desktop to use the screen, mouse and keyboard.")
            .arg(id),
        e.details, QStringLiteral("Desktop not available"));
}

QString mimeFor(const QString &format, const QByteArray &bytes)
{
    if (bytes.startsWith("\x89PNG"))
        return QStringLiteral("image/png");
    if (bytes.startsWith("\xff\xd8"))
        return QStringLiteral("image/jpeg");
    return format.isEmpty() ? QStringLiteral("image/png")
                            : QStringLiteral("image/") + format.toLower();
}

} // namespace

HopxDesktop::HopxDesktop(AgentChannel agent)
    : m_agent(std::move(agent))
{ }

void HopxDesktop::screenshot(Callback<Screenshot> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/desktop/screenshot");
    req.retry = RestRequest::Retry::OnlyIfNotProcessed; // a 503 means "no desktop": not again
    req.what = QStringLiteral("take a screenshot");
    const QString id = m_agent.sandboxId();
    m_agent.send(req, [id, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(HopxErrors::withSandbox(*error, id));
        if (!reply->isHttpSuccess())
            return done(noDesktop(*reply, QStringLiteral("take a screenshot"), id));
        Screenshot shot;
        bool ok = false;
        const QJsonObject o = reply->json(&ok).object();
        if (ok && o.contains(QStringLiteral("image"))) {
            shot.image =
                QByteArray::fromBase64(o.value(QStringLiteral("image")).toString().toLatin1());
            shot.width = o.value(QStringLiteral("width")).toInt();
            shot.height = o.value(QStringLiteral("height")).toInt();
            shot.mimeType = mimeFor(o.value(QStringLiteral("format")).toString(), shot.image);
        } else if (!ok) {
            shot.image = reply->body; // the Python SDK's reading: the PNG itself
            shot.mimeType = mimeFor({}, shot.image);
        }
        if (shot.image.isEmpty())
            return done(HopxErrors::tagged(
                HopxErrors::malformed(*reply, QStringLiteral("take a screenshot")), id));
        done(shot);
    });
}

void HopxDesktop::action(
    const QString &path, const QString &what, const QJsonObject &body, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "POST";
    req.path = path;
    req.body = body;
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed; // a click twice is two clicks
    req.what = what;
    const QString id = m_agent.sandboxId();
    m_agent.send(req, [id, what, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(HopxErrors::withSandbox(*error, id));
        if (!reply->isHttpSuccess())
            return done(noDesktop(*reply, what, id));
        done(Unit {});
    });
}

void HopxDesktop::click(int x, int y, const QString &button, int clicks, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/mouse/click"), QStringLiteral("click"),
        {{QStringLiteral("x"), x}, {QStringLiteral("y"), y}, {QStringLiteral("button"), button},
            {QStringLiteral("clicks"), clicks}},
        std::move(done));
}

void HopxDesktop::move(int x, int y, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/mouse/move"), QStringLiteral("move the mouse"),
        {{QStringLiteral("x"), x}, {QStringLiteral("y"), y}}, std::move(done));
}

void HopxDesktop::drag(
    int fromX, int fromY, int toX, int toY, const QString &button, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/mouse/drag"), QStringLiteral("drag"),
        {{QStringLiteral("from_x"), fromX}, {QStringLiteral("from_y"), fromY},
            {QStringLiteral("to_x"), toX}, {QStringLiteral("to_y"), toY},
            {QStringLiteral("button"), button}},
        std::move(done));
}

void HopxDesktop::scroll(int amount, const QString &direction, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/mouse/scroll"), QStringLiteral("scroll"),
        {{QStringLiteral("amount"), amount}, {QStringLiteral("direction"), direction}},
        std::move(done));
}

void HopxDesktop::type(const QString &text, int delayMs, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/keyboard/type"), QStringLiteral("type text"),
        {{QStringLiteral("text"), text}, {QStringLiteral("delay_ms"), delayMs}}, std::move(done));
}

void HopxDesktop::press(const QString &key, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/keyboard/press"), QStringLiteral("press a key"),
        {{QStringLiteral("key"), key}}, std::move(done));
}

void HopxDesktop::combination(const QStringList &modifiers, const QString &key, Callback<Unit> done)
{
    action(QStringLiteral("/desktop/keyboard/combination"), QStringLiteral("press keys"),
        {{QStringLiteral("modifiers"), QJsonArray::fromStringList(modifiers)},
            {QStringLiteral("key"), key}},
        std::move(done));
}

} // namespace Hopx::Cloud
