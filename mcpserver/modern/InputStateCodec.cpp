// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "modern/InputStateCodec.h"

#include "session/ServerConfig.h"
#include "json/JsonWriter.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>

namespace Hopx::Mcp {

namespace {

constexpr int kVersion = 1;
const auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

bool sameBytes(const QByteArray &a, const QByteArray &b)
{
    // Constant time in the content: a forger learns nothing from how long a refusal takes.
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return diff == 0;
}

} // namespace

InputStateCodec::InputStateCodec(const QByteArray &key, qint64 ttlMs, qsizetype maxBytes)
    : m_key(key)
    , m_ttlMs(ttlMs)
    , m_maxBytes(maxBytes)
{ }

InputStateCodec::InputStateCodec(const ServerConfig &config)
    : InputStateCodec(config.requestStateKey, config.requestStateTtlMs, config.maxRequestStateBytes)
{ }

QString InputStateCodec::digest(const QString &method, const QJsonObject &params)
{
    QByteArray bytes = method.toUtf8();
    bytes.append('\0');
    bytes.append(JsonWriter::toJson(params)); // sorted keys: the same params, the same bytes
    return QString::fromLatin1(
        QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).left(16).toBase64(kBase64));
}

QByteArray InputStateCodec::bindingDigest(const Binding &binding) const
{
    QByteArray bytes;
    for (const QString &part : {binding.principal, binding.method, binding.subject}) {
        bytes.append(part.toUtf8());
        bytes.append('\0');
    }
    bytes.append(JsonWriter::toJson(binding.arguments));
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toBase64(kBase64);
}

QString InputStateCodec::encode(const InputState &state, const Binding &binding) const
{
    QJsonObject payload {{QStringLiteral("v"), kVersion},
        {QStringLiteral("b"), QString::fromLatin1(bindingDigest(binding))},
        {QStringLiteral("e"), double(QDateTime::currentMSecsSinceEpoch() + m_ttlMs)},
        {QStringLiteral("a"), state.answers}, {QStringLiteral("k"), state.asked}};
    if (!state.data.isUndefined())
        payload.insert(QStringLiteral("s"), state.data);
    const QByteArray body = JsonWriter::toJson(payload);
    const QByteArray mac =
        QMessageAuthenticationCode::hash(body, m_key, QCryptographicHash::Sha256);
    const QByteArray token = body.toBase64(kBase64) + '.' + mac.toBase64(kBase64);
    if (token.size() > m_maxBytes)
        return {};
    return QString::fromLatin1(token);
}

Expected<InputState> InputStateCodec::decode(const QString &token, const Binding &binding) const
{
    const auto refuse = [](const QString &why) { return Unexpected(why); };
    if (token.size() > m_maxBytes)
        return refuse(QStringLiteral("requestState is larger than this server ever issues"));
    const QByteArray raw = token.toLatin1();
    const qsizetype dot = raw.indexOf('.');
    if (dot <= 0 || raw.indexOf('.', dot + 1) >= 0)
        return refuse(QStringLiteral("requestState is not one this server issued"));
    const auto body = QByteArray::fromBase64Encoding(
        raw.left(dot), kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    const auto mac = QByteArray::fromBase64Encoding(
        raw.mid(dot + 1), kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    if (!body || !mac
        || !sameBytes(
            *mac, QMessageAuthenticationCode::hash(*body, m_key, QCryptographicHash::Sha256)))
        return refuse(QStringLiteral("requestState failed its integrity check"));
    // Signed by us, so well-formed; what follows checks it is still good for this request.
    const QJsonObject payload = QJsonDocument::fromJson(*body).object();
    if (payload.value(QLatin1String("v")).toInt() != kVersion)
        return refuse(QStringLiteral("requestState is from another version of this server"));
    if (payload.value(QLatin1String("b")).toString().toLatin1() != bindingDigest(binding))
        return refuse(QStringLiteral("requestState belongs to another request or caller"));
    if (payload.value(QLatin1String("e")).toDouble() < double(QDateTime::currentMSecsSinceEpoch()))
        return refuse(QStringLiteral("requestState has expired; send the request again"));
    InputState state;
    state.answers = payload.value(QLatin1String("a")).toObject();
    state.asked = payload.value(QLatin1String("k")).toObject();
    state.data = payload.value(QLatin1String("s"));
    return state;
}

} // namespace Hopx::Mcp
