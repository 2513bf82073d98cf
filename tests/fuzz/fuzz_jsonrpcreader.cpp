// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// JsonRpcReader against Qt's parser: the session dispatches what the reader returns without
// parsing the line again, so for every line it accepts, Qt's parser must read the same message
// (an object with only jsonrpc "2.0", a string method, a string or integer id and an object as
// params) and the same values, down to an id's type. Lines it declines go to Qt as before.
// Each accepted line is read twice, the second time with its _meta remembered.
#include "json/JsonRpc.h"
#include "json/JsonRpcReader.h"

#include "FuzzSupport.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Hopx::Mcp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static JsonRpcReader reader; // reused, as a session reuses its own
    const QByteArray line =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const std::optional<JsonRpcReader::Call> call = reader.read(line);
    if (!call)
        return 0;

    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    FUZZ_CHECK(error.error == QJsonParseError::NoError);
    FUZZ_CHECK(doc.isObject());
    const QJsonObject message = doc.object();
    for (auto it = message.begin(); it != message.end(); ++it)
        FUZZ_CHECK(it.key() == QLatin1String("jsonrpc") || it.key() == QLatin1String("id")
            || it.key() == QLatin1String("method") || it.key() == QLatin1String("params"));
    FUZZ_CHECK(message.value(QLatin1String("jsonrpc")) == QJsonValue(QStringLiteral("2.0")));

    const QJsonValue method = message.value(QLatin1String("method"));
    FUZZ_CHECK(method.isString() && method.toString() == call->method);

    const QJsonValue id = message.value(QLatin1String("id"));
    FUZZ_CHECK(id.type() == call->id.type());
    FUZZ_CHECK(id == call->id);
    if (!id.isUndefined()) {
        FUZZ_CHECK(JsonRpc::isValidId(id));
        FUZZ_CHECK(JsonRpc::idKey(id) == JsonRpc::idKey(call->id));
        // An integer stays an integer: the id is written back as the client wrote it.
        FUZZ_CHECK(id.toVariant() == call->id.toVariant());
    }

    const QJsonValue params = message.value(QLatin1String("params"));
    FUZZ_CHECK(params.isUndefined() || params.isObject());
    FUZZ_CHECK(params.toObject() == call->params);

    // The same line again: a _meta in it is now the one the reader remembers, and only the
    // rest of params is parsed (JsonRpcReader::readParams). It must read the same.
    const std::optional<JsonRpcReader::Call> again = reader.read(line);
    FUZZ_CHECK(again && again->params == call->params && again->id == call->id);
    return 0;
}
