// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Result.h"
#include "SandboxTypes.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Hopx::Core {

/*! \brief One saved state of a sandbox: its files, and its live Python state when the
 *  provider could keep it. */
struct CheckpointInfo
{
    QString id;
    QString name;
    QDateTime createdAt;
    qint64 sizeBytes = 0; // what it takes of the sandbox's disk
    bool pythonState = false; // a restore brings the Python variables back too

    QJsonObject toJson() const
    {
        return QJsonObject {{QStringLiteral("checkpoint_id"), id}, {QStringLiteral("name"), name},
            {QStringLiteral("created_at"), createdAt.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("size_bytes"), sizeBytes},
            {QStringLiteral("python_state"), pythonState}};
    }
};

struct RestoreOutcome
{
    CheckpointInfo checkpoint;
    bool pythonStateRestored = false;
    QString note; // what was not brought back, and why
};

struct ForkOutcome
{
    SandboxInfo sandbox; // the new one
    QString note;
};

/*! \brief Checkpoints, restore and fork: a capability only some providers have (local
 *  sandboxes); the others answer through Sandbox::explainUnsupported().
 *
 * Same contract as every capability: asynchronous, exactly one callback, never synchronous.
 */
class SandboxCheckpoints
{
public:
    static constexpr const char *kName = "checkpoints";
    virtual ~SandboxCheckpoints() = default;

    virtual void checkpoint(const QString &name, Callback<CheckpointInfo> done) = 0;
    virtual void restore(const QString &checkpointId, Callback<RestoreOutcome> done) = 0;
    virtual void listCheckpoints(Callback<QList<CheckpointInfo>> done) = 0;
    virtual void deleteCheckpoint(const QString &checkpointId, Callback<Unit> done) = 0;
    //! A new sandbox with this one's files, as they are now or at \a checkpointId.
    virtual void fork(const QString &checkpointId, Callback<ForkOutcome> done) = 0;
};

} // namespace Hopx::Core
