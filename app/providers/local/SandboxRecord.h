// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Hopx::Local {

/*! \brief What the app must know to bring a local sandbox back after it restarted:
 *  sandbox.json next to the sandbox's disk (0600, in a 0700 directory).
 *
 * Its "version" is the format of the whole sandbox directory: this record, the disk's layout
 * (SandboxVolume) and the checkpoints' (LocalCheckpoints), which are only ever reached through
 * it. A build reads every format up to kFormat and leaves a newer one exactly as it is: it
 * cannot know what a newer build changed on the disk, and anything it wrote there could lose
 * the user's files. Format history (tests/upgrade holds a state directory of each release):
 *   1  this record; disk/{workspace,home} served by hopx-capfs (the first builds kept the files
 *      in disk.img, which SandboxVolume::mount() moves into disk/); checkpoints as
 *      disk/.checkpoints/ckpt-XXXXXXXX/{workspace,home}, listed in "checkpoints". Every build so
 *      far wrote "version": 1; a record without it is read as 1.
 * A change that an older build would misread (a new layout, a field whose absence means
 * something else) takes a new format; a new field that older builds may ignore does not, so
 * that going back to an older build keeps working.
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
    //! The newest format this build reads, and the one it writes.
    static constexpr int kFormat = 1;

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
    /*! The record in \a dir; an error saying what is wrong (unreadable, damaged, incomplete,
     *  or made by a newer build: Error::Code::Unsupported) when it cannot be used. */
    static Core::Result<SandboxRecord> load(const QString &dir);
    //! The sandbox coming back from this record, for \a provider; status "creating".
    Core::SandboxInfo restoredInfo(const QString &provider) const;
    //! What the model reads with its first result after the app restarted.
    QString restartNote() const;
    //! A variable whose name or value says it is a credential (KEY, TOKEN, SECRET, …).
    static bool secretLooking(const QString &name, const QString &value);
};

} // namespace Hopx::Local
