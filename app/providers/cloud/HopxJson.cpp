// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace Hopx::Cloud {

using namespace Core;

namespace {

// A JSON number as qint64. Casting a double outside qint64's range is undefined behaviour, and
// a reply may hold any number: those (and NaN) give `fallback`.
qint64 toInt64(double d, qint64 fallback = 0)
{
    return std::isfinite(d) && std::abs(d) < 9.2e18 ? qint64(d) : fallback;
}

} // namespace

QDateTime HopxJson::parseTime(const QJsonValue &v)
{
    if (v.isDouble()) {
        const double t = v.toDouble();
        // Both unix seconds and milliseconds occur in agent replies.
        const double ms = t > 1e11 ? t : t * 1000;
        if (!std::isfinite(ms) || std::abs(ms) >= 9.2e18)
            return {};
        return QDateTime::fromMSecsSinceEpoch(qint64(ms), Qt::UTC);
    }
    const QString s = v.toString();
    if (s.isEmpty())
        return {};
    QDateTime dt = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(s, Qt::ISODate);
    if (!dt.isValid()) {
        // Go's RFC 3339 has nanoseconds, which Qt's ISO parser refuses: keep milliseconds.
        static const QRegularExpression frac(QStringLiteral("\\.(\\d{3})\\d+"));
        QString trimmed = s;
        trimmed.replace(frac, QStringLiteral(".\\1"));
        dt = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    }
    return dt.toUTC();
}

QString HopxJson::idString(const QJsonValue &v)
{
    if (v.isDouble())
        return QString::number(toInt64(v.toDouble()));
    return v.toString();
}

QJsonObject HopxJson::envToJson(const EnvMap &env)
{
    QJsonObject o;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QJsonArray HopxJson::listOf(const QJsonValue &reply, const QString &key)
{
    if (reply.isArray())
        return reply.toArray();
    const QJsonObject o = reply.toObject();
    const QJsonValue inner = o.value(key);
    if (inner.isArray())
        return inner.toArray();
    return o.value(QStringLiteral("data")).toArray();
}

SandboxInfo HopxJson::sandboxFromJson(const QJsonObject &o)
{
    SandboxInfo info;
    info.id = o.value(QStringLiteral("id")).toString();
    if (info.id.isEmpty())
        info.id = o.value(QStringLiteral("sandbox_id")).toString();
    info.provider = QStringLiteral("hopx");
    info.status = Core::SandboxStatus::fromName(o.value(QStringLiteral("status")).toString());
    info.templateName = o.value(QStringLiteral("template_name")).toString();
    info.templateId = idString(o.value(QStringLiteral("template_id")));
    info.region = o.value(QStringLiteral("region")).toString();
    info.createdAt = parseTime(o.value(QStringLiteral("created_at")));
    info.expiresAt = parseTime(o.value(QStringLiteral("expires_at")));
    info.timeoutSeconds = o.value(QStringLiteral("timeout_seconds")).toInt();
    info.internetAccess = o.value(QStringLiteral("internet_access")).toBool(true);
    QJsonObject extra = o;
    extra.remove(QStringLiteral("auth_token"));
    extra.remove(QStringLiteral("token_expires_at"));
    info.extra = extra;
    return info;
}

namespace {

QByteArray capped(const QString &text, qint64 max, bool *truncated)
{
    QByteArray bytes = text.toUtf8();
    *truncated = max > 0 && bytes.size() > max;
    if (*truncated)
        bytes.truncate(max);
    return bytes;
}

} // namespace

ExecResult HopxJson::execFromJson(const QJsonObject &o, qint64 maxOutputBytes)
{
    ExecResult r;
    r.stdoutData =
        capped(o.value(QStringLiteral("stdout")).toString(), maxOutputBytes, &r.stdoutTruncated);
    r.stderrData =
        capped(o.value(QStringLiteral("stderr")).toString(), maxOutputBytes, &r.stderrTruncated);
    const QJsonValue exit = o.value(QStringLiteral("exit_code"));
    if (exit.isDouble())
        r.exitCode = exit.toInt();
    else
        r.exitCode = o.value(QStringLiteral("success")).toBool(true) ? 0 : 1;
    r.executionTime = o.value(QStringLiteral("execution_time")).toDouble();
    if (o.contains(QStringLiteral("result")) && !o.value(QStringLiteral("result")).isNull())
        r.result = o.value(QStringLiteral("result"));
    const QJsonValue error = o.value(QStringLiteral("error"));
    if (error.isObject())
        r.error = error.toObject();

    // Top-level rich keys of the agent reply (spec §3.3; the SDK also reads "dataframe").
    const auto addText = [&r](const QString &mime, const QJsonValue &v) {
        if (v.isString() && !v.toString().isEmpty())
            r.richOutputs.append({mime, v.toString().toUtf8()});
        else if (v.isObject() || v.isArray())
            r.richOutputs.append({mime,
                v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                             : QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)});
    };
    const QJsonValue png = o.value(QStringLiteral("png"));
    const auto addPng = [&r](const QJsonValue &v) {
        const QByteArray bytes = QByteArray::fromBase64(v.toString().toLatin1());
        if (!bytes.isEmpty())
            r.richOutputs.append({QStringLiteral("image/png"), bytes});
    };
    if (png.isString())
        addPng(png);
    else if (png.isArray())
        for (const QJsonValue &v : png.toArray())
            addPng(v);
    addText(QStringLiteral("image/svg+xml"), o.value(QStringLiteral("svg")));
    addText(QStringLiteral("text/html"), o.value(QStringLiteral("html")));
    addText(QStringLiteral("text/markdown"), o.value(QStringLiteral("markdown")));
    addText(QStringLiteral("application/json"), o.value(QStringLiteral("json")));
    addText(QStringLiteral("application/vnd.dataframe+json"), o.value(QStringLiteral("dataframe")));
    // Some agent versions return a list in hopx-mcp's own shape.
    for (const QJsonValue &v : o.value(QStringLiteral("rich_outputs")).toArray()) {
        const QJsonObject item = v.toObject();
        const QString type = item.value(QStringLiteral("type")).toString();
        if (type.isEmpty())
            continue; // an output without a MIME type cannot be shown or named to the model
        const QJsonValue data = item.value(QStringLiteral("data")).toObject().value(type);
        if (type == QLatin1String("image/png"))
            addPng(data);
        else
            addText(type, data);
    }
    return r;
}

