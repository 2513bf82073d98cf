// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Ipc::scanMessage: the bridge's id scan, which must agree with the app's full JSON parser on
// every line the app accepts: if the two read a different id, the bridge answers for the wrong
// request (or twice) when the app goes away.
#include "ipc/JsonScan.h"

#include "FuzzSupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>
#include <string>

namespace {

// JSON as RFC 8259 writes it: valid UTF-8, no raw control characters, only the standard escapes.
// Qt's parser also takes lines that are not (unknown escapes, raw control characters); the
// bridge refuses those, which costs only the error reply to a client that sent broken JSON.
bool strictJson(const QByteArray &line)
{
    if (QString::fromUtf8(line).toUtf8() != line)
        return false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const auto c = static_cast<unsigned char>(line.at(i));
        if (c < 0x20 && c != '\t' && c != '\r' && c != '\n')
            return false;
        if (c == '\\') {
            if (++i >= line.size() || !QByteArrayView("\"\\/bfnrtu").contains(line.at(i)))
                return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view line(reinterpret_cast<const char *>(data), size);
    const Hopx::Ipc::MessageInfo info = Hopx::Ipc::scanMessage(line);
    if (info.hasId) {
        FUZZ_CHECK(info.isObject);
        FUZZ_CHECK(!info.idJson.empty());
    }
    // jsonQuote (the bridge's error texts) always writes one line.
    const std::string quoted = Hopx::Ipc::jsonQuote(line);
    FUZZ_CHECK(quoted.find('\n') == std::string::npos);

    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()
        || !strictJson(
            QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size))))
        return 0;
    // From here on the app accepts the line, so the bridge must read it the same way.
    const QJsonObject object = doc.object();
    if (info.hasId) {
        // The id the bridge would echo in an error must itself be a valid JSON value.
        const QByteArray echo = "[" + QByteArray::fromStdString(info.idJson) + "]";
        QJsonDocument::fromJson(echo, &error);
        FUZZ_CHECK(error.error == QJsonParseError::NoError);
    }
    FUZZ_CHECK(info.isObject);
    FUZZ_CHECK(info.hasMethod == object.contains(QStringLiteral("method")));
    const QJsonValue id = object.value(QStringLiteral("id"));
    const bool validId =
        id.isString() || (id.isDouble() && id.toDouble() == std::floor(id.toDouble()));
    FUZZ_CHECK(info.hasId == validId);
    if (!validId)
        return 0;
    // The app answers with the id as Qt re-serialises it; the bridge scans that answer and must
    // find the key it noted for the request, or it answers the request a second time if the
    // app goes away.
    const QByteArray reply =
        QJsonDocument(QJsonObject {{QStringLiteral("id"), id}}).toJson(QJsonDocument::Compact);
    const Hopx::Ipc::MessageInfo echoed = Hopx::Ipc::scanMessage(reply.toStdString());
    FUZZ_CHECK(echoed.hasId);
    FUZZ_CHECK(echoed.idKey == info.idKey);
    return 0;
}
