// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Hopx::Core::Tools {

/*! \brief The one rule for what reaches a client as an MCP `image` content item.
 *
 * A binary image is an image/ type other than SVG (SVG is text, and models read it as text).
 * Its bytes are base64-encoded once by the caller; the same string then goes into the image
 * item and wherever else the result carries it.
 */
class ImageContent
{
public:
    static bool isBinaryImage(const QString &mimeType);
    //! The image type of file content from its magic bytes (PNG, JPEG, GIF, WebP); "" if none.
    static QString sniff(const QByteArray &bytes);
    //! {"type": "image", "data": base64, "mimeType": mimeType}
    static QJsonObject item(const QString &base64, const QString &mimeType);
};

} // namespace Hopx::Core::Tools
