// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Hopx::Core {

/*! \brief One saved state of a sandbox: its files, and its live Python state when the
 *  provider could keep it. */
struct CheckpointInfo
{
    QString id;
    QString name;
    QDateTime createdAt;
    qint64 sizeBytes = 0; // what it takes of the sandbox's disk
    bool pythonState = false; // a restore brings the live interpreter back (any object)
    //! The variables written with it to the sandbox's disk: they come back after an app
    //! restart too, and a fork from it carries them. notKept: name -> why not.
    QStringList variables;
    QJsonObject notKept;
    //! False while the variables are still being written (right after the checkpoint).
    bool variablesOnDisk = true;
    QString note; // what the checkpoint could not keep, when it was taken

    QJsonObject toJson() const
    {
        QJsonObject o {{QStringLiteral("checkpoint_id"), id}, {QStringLiteral("name"), name},
            {QStringLiteral("created_at"), createdAt.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("size_bytes"), sizeBytes},
            {QStringLiteral("python_state"), pythonState},
            {QStringLiteral("python_variables"), QJsonArray::fromStringList(variables)},
            {QStringLiteral("not_kept"), notKept},
            {QStringLiteral("variables_on_disk"), variablesOnDisk}};
        if (!note.isEmpty())
            o.insert(QStringLiteral("_note"), note);
        return o;
    }
};

struct RestoreOutcome
{
    CheckpointInfo checkpoint;
    bool pythonStateRestored = false;
    QStringList variables; // brought back from the checkpoint's file (after a restart)
    QJsonObject notRestored; // name -> why
    QString note; // what was not brought back, and why
};

//! One child of a fork: a new sandbox, or why it could not be made.
struct ForkOutcome
{
    SandboxInfo sandbox; // the new one; its id is empty when error is set
    std::optional<Error> error;
    QStringList carried; // Python variables the child has
    QJsonObject notCarried; // name -> why it stayed behind
    QString note; // what the child has, in a sentence
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
    /*! \a count new sandboxes, each with this one's files and Python variables, as they are
     *  now or at \a checkpointId. One child failing does not fail the others: \a done gets
     *  each child's outcome; an error only when none could even be attempted. */
    virtual void fork(
        const QString &checkpointId, int count, Callback<QList<ForkOutcome>> done) = 0;
};

} // namespace Hopx::Core
