// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Hopx::Core {

/*! \brief Where a value sits in the text of a JSON document, so that one entry of an IDE's
 *  config can be replaced without re-serialising (and reordering, re-indenting) the rest.
 *
 * For comment-free JSON that QJsonDocument has already accepted; every byte outside the
 * replaced value stays as it was.
 */
class IdeConfigJsonText
{
public:
    struct Span
    {
        qsizetype begin = 0;
        qsizetype end = 0; // one past the value's last byte
    };

    //! The value at `path` (object keys from the root), or nothing when it is not there.
    static std::optional<Span> find(const QByteArray &text, const QStringList &path);
    /*! JSON as people write IDE configs: two-space indents, "type", "command", "args" first,
     *  short arrays on one line (IdeConfig::toText()). */
    static QString write(const QJsonObject &object);
    //! `object` as IdeConfig::toText() writes it, indented to sit where `at` is in `text`.
    static QByteArray render(const QJsonObject &object, const QByteArray &text, qsizetype at);
};

} // namespace Hopx::Core
