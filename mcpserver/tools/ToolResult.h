// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/JsonParts.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp {

/*! \brief A CallToolResult: content blocks, optional structuredContent, isError.
 *
 * A structured result keeps the compact JSON it makes for its text block and writes it
 * into the response as it is (toResponseJson()): the object is serialized once, not three
 * times (text, then text again escaped, then structuredContent). Its long strings (a run's
 * stdout) can stay UTF-8 bytes beside the object (Utf8Fields): the response is then written
 * from those bytes as a transport reads it (toResponseParts()), never held whole.
 */
class ToolResult
{
public:
    //! Top-level string fields of a structured result as UTF-8 bytes: key, text.
    using Utf8Fields = QList<std::pair<QString, QByteArray>>;

    //! A dict result: structuredContent plus the same JSON as a text block for older clients.
    static ToolResult structured(const QJsonObject &object, bool isError = false);
    //! As structured(), but the text block shows `textObject` (e.g. without inline base64).
    static ToolResult structured(
        const QJsonObject &object, const QJsonObject &textObject, bool isError);
    /*! As that, with `fields` in both objects, from their bytes: they become strings in a
     *  QJsonObject only if someone asks for the object (structuredContent(), content()). */
    static ToolResult structured(const QJsonObject &object, const QJsonObject &textObject,
        const Utf8Fields &fields, bool isError);
    static ToolResult text(const QString &text, bool isError = false);
    //! An execution error the model can act on: {"error": message, ...details}.
    static ToolResult error(const QString &message, const QJsonObject &details = {});

    ToolResult &addText(const QString &text);
    ToolResult &addImage(
        const QByteArray &bytes, const QString &mimeType = QStringLiteral("image/png"));
    ToolResult &addContent(const QJsonObject &block);

    bool isError() const { return m_isError; }
    bool hasStructuredContent() const { return m_hasStructured; }
    const QJsonObject &structuredContent() const;
    //! A string of structuredContent that is not one of its Utf8Fields (e.g. "error").
    QString structuredString(const QString &key) const;
    //! How many content blocks there are, without making them objects.
    qsizetype contentCount() const;
    const QJsonArray &content() const;
    QJsonObject toJson() const;
    //! toJson() as compact JSON (the same bytes JsonRpc::serialize would write).
    QByteArray toResponseJson() const;
    //! The same, in parts: a result with Utf8Fields is not joined into one buffer.
    JsonParts toResponseParts() const;

private:
    void materialize() const;
    JsonParts responseParts() const;

    // The first text block of a structured result, as UTF-8 JSON, until someone asks for the
    // blocks as objects (content(), toJson()); then it moves into m_content.
    mutable JsonParts m_jsonText;
    // What toResponseJson() wrote, until content is added: a result that is answered more
    // than once (health's memo, tasks/result) is serialized once.
    mutable QByteArray m_response;
    mutable QJsonArray m_content;
    mutable QJsonObject m_structured;
    JsonParts m_structuredJson; // m_structured as compact JSON, when it was written already
    mutable Utf8Fields m_fields; // not in m_structured yet
    bool m_hasStructured = false;
    bool m_streamed = false; // it has Utf8Fields: its response is never joined and kept
    bool m_isError = false;
};

} // namespace Hopx::Mcp
