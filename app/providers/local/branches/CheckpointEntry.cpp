// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/CheckpointEntry.h"

#include <QRegularExpression>

#include <algorithm>

namespace Hopx::Local {

QJsonArray CheckpointEntry::toIndex(const QList<CheckpointEntry> &entries)
{
    QJsonArray out;
    for (const CheckpointEntry &e : entries) {
        QJsonObject o = e.info.toJson();
        o.remove(QStringLiteral("python_state"));
        o.remove(QStringLiteral("_note"));
        o.remove(QStringLiteral("variables_on_disk"));
        o.insert(QStringLiteral("python_state_file"), e.stateFile);
        out.append(o);
    }
    return out;
}

QList<CheckpointEntry> CheckpointEntry::fromIndex(const QJsonArray &index)
{
    static const QRegularExpression ids(QStringLiteral("^ckpt-[0-9a-f]{8}$"));
    QList<CheckpointEntry> out;
    for (const QJsonValue &v : index) {
        const QJsonObject o = v.toObject();
        CheckpointEntry e;
        e.info.id = o.value(QStringLiteral("checkpoint_id")).toString();
        e.info.name = o.value(QStringLiteral("name")).toString();
        e.info.createdAt =
            QDateTime::fromString(o.value(QStringLiteral("created_at")).toString(), Qt::ISODate);
        e.info.sizeBytes = o.value(QStringLiteral("size_bytes")).toInteger();
        for (const QJsonValue &name : o.value(QStringLiteral("python_variables")).toArray())
            e.info.variables << name.toString();
        e.info.notKept = o.value(QStringLiteral("not_kept")).toObject();
        e.stateFile = o.value(QStringLiteral("python_state_file")).toBool();
        if (!e.stateFile && !e.info.variables.isEmpty()) {
            // Recorded while its variables were written behind it, and the app stopped first.
            e.info.variables.clear();
            e.info.notKept = {};
            e.info.note = QStringLiteral("The Python variables were still being written to the "
                                         "disk when HOPX Desktop stopped: this checkpoint keeps "
                                         "its files only.");
        }
        const bool known = std::any_of(out.cbegin(), out.cend(),
            [&e](const CheckpointEntry &x) { return x.info.id == e.info.id; });
        if (ids.match(e.info.id).hasMatch() && !known)
            out.append(e);
    }
    return out;
}

} // namespace Hopx::Local
