// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace Hopx::Core {

/*! \brief The part of YAML that Goose's `config.yaml` uses for its extensions: a top-level
 *  block mapping `<key>:` whose children are block mappings, one per extension. Our child is
 *  found and written as text, so every other byte of the file (other extensions, comments,
 *  the provider settings) stays as it was. Not a YAML parser: each value we write is its JSON
 *  text, which YAML reads as the same value, and a `<key>:` written in flow style (other than
 *  an empty `{}`) is refused rather than guessed at.
 */
class IdeConfigYaml
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::IdeConfigYaml)
public:
    //! `<key>:` with the child `<name>:` holding `entry`'s values, ending in a newline.
    static QString block(const QString &key, const QString &name, const QJsonObject &entry);
    /*! `text` with `entry`'s values in `key.name`: in a child that exists, only the lines of the
     *  keys `entry` sets are replaced (a user's other keys stay); a missing child is added at the
     *  end of `key:`'s block, a missing `key:` at the end of the file. `*existed`: the child was
     *  there. */
    static Result<QByteArray> withEntry(const QByteArray &text, const QString &key,
        const QString &name, const QJsonObject &entry, bool *existed = nullptr);
    //! Whether `key.name` is there.
    static bool hasEntry(const QByteArray &text, const QString &key, const QString &name);
    //! The lines below `key.name` (its values), empty when it is not there.
    static QByteArray entryText(const QByteArray &text, const QString &key, const QString &name);
    //! The names of `key`'s children, in the file's order.
    static QStringList names(const QByteArray &text, const QString &key);
    /*! `key.name`'s values as far as a Goose extension has them: scalars (JSON's text read as
     *  JSON, anything else as a string), sequences of scalars and mappings of scalars, in block
     *  or flow style. A value it cannot read that way is left out. */
    static QJsonObject entry(const QByteArray &text, const QString &key, const QString &name);
};

} // namespace Hopx::Core
