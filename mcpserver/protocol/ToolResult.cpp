// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ToolResult.h"

#include <QJsonDocument>

namespace Hopx::Mcp {

ToolResult ToolResult::structured(const QJsonObject &object, bool isError)
{
    ToolResult r;
    r.m_structured = object;
    r.m_hasStructured = true;
    r.m_isError = isError;
    r.addText(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
    return r;
}

ToolResult ToolResult::structured(
    const QJsonObject &object, const QJsonObject &textObject, bool isError)
{
    ToolResult r;
    r.m_structured = object;
    r.m_hasStructured = true;
    r.m_isError = isError;
    r.addText(QString::fromUtf8(QJsonDocument(textObject).toJson(QJsonDocument::Compact)));
    return r;
}

ToolResult ToolResult::text(const QString &text, bool isError)
{
    ToolResult r;
    r.m_isError = isError;
    r.addText(text);
    return r;
}

ToolResult ToolResult::error(const QString &message, const QJsonObject &details)
{
    QJsonObject dict = details;
    dict.insert(QStringLiteral("error"), message);
    return structured(dict, true);
}

ToolResult &ToolResult::addText(const QString &text)
{
    m_content.append(QJsonObject {
        {QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}});
    return *this;
}

ToolResult &ToolResult::addImage(const QByteArray &bytes, const QString &mimeType)
{
    m_content.append(QJsonObject {{QStringLiteral("type"), QStringLiteral("image")},
        {QStringLiteral("data"), QString::fromLatin1(bytes.toBase64())},
        {QStringLiteral("mimeType"), mimeType}});
    return *this;
}

ToolResult &ToolResult::addContent(const QJsonObject &block)
{
    m_content.append(block);
    return *this;
}

QJsonObject ToolResult::toJson() const
{
    QJsonObject result {{QStringLiteral("content"), m_content}};
    if (m_hasStructured)
        result.insert(QStringLiteral("structuredContent"), m_structured);
    if (m_isError)
        result.insert(QStringLiteral("isError"), true);
    return result;
}

} // namespace Hopx::Mcp
