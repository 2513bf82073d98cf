// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/KernelFrame.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Hopx::Local {

namespace {

// A name is a Python identifier and a reason one sentence: longer ones are cut, not trusted.
constexpr qsizetype kMaxName = 256;
constexpr qsizetype kMaxWhy = 400;
constexpr qsizetype kMaxNames = 10000;

void parseState(const QJsonObject &frame, KernelFrame &f)
{
    for (const QJsonValue &v : frame.value(QStringLiteral("carried")).toArray()) {
        if (f.carried.size() >= kMaxNames)
            break;
        if (v.isString() && !v.toString().isEmpty())
            f.carried << v.toString().left(kMaxName);
    }
    const QJsonObject left = frame.value(QStringLiteral("not_carried")).toObject();
    for (auto it = left.begin(); it != left.end() && f.notCarried.size() < kMaxNames; ++it)
        if (!it.key().isEmpty())
            f.notCarried.insert(it.key().left(kMaxName), it.value().toString().left(kMaxWhy));
    f.stateBytes = std::max<qint64>(0, frame.value(QStringLiteral("bytes")).toInteger());
    f.stateMissing = frame.value(QStringLiteral("missing")).toBool();
    const qint64 writer = frame.value(QStringLiteral("writer")).toInteger();
    f.stateWriter = writer > 2 && writer <= 4194304 ? writer : 0;
    if (frame.value(QStringLiteral("error")).isString())
        f.message = frame.value(QStringLiteral("error")).toString().left(kMaxWhy);
}

QStringList names(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (out.size() == 256)
            break;
        if (v.isString())
            out.append(v.toString().left(200));
    }
    return out;
}
} // namespace

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
    } else if (type == QLatin1String("state")) {
        f.type = Type::State;
        parseState(frame, f);
    } else if (type == QLatin1String("preloaded")) {
        f.type = Type::Preloaded;
        f.modules = names(frame.value(QStringLiteral("modules")));
        f.failed = names(frame.value(QStringLiteral("failed")));
    }
    return f;
}

} // namespace Hopx::Local
