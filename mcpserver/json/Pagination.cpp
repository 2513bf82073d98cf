// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/Pagination.h"

#include "session/McpRequest.h"
#include "json/JsonRpc.h"

#include <optional>

namespace Hopx::Mcp::Pagination {

namespace {

QString encodeCursor(int offset)
{
    return QString::fromLatin1(QByteArray("o:" + QByteArray::number(offset)).toBase64());
}

std::optional<int> decodeCursor(const QString &cursor)
{
    const QByteArray raw =
        QByteArray::fromBase64(cursor.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!raw.startsWith("o:"))
        return std::nullopt;
    bool ok = false;
    const int offset = raw.mid(2).toInt(&ok);
    if (!ok || offset <= 0)
        return std::nullopt;
    return offset;
}

} // namespace

void answer(const McpRequest &request, const QJsonArray &items, const QString &key, int pageSize,
    const CacheHint &cache)
{
    int offset = 0;
    const QJsonValue cursor = request.params().value(QLatin1String("cursor"));
    if (!cursor.isUndefined() && !cursor.isNull()) {
        const auto decoded = cursor.isString() ? decodeCursor(cursor.toString()) : std::nullopt;
        if (!decoded || *decoded > items.size()) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: unknown or malformed cursor"));
            return;
        }
        offset = *decoded;
    }
    QJsonArray page;
    const int end = std::min<int>(items.size(), offset + std::max(1, pageSize));
    for (int i = offset; i < end; ++i)
        page.append(items.at(i));
    QJsonObject result {{key, page}};
    if (end < items.size())
        result.insert(QStringLiteral("nextCursor"), encodeCursor(end));
    cache.stamp(result, request.caller());
    request.succeed(result);
}

} // namespace Hopx::Mcp::Pagination
