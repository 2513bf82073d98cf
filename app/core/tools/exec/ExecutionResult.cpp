// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/ExecutionResult.h"

#include "core/tools/exec/ImageContent.h"

#include <QJsonDocument>

namespace Hopx::Core::Tools {

namespace {

QString formatOf(const QString &mime)
{
    return mime.section(QLatin1Char('/'), 1).section(QLatin1Char('+'), 0, 0);
}

QByteArray stderrText(const ExecResult &r, int timeoutSeconds)
{
    QByteArray text = r.stderrData;
    if (r.timedOut)
        text += QStringLiteral("%1[hopx] Execution timed out after %2 s; it was stopped. "
                               "Use a larger timeout, or execute_code_background for long jobs.")
                    .arg(text.isEmpty() || text.endsWith('\n') ? QString() : QStringLiteral("\n"))
                    .arg(timeoutSeconds)
                    .toUtf8();
    return text;
}

} // namespace

ExecutionResult::ExecutionResult(const ExecResult &r, const Context &context)
{
    // The output stays bytes (it may be MiBs): ToolResult writes it from them.
    m_output = {{QStringLiteral("stdout"), r.stdoutData},
        {QStringLiteral("stderr"), stderrText(r, context.timeoutSeconds)}};
    m_dict = {{QStringLiteral("exit_code"), r.exitCode},
        {QStringLiteral("execution_time"), r.executionTime},
        {QStringLiteral("success"), r.exitCode == 0 && !r.timedOut && r.error.isEmpty()},
        {QStringLiteral("sandbox_id"), context.sandboxId}};
    if (!context.command) {
        m_dict.insert(QStringLiteral("mode"), context.mode);
        m_dict.insert(QStringLiteral("language"), context.language);
    }
    if (!r.result.isUndefined() && !r.result.isNull())
        m_dict.insert(QStringLiteral("result"), r.result);
    if (!r.error.isEmpty())
        m_dict.insert(QStringLiteral("execution_error"), r.error);
    if (r.timedOut)
        m_dict.insert(QStringLiteral("timed_out"), true);
    if (r.stdoutTruncated || r.stderrTruncated) {
        m_dict.insert(QStringLiteral("truncated"), true);
        m_dict.insert(QStringLiteral("stdout_truncated"), r.stdoutTruncated);
        m_dict.insert(QStringLiteral("stderr_truncated"), r.stderrTruncated);
    }
    if (!r.note.isEmpty())
        m_dict.insert(QStringLiteral("_note"), r.note);
    for (auto it = context.extra.begin(); it != context.extra.end(); ++it) {
        m_output.removeIf([&it](const auto &field) { return field.first == it.key(); });
        m_dict.insert(it.key(), it.value());
    }

    for (const RichOutput &o : r.richOutputs) {
        const QString format = formatOf(o.mimeType);
        QJsonValue data;
        QJsonValue textData;
        if (ImageContent::isBinaryImage(o.mimeType)) {
            const QString base64 = QString::fromLatin1(o.data.toBase64());
            data = base64;
            m_images.append(ImageContent::item(base64, o.mimeType));
            textData = QStringLiteral("(sent as image content item %1)").arg(m_images.size());
        } else {
            data = QString::fromUtf8(o.data);
            textData = QString::fromUtf8(o.data.left(20000));
        }
        m_rich.append(QJsonObject {{QStringLiteral("type"), o.mimeType},
            {QStringLiteral("format"), format},
            {QStringLiteral("data"), QJsonObject {{o.mimeType, data}}},
            {QStringLiteral("metadata"), QJsonObject {{QStringLiteral("size"), o.data.size()}}}});
        m_richText.append(QJsonObject {{QStringLiteral("type"), o.mimeType},
            {QStringLiteral("format"), format}, {QStringLiteral("data"), textData},
            {QStringLiteral("metadata"), QJsonObject {{QStringLiteral("size"), o.data.size()}}}});
    }
}

QJsonObject ExecutionResult::dict() const
{
    QJsonObject dict = m_dict;
    for (const auto &[key, bytes] : m_output)
        dict.insert(key, QString::fromUtf8(bytes));
    if (!m_rich.isEmpty())
        dict.insert(QStringLiteral("rich_outputs"), m_rich);
    return dict;
}

Mcp::ToolResult ExecutionResult::toolResult() const
{
    QJsonObject text = m_dict;
    if (!m_rich.isEmpty())
        text.insert(QStringLiteral("rich_outputs"), m_richText);
    QJsonObject structured = m_dict;
    if (!m_rich.isEmpty())
        structured.insert(QStringLiteral("rich_outputs"), m_rich);
    if (m_images.isEmpty())
        return Mcp::ToolResult::structured(structured, text, m_output, false);
    // With figures: the text and the images only. Beside a structuredContent, Claude Code and
    // Codex give their model the stringified structuredContent in place of this text, and
    // Codex drops the images (docs/ARCHITECTURE.md, "Figures reach the model as images").
    for (const auto &[key, bytes] : m_output)
        text.insert(key, QString::fromUtf8(bytes));
    Mcp::ToolResult result = Mcp::ToolResult::text(
        QString::fromUtf8(QJsonDocument(text).toJson(QJsonDocument::Compact)));
    for (const QJsonValue &image : m_images)
        result.addContent(image.toObject());
    return result;
}

} // namespace Hopx::Core::Tools
