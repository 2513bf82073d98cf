// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Hopx::Local {

/*! \brief What the app must know to bring a local sandbox back after it restarted:
 *  sandbox.json next to the sandbox's disk (0600, in a 0700 directory).
 *
 * Holds the sandbox's identity, timing (so expiry also counts the time the app was not
 * running), its disk cap, its network policy, its checkpoints and its session environment,
 * except values that look secret (secretLooking()): those are never written; the record keeps
 * only their names, so the next result can say which variables to set again. Of the secrets
 * it holds it keeps the names and the placeholders the sandbox sees, never the values: the
 * app reads those from the keychain again when the sandbox comes back.
 */
struct SandboxRecord
{
    static constexpr const char *kFileName = "sandbox.json";

    QString id;
    QString templateName;
    QDateTime createdAt;
    QDateTime expiresAt;
    int timeoutSeconds = 0;
    bool internetAccess = false;
    qint64 capBytes = 0;
    Core::EnvMap env; // safe to keep
    QStringList envWithheld; // names whose values were not written
    QJsonArray checkpoints; // LocalCheckpoints' index
    QJsonObject forkedFrom; // a fork's {sandbox_id, checkpoint_id}; empty otherwise
    QJsonValue network; // the policy (NetworkPolicy::toJson()); null in older records
    struct Secret
    {
        QString name;
        QByteArray placeholder;
    };
    QList<Secret> secrets; // names and placeholders; never a value
    QStringList secretsLost; // after load: secrets the keychain no longer has (restartNote())

    /*! The record for \a info, its session env (secret-looking values left out) and the
     *  \a secrets it holds (their placeholders are kept with them, not as env). */
    static SandboxRecord from(
        const Core::SandboxInfo &info, const Core::EnvMap &env, const QList<Secret> &secrets = {});
    //! Writes \a dir/sandbox.json atomically. False + error when it cannot.
    Core::Result<Core::Unit> save(const QString &dir) const;
    //! nullopt when \a dir has no readable, valid record.
    static std::optional<SandboxRecord> load(const QString &dir);
    //! The sandbox coming back from this record, for \a provider; status "creating".
    Core::SandboxInfo restoredInfo(const QString &provider) const;
    //! What the model reads with its first result after the app restarted.
    QString restartNote() const;
    //! A variable whose name or value says it is a credential (KEY, TOKEN, SECRET, …).
    static bool secretLooking(const QString &name, const QString &value);
};

} // namespace Hopx::Local
