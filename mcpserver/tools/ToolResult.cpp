// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tools/ToolResult.h"

#include "json/JsonWriter.h"

namespace Hopx::Mcp {

namespace {
QJsonObject textBlock(const QString &text)
{
    return QJsonObject {
        {QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
}
} // namespace

ToolResult ToolResult::structured(const QJsonObject &object, bool isError)
{
    ToolResult r;
    r.m_structured = object;
    r.m_structuredJson = JsonWriter::toJson(object);
    r.m_jsonText = r.m_structuredJson; // shared, not copied
    r.m_hasStructured = true;
    r.m_isError = isError;
    return r;
}

ToolResult ToolResult::structured(
    const QJsonObject &object, const QJsonObject &textObject, bool isError)
{
    ToolResult r;
    r.m_structured = object;
    r.m_jsonText = JsonWriter::toJson(textObject);
    r.m_hasStructured = true;
    r.m_isError = isError;
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
    m_content.append(textBlock(text));
    m_response.clear();
    return *this;
}

ToolResult &ToolResult::addImage(const QByteArray &bytes, const QString &mimeType)
{
    m_content.append(QJsonObject {{QStringLiteral("type"), QStringLiteral("image")},
        {QStringLiteral("data"), QString::fromLatin1(bytes.toBase64())},
        {QStringLiteral("mimeType"), mimeType}});
    m_response.clear();
    return *this;
}

ToolResult &ToolResult::addContent(const QJsonObject &block)
{
    m_content.append(block);
    m_response.clear();
    return *this;
}

void ToolResult::materialize() const
{
    if (m_jsonText.isNull())
        return;
    m_content.prepend(textBlock(QString::fromUtf8(m_jsonText)));
    m_jsonText = QByteArray();
}

const QJsonArray &ToolResult::content() const
{
    materialize();
    return m_content;
}

QJsonObject ToolResult::toJson() const
{
    QJsonObject result {{QStringLiteral("content"), content()}};
    if (m_hasStructured)
        result.insert(QStringLiteral("structuredContent"), m_structured);
    if (m_isError)
        result.insert(QStringLiteral("isError"), true);
    return result;
}

QByteArray ToolResult::toResponseJson() const
{
    if (!m_response.isNull())
        return m_response;
    // QJsonObject's order: content, isError, structuredContent; a text block's: text, type.
    QByteArray out;
    out.reserve(2 * m_jsonText.size() + m_structuredJson.size() + 64);
    out.append("{\"content\":[");
    bool first = true;
    if (!m_jsonText.isNull()) {
        out.append("{\"text\":");
        JsonWriter::appendUtf8String(out, m_jsonText);
        out.append(",\"type\":\"text\"}");
        first = false;
    }
    for (const QJsonValue &block : m_content) {
        if (!first)
            out.append(',');
        first = false;
        JsonWriter::append(out, block);
    }
    out.append(']');
    if (m_isError)
        out.append(",\"isError\":true");
    if (m_hasStructured) {
        out.append(",\"structuredContent\":");
        if (m_structuredJson.isNull())
            JsonWriter::append(out, m_structured);
        else
            out.append(m_structuredJson);
    }
    out.append('}');
    m_response = out;
    return out;
}

} // namespace Hopx::Mcp
