// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Hopx::Core {

/*! \brief JSON as Zed and opencode read their settings: with `//` and `/ * * /` comments and
 *  trailing commas. A user's comments are part of their file, so one entry is written into it as
 *  text and every other byte stays; nothing is re-serialised.
 *
 * blank() gives the same text with the comments and trailing commas turned into spaces (line
 * breaks kept), so it has the same length: QJsonDocument reads it, and an offset found in it
 * (IdeConfigJsonText) is the same offset in the original.
 */
class IdeConfigJsonc
{
public:
    static QByteArray blank(const QByteArray &text);
    /*! `text` (an object, comments allowed) with `entry` as `container.name`: the old value of
     *  that key replaced, or the key added first in `container`, or `container` added first in
     *  the root; the rest of the text is untouched. Empty when `text` has no root object. */
    static QByteArray withEntry(const QByteArray &text, const QString &container,
        const QString &name, const QJsonObject &entry);
};

} // namespace Hopx::Core
