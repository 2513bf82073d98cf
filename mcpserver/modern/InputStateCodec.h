// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Hopx::Mcp {

struct ServerConfig;

/*! \brief What an input-required result remembers of its request (2026-07-28 MRTR): the
 *  client's answers so far, the questions of the last round, and the handler's own value.
 *
 * Keys of `answers` and `asked` are the input-request keys; each entry carries the method and
 * a digest of the question ("m", "d"), answers their response ("r") too.
 */
struct InputState
{
    QJsonObject answers;
    QJsonObject asked;
    QJsonValue data = QJsonValue::Undefined;
};

/*! \brief The requestState string of an input-required result: InputState the client carries
 *  to the retry and cannot forge, replay elsewhere or keep for long.
 *
 * The server keeps nothing between the rounds, so everything it needs comes back from the
 * client, which MRTR says to treat as an attacker (mrtr.mdx, "Server Requirements"). The
 * string is base64url(payload) "." base64url(HMAC-SHA256(key, payload)); the payload binds the
 * state to its principal (the transport's auth context), to the request (method, what it
 * names, its arguments: a digest) and to an expiry, and is bounded in size. A state that fails
 * any of these is refused, never half-used. The key is the server's (ServerConfig), random per
 * process.
 */
class InputStateCodec
{
public:
    //! Whose request, and which one: what a state is valid for.
    struct Binding
    {
        QString principal;
        QString method;
        QString subject; // the tool or prompt name, the resource URI
        QJsonObject arguments;
    };

    InputStateCodec(const QByteArray &key, qint64 ttlMs, qsizetype maxBytes);
    //! The server's key and bounds.
    explicit InputStateCodec(const ServerConfig &config);

    //! The requestState for `state`, or a null string when it would exceed the size bound.
    QString encode(const InputState &state, const Binding &binding) const;
    //! The state in `token`, or why it does not verify.
    Expected<InputState> decode(const QString &token, const Binding &binding) const;
    //! A digest of an input request (method and params), to match an answer to its question.
    static QString digest(const QString &method, const QJsonObject &params);

private:
    QByteArray bindingDigest(const Binding &binding) const;

    QByteArray m_key;
    qint64 m_ttlMs;
    qsizetype m_maxBytes;
};

} // namespace Hopx::Mcp
