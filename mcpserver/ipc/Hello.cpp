// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/Hello.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Hopx::Ipc {

namespace {
const char *const kForwarded[] = {"HOPX_API_KEY", "HOPX_BASE_URL", "HOPX_PROVIDER"};
}

QByteArray Hello::toLine() const
{
    QJsonObject envObject;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        envObject.insert(it.key(), it.value());
    QJsonObject hello {{QStringLiteral("version"), version}, {QStringLiteral("pid"), bridgePid},
        {QStringLiteral("env"), envObject}};
    if (handoff)
        hello.insert(QStringLiteral("handoff"), 1);
    if (!tools.isEmpty())
        hello.insert(QStringLiteral("tools"), tools);
    return QJsonDocument(QJsonObject {{QStringLiteral("hopx_hello"), hello}})
        .toJson(QJsonDocument::Compact);
}

std::optional<Hello> Hello::parse(const QByteArray &line)
{
    // Cheap pre-check: MCP lines are never parsed twice on the hot path.
    if (!line.contains("\"hopx_hello\""))
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(line);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("hopx_hello")).isObject())
        return std::nullopt;
    const QJsonObject h = doc.object().value(QStringLiteral("hopx_hello")).toObject();
    Hello hello;
    hello.version = h.value(QStringLiteral("version")).toInt(1);
    hello.bridgePid = h.value(QStringLiteral("pid")).toInteger();
    hello.handoff = h.value(QStringLiteral("handoff")).toInt() == 1;
    hello.tools = h.value(QStringLiteral("tools")).toString();
    const QJsonObject env = h.value(QStringLiteral("env")).toObject();
    for (const char *name : kForwarded) {
        const QString key = QLatin1String(name);
        if (env.value(key).isString() && !env.value(key).toString().isEmpty())
            hello.env.insert(key, env.value(key).toString());
    }
    return hello;
}

QMap<QString, QString> Hello::fromEnvironment()
{
    QMap<QString, QString> env;
    for (const char *name : kForwarded) {
        const QString value = qEnvironmentVariable(name);
        if (!value.isEmpty())
            env.insert(QLatin1String(name), value);
    }
    return env;
}

} // namespace Hopx::Ipc
