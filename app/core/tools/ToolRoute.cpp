// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/ToolRoute.h"

#include "core/tools/ToolArgs.h"
#include "core/tools/ToolSupport.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QRegularExpression>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolRegistry;
using Mcp::ToolResult;

namespace {

//! The schema's words for an argument ("arguments.id is required") in the caller's names: a
//! model told of an `id` its own tool refuses would not find `sandbox_id`.
QString inCallerNames(QString message, const QMap<QString, QString> &renames)
{
    for (auto it = renames.begin(); it != renames.end(); ++it)
        message.replace(
            QRegularExpression(
                QStringLiteral("\\barguments\\.%1\\b").arg(QRegularExpression::escape(it.value()))),
            QStringLiteral("arguments.") + it.key());
    return message;
}

QJsonObject inCallerNames(const QJsonObject &arguments, const QMap<QString, QString> &renames)
{
    QJsonObject out;
    for (auto it = arguments.begin(); it != arguments.end(); ++it)
        out.insert(renames.key(it.key(), it.key()), it.value());
    return out;
}

QJsonObject propertiesOf(const ToolRegistry::Entry *entry)
{
    return entry ? entry->spec.inputSchema.value(QLatin1String("properties")).toObject()
                 : QJsonObject();
}

//! `tool`'s schema default for `argument` (undefined when it has none).
QJsonValue defaultOf(const ToolRegistry &registry, const QString &tool, const QString &argument)
{
    return propertiesOf(registry.find(tool))
        .value(argument)
        .toObject()
        .value(QLatin1String("default"));
}

} // namespace

void forwardCall(ToolCall *call, const ToolRegistry &registry, const QString &target,
    const QJsonObject &arguments, const QMap<QString, QString> &renames)
{
    const ToolRegistry::Entry *entry = registry.find(target);
    if (!entry) {
        call->finish(ToolResult::error(
            QStringLiteral("%1 is not available in this build of HOPX Desktop.").arg(target)));
        return;
    }
    const QString invalid = entry->validate(arguments);
    if (!invalid.isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("%1: %2").arg(call->toolName(), inCallerNames(invalid, renames)),
            inCallerNames(arguments, renames));
        return;
    }
    call->redirect(target, arguments);
    entry->handler(call);
}

QStringList targetArguments(
    const ToolRegistry &registry, const QString &target, const QMap<QString, QString> &renames)
{
    QStringList names;
    const QJsonObject props = propertiesOf(registry.find(target));
    for (auto it = props.begin(); it != props.end(); ++it)
        names.append(renames.key(it.key(), it.key()));
    return names;
}

void forwardGiven(ToolCall *call, const ToolRegistry &registry, const QString &target,
    const ToolArgs &args, const QString &what, const QMap<QString, QString> &renames,
    const QJsonObject &fixed, const QStringList &skip)
{
    const ToolRegistry::Entry *entry = registry.find(target);
    const QJsonObject props = propertiesOf(entry);
    QJsonObject forwarded = fixed;
    QStringList unused;
    const QJsonObject &given = args.raw();
    for (auto it = given.begin(); it != given.end(); ++it) {
        if (skip.contains(it.key()) || it.value().isNull())
            continue;
        const QString name = renames.value(it.key(), it.key());
        if (entry && !props.contains(name)) {
            // The tool's own default, sent back, asks for nothing this action could do.
            if (it.value() != defaultOf(registry, call->toolName(), it.key()))
                unused.append(it.key());
        } else
            forwarded.insert(name, it.value());
    }
    if (!unused.isEmpty()) {
        // A silently dropped argument would hide what the model meant: say what this takes.
        QStringList takes = targetArguments(registry, target, renames);
        for (const QString &k : fixed.keys())
            takes.removeAll(renames.key(k, k));
        finishWithInvalid(call,
            QStringLiteral("%1 does not take %2; it takes: %3")
                .arg(what, unused.join(QStringLiteral(", ")), takes.join(QStringLiteral(", "))),
            given);
        return;
    }
    forwardCall(call, registry, target, forwarded, renames);
}

void routeByAction(ToolCall *call, const ToolRegistry &registry, const QList<ToolRoute> &routes,
    const ToolArgs &args)
{
    const QString action = args.string(QStringLiteral("action"));
    for (const ToolRoute &route : routes) {
        if (route.action != action)
            continue;
        forwardGiven(call, registry, route.target, args,
            QStringLiteral("%1 action \"%2\"").arg(call->toolName(), action), route.renames,
            route.fixed, {QStringLiteral("action")});
        return;
    }
    // The schema's enum lets only known actions through; this is a registration mistake.
    call->finish(ToolResult::error(QStringLiteral("Unknown action \"%1\".").arg(action)));
}

} // namespace Hopx::Core::Tools
