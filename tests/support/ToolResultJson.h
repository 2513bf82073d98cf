// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace HopxTest {

//! A tools/call result's structuredContent (empty when it has none).
inline QJsonObject sc(const QJsonObject &result)
{
    return result.value(QStringLiteral("structuredContent")).toObject();
}

//! One line of JSON, for a failed check's message.
inline QByteArray dump(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace HopxTest
