// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonRpc.h"

#include "json/JsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <charconv>
#include <cmath>

namespace Hopx::Mcp::JsonRpc {

namespace {
const QString kJsonRpc = QStringLiteral("jsonrpc");
const QString kVersion = QStringLiteral("2.0");
} // namespace

QJsonObject error(const QJsonValue &id, int code, const QString &message, const QJsonValue &data)
{
    QJsonObject err {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined())
        err.insert(QStringLiteral("data"), data);
    return {{kJsonRpc, kVersion},
        {QStringLiteral("id"), id.isUndefined() ? QJsonValue(QJsonValue::Null) : id},
        {QStringLiteral("error"), err}};
}

QJsonObject notification(const QString &method, const QJsonObject &params)
{
    QJsonObject msg {{kJsonRpc, kVersion}, {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        msg.insert(QStringLiteral("params"), params);
    return msg;
}

QJsonObject request(const QJsonValue &id, const QString &method, const QJsonObject &params)
{
    QJsonObject msg = notification(method, params);
    msg.insert(QStringLiteral("id"), id);
    return msg;
}

QByteArray serialize(const QJsonObject &message)
{
    return JsonWriter::toJson(message);
}

namespace {
//! A response up to its result: {"id":…,"jsonrpc":"2.0","result":
void appendResponseHead(QByteArray &out, const QJsonValue &id)
{
    out.append("{\"id\":");
    JsonWriter::append(out, id);
    out.append(",\"jsonrpc\":\"2.0\",\"result\":");
}
} // namespace

QByteArray serializeResponse(const QJsonValue &id, QByteArrayView resultJson)
{
    QByteArray out;
    out.reserve(resultJson.size() + 64); // the envelope and an id of up to 30 bytes
    appendResponseHead(out, id);
    out.append(resultJson);
    out.append('}');
    return out;
}

JsonParts responseParts(const QJsonValue &id, const JsonParts &resultJson)
{
    if (resultJson.isSingle())
        return serializeResponse(id, resultJson.toByteArray());
    QByteArray head;
    appendResponseHead(head, id);
    return JsonParts(head).append(resultJson).append(QByteArrayLiteral("}"));
}

bool isScalarJson(const QByteArray &text)
{
    // QJsonDocument holds only objects and arrays: read the text as an array's one element.
    QJsonParseError error {};
    const QJsonDocument wrapped = QJsonDocument::fromJson(QByteArray('[' + text + ']'), &error);
    return error.error == QJsonParseError::NoError && wrapped.array().size() == 1
        && !wrapped.array().first().isObject() && !wrapped.array().first().isArray();
}

bool isValidId(const QJsonValue &id)
{
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double d = id.toDouble();
    return std::isfinite(d) && d == std::floor(d);
}

QString idKey(const QJsonValue &id)
{
    if (id.isString())
        return QLatin1String("s:") + id.toString();
    // toInteger() is exact within qint64 (ids parsed as integers keep all their digits); beyond
    // it, it answers 0 for every id, so 1e20 and 2e20 would share a key: those keep their double.
    const double d = id.toDouble();
    if (std::abs(d) < 9.2e18) {
        // Every request's key: written in place, one allocation.
        char key[24] = {'n', ':'};
        const char *end = std::to_chars(key + 2, key + sizeof key, id.toInteger()).ptr;
        return QString::fromLatin1(key, end - key);
    }
    return QLatin1String("n:") + QString::number(d, 'g', 17);
}

} // namespace Hopx::Mcp::JsonRpc