ProcessStarted HopxJson::processFromJson(const QJsonObject &o)
{
    ProcessStarted p;
    p.processId = o.value(QStringLiteral("process_id")).toString();
    if (p.processId.isEmpty())
        p.processId = o.value(QStringLiteral("execution_id")).toString();
    p.message = o.value(QStringLiteral("message")).toString();
    if (p.processId.isEmpty()) {
        // Older agents only say "Background process started: cmd_…" (hopx-mcp parses it too).
        static const QRegularExpression id(QStringLiteral("\\b((?:cmd|bg|proc)_[A-Za-z0-9_-]+)"));
        const auto m = id.match(p.message);
        if (m.hasMatch())
            p.processId = m.captured(1);
    }
    const QString status = o.value(QStringLiteral("status")).toString();
    if (!status.isEmpty())
        p.status = status;
    p.name = o.value(QStringLiteral("name")).toString();
    p.startTime = parseTime(o.value(QStringLiteral("start_time")));
    p.raw = o;
    return p;
}

FileEntry HopxJson::fileFromJson(const QJsonObject &o)
{
    FileEntry f;
    f.name = o.value(QStringLiteral("name")).toString();
    f.path = o.value(QStringLiteral("path")).toString();
    f.size = toInt64(o.value(QStringLiteral("size")).toDouble());
    f.isDirectory =
        o.value(QStringLiteral("is_directory")).toBool(o.value(QStringLiteral("is_dir")).toBool());
    f.modifiedTime = parseTime(o.value(QStringLiteral("modified_time")));
    const QJsonValue perms = o.value(QStringLiteral("permissions"));
    f.permissions = perms.isDouble() ? QString::number(perms.toInt(), 8) : perms.toString();
    return f;
}

} // namespace Hopx::Cloud
