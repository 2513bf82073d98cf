// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ExecutionResult.h"

#include <QJsonArray>

namespace Hopx::Core::Tools {

namespace {
QString formatOf(const QString &mime)
{
    return mime.section(QLatin1Char('/'), 1).section(QLatin1Char('+'), 0, 0);
}
} // namespace

QJsonObject ExecutionResult::toDict(const ExecResult &r, const QString &mode,
    const QString &sandboxId, const QString &language, int timeoutSeconds)
{
    QString stderrText = QString::fromUtf8(r.stderrData);
    if (r.timedOut)
        stderrText +=
            QStringLiteral("%1[hopx] Execution timed out after %2 s; it was stopped. "
                           "Use a larger timeout, or execute_code_background for long jobs.")
                .arg(stderrText.isEmpty() || stderrText.endsWith(QLatin1Char('\n'))
                        ? QString()
                        : QStringLiteral("\n"))
                .arg(timeoutSeconds);
    QJsonObject dict {{QStringLiteral("stdout"), QString::fromUtf8(r.stdoutData)},
        {QStringLiteral("stderr"), stderrText}, {QStringLiteral("exit_code"), r.exitCode},
        {QStringLiteral("execution_time"), r.executionTime},
        {QStringLiteral("success"), r.exitCode == 0 && !r.timedOut && r.error.isEmpty()},
        {QStringLiteral("mode"), mode}, {QStringLiteral("sandbox_id"), sandboxId},
        {QStringLiteral("language"), language}};
    if (!r.result.isUndefined() && !r.result.isNull())
        dict.insert(QStringLiteral("result"), r.result);
    if (!r.error.isEmpty())
        dict.insert(QStringLiteral("execution_error"), r.error);
    if (r.timedOut)
        dict.insert(QStringLiteral("timed_out"), true);
    if (r.stdoutTruncated || r.stderrTruncated) {
        dict.insert(QStringLiteral("truncated"), true);
        dict.insert(QStringLiteral("stdout_truncated"), r.stdoutTruncated);
        dict.insert(QStringLiteral("stderr_truncated"), r.stderrTruncated);
    }
    if (!r.note.isEmpty())
        dict.insert(QStringLiteral("_note"), r.note);
    if (!r.richOutputs.isEmpty()) {
        QJsonArray rich;
        for (const RichOutput &o : r.richOutputs) {
            const bool binary = o.mimeType.startsWith(QLatin1String("image/"))
                && o.mimeType != QLatin1String("image/svg+xml");
            rich.append(QJsonObject {{QStringLiteral("type"), o.mimeType},
                {QStringLiteral("format"), formatOf(o.mimeType)},
                {QStringLiteral("data"),
                    QJsonObject {{o.mimeType,
                        binary ? QString::fromLatin1(o.data.toBase64())
                               : QString::fromUtf8(o.data)}}},
                {QStringLiteral("metadata"),
                    QJsonObject {{QStringLiteral("size"), o.data.size()}}}});
        }
        dict.insert(QStringLiteral("rich_outputs"), rich);
    }
    return dict;
}

Mcp::ToolResult ExecutionResult::toToolResult(const ExecResult &r, const QString &mode,
    const QString &sandboxId, const QString &language, int timeoutSeconds, const QJsonObject &extra)
{
    QJsonObject dict = toDict(r, mode, sandboxId, language, timeoutSeconds);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        dict.insert(it.key(), it.value());
    QJsonObject text = dict;
    if (dict.contains(QStringLiteral("rich_outputs"))) {
        QJsonArray slim;
        int image = 0;
        for (const RichOutput &o : r.richOutputs) {
            const bool isImage = o.mimeType.startsWith(QLatin1String("image/"))
                && o.mimeType != QLatin1String("image/svg+xml");
            slim.append(QJsonObject {{QStringLiteral("type"), o.mimeType},
                {QStringLiteral("format"), formatOf(o.mimeType)},
                {QStringLiteral("data"),
                    isImage
                        ? QJsonValue(QStringLiteral("(sent as image content item %1)").arg(++image))
                        : QJsonValue(QString::fromUtf8(o.data.left(20000)))}});
        }
        text.insert(QStringLiteral("rich_outputs"), slim);
    }
    Mcp::ToolResult result = Mcp::ToolResult::structured(dict, text, false);
    for (const RichOutput &o : r.richOutputs)
        if (o.mimeType.startsWith(QLatin1String("image/"))
            && o.mimeType != QLatin1String("image/svg+xml"))
            result.addImage(o.data, o.mimeType);
    return result;
}

} // namespace Hopx::Core::Tools
