// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp {

/*! \brief A CallToolResult: content blocks, optional structuredContent, isError.
 *
 * A structured result keeps the compact JSON it makes for its text block and writes it
 * into the response as it is (toResponseJson()): the object is serialized once, not three
 * times (text, then text again escaped, then structuredContent).
 */
class ToolResult
{
public:
    //! A dict result: structuredContent plus the same JSON as a text block for older clients.
    static ToolResult structured(const QJsonObject &object, bool isError = false);
    //! As structured(), but the text block shows `textObject` (e.g. without inline base64).
    static ToolResult structured(
        const QJsonObject &object, const QJsonObject &textObject, bool isError);
    static ToolResult text(const QString &text, bool isError = false);
    //! An execution error the model can act on: {"error": message, ...details}.
    static ToolResult error(const QString &message, const QJsonObject &details = {});

    ToolResult &addText(const QString &text);
    ToolResult &addImage(
        const QByteArray &bytes, const QString &mimeType = QStringLiteral("image/png"));
    ToolResult &addContent(const QJsonObject &block);

    bool isError() const { return m_isError; }
    const QJsonObject &structuredContent() const { return m_structured; }
    const QJsonArray &content() const;
    QJsonObject toJson() const;
    //! toJson() as compact JSON (the same bytes JsonRpc::serialize would write).
    QByteArray toResponseJson() const;

private:
    void materialize() const;

    // The first text block of a structured result, as UTF-8 JSON, until someone asks for the
    // blocks as objects (content(), toJson()); then it moves into m_content.
    mutable QByteArray m_jsonText;
    // What toResponseJson() wrote, until content is added: a result that is answered more
    // than once (health's memo, tasks/result) is serialized once.
    mutable QByteArray m_response;
    mutable QJsonArray m_content;
    QJsonObject m_structured;
    QByteArray m_structuredJson; // m_structured as compact JSON, when it was written already
    bool m_hasStructured = false;
    bool m_isError = false;
};

} // namespace Hopx::Mcp
