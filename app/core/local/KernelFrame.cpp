// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "KernelFrame.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Hopx::Local {

KernelFrame KernelFrame::parse(const QByteArray &line)
{
    KernelFrame f;
    const QJsonObject frame = QJsonDocument::fromJson(line).object();
    const QString type = frame.value(QStringLiteral("type")).toString();
    f.id = frame.value(QStringLiteral("id")).toInteger(-1);
    f.stderrStream = frame.value(QStringLiteral("name")).toString() == QLatin1String("stderr");
    if (type == QLatin1String("ready")) {
        f.type = Type::Ready;
    } else if (type == QLatin1String("stream")) {
        f.type = Type::Stream;
        f.text = frame.value(QStringLiteral("text")).toString().toUtf8();
    } else if (type == QLatin1String("truncated")) {
        f.type = Type::Truncated;
    } else if (type == QLatin1String("result")) {
        f.type = Type::Result;
        f.result = frame.value(QStringLiteral("result"));
        if (frame.value(QStringLiteral("error")).isObject())
            f.error = frame.value(QStringLiteral("error")).toObject();
        f.exitCode = frame.value(QStringLiteral("exit_code")).toInt();
        for (const QJsonValue &v : frame.value(QStringLiteral("rich_outputs")).toArray()) {
            const QJsonObject o = v.toObject();
            Core::RichOutput out;
            out.mimeType = o.value(QStringLiteral("type")).toString();
            const QString data = o.value(QStringLiteral("data")).toString();
            const bool binary = out.mimeType.startsWith(QLatin1String("image/"))
                && out.mimeType != QLatin1String("image/svg+xml");
            out.data = binary ? QByteArray::fromBase64(data.toLatin1()) : data.toUtf8();
            if (!out.mimeType.isEmpty() && !out.data.isEmpty())
                f.richOutputs.append(out);
        }
    } else if (type == QLatin1String("error")) {
        f.type = Type::Error;
        f.message = frame.value(QStringLiteral("message")).toString();
    } else if (type == QLatin1String("checkpoint") || type == QLatin1String("restored")) {
        const bool checkpoint = type == QLatin1String("checkpoint");
        f.type = checkpoint ? Type::Checkpoint : Type::Restored;
        const qint64 pid =
            frame.value(checkpoint ? QStringLiteral("pid") : QStringLiteral("checkpoint_pid"))
                .toInteger();
        f.pid = pid > 2 && pid <= 4194304 ? pid : 0;
    }
    return f;
}

} // namespace Hopx::Local
