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

/*! `object` with `fields` among its keys, in QJsonObject's order (keys sorted), as compact
 *  JSON: each field escaped from its bytes when read. */
JsonParts withFields(const QJsonObject &object, const ToolResult::Utf8Fields &fields)
{
    JsonParts out;
    QByteArray plain("{");
    auto field = fields.cbegin();
    bool first = true;
    const auto key = [&](const QString &name) {
        if (!first)
            plain.append(',');
        first = false;
        JsonWriter::appendString(plain, name);
        plain.append(':');
    };
    const auto putField = [&]() {
        key(field->first);
        plain.append('"');
        out.append(plain).appendEscaped(field->second);
        plain = QByteArray("\"");
        ++field;
    };
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        while (field != fields.cend() && field->first < it.key())
            putField();
        key(it.key());
        JsonWriter::append(plain, it.value());
    }
    while (field != fields.cend())
        putField();
    plain.append('}');
    return out.append(plain);
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

ToolResult ToolResult::structured(const QJsonObject &object, const QJsonObject &textObject,
    const Utf8Fields &fields, bool isError)
{
    ToolResult r;
    r.m_structured = object;
    QJsonObject text = textObject;
    for (const auto &[key, bytes] : fields) {
        // Invalid UTF-8 becomes U+FFFD in a QString, as every other string of ours: such a
        // field takes that path (the bytes could not be written as they are).
        if (bytes.isValidUtf8()) {
            r.m_fields.append({key, bytes});
            continue;
        }
        const QString decoded = QString::fromUtf8(bytes);
        r.m_structured.insert(key, decoded);
        text.insert(key, decoded);
    }
    std::sort(r.m_fields.begin(), r.m_fields.end(),
        [](const auto &a, const auto &b) { return a.first < b.first; });
    r.m_structuredJson = withFields(r.m_structured, r.m_fields);
    r.m_jsonText = text == object && r.m_structured == object ? r.m_structuredJson
                                                              : withFields(text, r.m_fields);
    r.m_hasStructured = true;
    r.m_streamed = !r.m_fields.isEmpty();
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
    if (m_jsonText.isEmpty())
        return;
    m_content.prepend(textBlock(QString::fromUtf8(m_jsonText.toByteArray())));
    m_jsonText = JsonParts();
}

const QJsonObject &ToolResult::structuredContent() const
{
    for (const auto &[key, bytes] : std::as_const(m_fields))
        m_structured.insert(key, QString::fromUtf8(bytes));
    m_fields.clear();
    return m_structured;
}

QString ToolResult::structuredString(const QString &key) const
{
    for (const auto &[name, bytes] : m_fields)
        if (name == key)
            return QString::fromUtf8(bytes);
    return m_structured.value(key).toString();
}

qsizetype ToolResult::contentCount() const
{
    return (m_jsonText.isEmpty() ? 0 : 1) + m_content.size();
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
        result.insert(QStringLiteral("structuredContent"), structuredContent());
    if (m_isError)
        result.insert(QStringLiteral("isError"), true);
    return result;
}

QByteArray ToolResult::toResponseJson() const
{
    if (!m_response.isNull())
        return m_response;
    const QByteArray bytes = responseParts().toByteArray();
    if (!m_streamed)
        m_response = bytes;
    return bytes;
}

JsonParts ToolResult::toResponseParts() const
{
    return m_streamed ? responseParts() : JsonParts(toResponseJson());
}

JsonParts ToolResult::responseParts() const
{
    // QJsonObject's order: content, isError, structuredContent; a text block's: text, type.
    JsonParts out(QByteArrayLiteral("{\"content\":["));
    bool first = true;
    if (!m_jsonText.isEmpty()) {
        out.append(QByteArrayLiteral("{\"text\":"))
            .appendAsString(m_jsonText)
            .append(QByteArrayLiteral(",\"type\":\"text\"}"));
        first = false;
    }
    QByteArray rest;
    for (const QJsonValue &block : m_content) {
        if (!first)
            rest.append(',');
        first = false;
        JsonWriter::append(rest, block);
    }
    rest.append(']');
    if (m_isError)
        rest.append(",\"isError\":true");
    if (m_hasStructured) {
        rest.append(",\"structuredContent\":");
        if (m_structuredJson.isEmpty())
            JsonWriter::append(rest, m_structured);
        out.append(rest).append(m_structuredJson);
        rest.clear();
    }
    rest.append('}');
    return out.append(rest);
}

} // namespace Hopx::Mcp
