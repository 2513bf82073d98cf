// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/ImageContent.h"

namespace Hopx::Core::Tools {

bool ImageContent::isBinaryImage(const QString &mimeType)
{
    return mimeType.startsWith(QLatin1String("image/"))
        && mimeType != QLatin1String("image/svg+xml");
}

QString ImageContent::sniff(const QByteArray &bytes)
{
    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
        return QStringLiteral("image/png");
    if (bytes.startsWith("\xff\xd8\xff"))
        return QStringLiteral("image/jpeg");
    if (bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a"))
        return QStringLiteral("image/gif");
    if (bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return QStringLiteral("image/webp");
    return {};
}

QJsonObject ImageContent::item(const QString &base64, const QString &mimeType)
{
    return {{QStringLiteral("type"), QStringLiteral("image")}, {QStringLiteral("data"), base64},
        {QStringLiteral("mimeType"), mimeType}};
}

} // namespace Hopx::Core::Tools
