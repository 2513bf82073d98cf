// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// JsonRpc: the request-id rules and the framing of what the server writes back. The input is
// a JSON message as an IDE sends it (or an array of them, as a batch would be): every id the
// server accepts must get a key of its own (two live requests must never share one), and every
// reply built from a client's id and text must serialize to one line that parses back equal.
#include "json/JsonRpc.h"

#include "FuzzSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Hopx::Mcp;

namespace {

void checkReplies(const QJsonValue &id, const QJsonValue &anything)
{
    const QString text = anything.isString() ? anything.toString() : QStringLiteral("x");
    const QJsonObject result {{QStringLiteral("echo"), anything}};
    // A response is written without building its envelope object: it must be the same bytes.
    FUZZ_CHECK(JsonRpc::serializeResponse(id, JsonRpc::serialize(result))
        == JsonRpc::serialize(QJsonObject {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id}, {QStringLiteral("result"), result}}));
    const QJsonObject messages[] = {
        JsonRpc::error(id, JsonRpc::InvalidParams, text, anything),
        JsonRpc::notification(text, QJsonObject {{QStringLiteral("v"), anything}}),
        JsonRpc::request(id, text),
    };
    for (const QJsonObject &message : messages) {
        const QByteArray line = JsonRpc::serialize(message);
        FUZZ_CHECK(!line.contains('\n'));
        QJsonParseError error {};
        const QJsonDocument back = QJsonDocument::fromJson(line, &error);
        FUZZ_CHECK(error.error == QJsonParseError::NoError);
        FUZZ_CHECK(back.object() == message);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    QJsonArray messages;
    if (doc.isArray())
        messages = doc.array();
    else if (doc.isObject())
        messages.append(doc.object());
    else
        return 0;

    QList<QJsonValue> ids;
    for (const QJsonValue &m : std::as_const(messages)) {
        const QJsonValue id = m.toObject().value(QStringLiteral("id"));
        if (!JsonRpc::isValidId(id))
            continue;
        checkReplies(id, m.toObject().value(QStringLiteral("params")));
        ids.append(id);
    }
    for (qsizetype i = 0; i < ids.size(); ++i)
        for (qsizetype j = i + 1; j < ids.size(); ++j)
            FUZZ_CHECK((JsonRpc::idKey(ids[i]) == JsonRpc::idKey(ids[j])) == (ids[i] == ids[j]));
    return 0;
}
