// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Hopx::Cloud {

/*! \brief Wire JSON ⇄ Core value types for the HOPX control plane and agent (spec §2.4, §3.3). */
class HopxJson
{
public:
    //! A control-plane `Sandbox` (or SDK `SandboxInfo`, keyed `sandbox_id`). The JWT and its
    //! expiry are left out of `extra`: tools dump `extra`, and the token must not reach a model.
    static Core::SandboxInfo sandboxFromJson(const QJsonObject &o);
    //! `POST /execute` or `/commands/run` reply; rich fields become RichOutputs with raw bytes.
    static Core::ExecResult execFromJson(const QJsonObject &o, qint64 maxOutputBytes);
    static Core::ProcessStarted processFromJson(const QJsonObject &o);
    static Core::FileEntry fileFromJson(const QJsonObject &o);
    static QDateTime parseTime(const QJsonValue &v);
    //! Template ids are strings in some replies and numbers in others.
    static QString idString(const QJsonValue &v);
    static QJsonObject envToJson(const Core::EnvMap &env);
    //! The items of a list reply: a bare array, `key` (e.g. "sandboxes"), or `data` (may be null).
    static QJsonArray listOf(const QJsonValue &reply, const QString &key);
};

} // namespace Hopx::Cloud
