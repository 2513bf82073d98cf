// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"

#include <functional>

namespace Hopx::Core {

class KeyStore;

/*! \brief The move from the Python server: every `uvx hopx-mcp` / `hopx-mcp` entry in the IDE
 *  configs IdeConfig knows becomes ours, and an `HOPX_API_KEY` found there goes to the keychain.
 *
 * An entry keeps its name and whatever else the user set on it (other env vars, disabled
 * flags, timeouts); only command and args become ours and the key leaves its env. The key is
 * removed from a file only once the keychain holds that same key: when the keychain already
 * holds another one, or cannot be reached, or two files hold different keys, a key stays where
 * it is and the report says so. Every file is backed up before it changes, and only the bytes
 * of the replaced entries change (JSON, with comments where the IDE allows them; Codex's TOML;
 * Goose's YAML, where only the lines of `cmd`, `args` and `envs` are rewritten). A JSON file with
 * comments that the IDE does not allow is reported and left alone. A second run finds nothing to
 * do.
 */
class IdeConfigMigration
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::IdeConfigMigration)
public:
    //! One entry of the Python server.
    struct Legacy
    {
        IdeConfig::Ide ide = IdeConfig::Ide::Generic;
        QString path;
        QString server; // its name in the file
        QString apiKey; // HOPX_API_KEY in its env, if any
        IdeConfig::Ide shape = ide; // another IDE's for a secondFile()
    };
    struct Change
    {
        IdeConfig::Ide ide = IdeConfig::Ide::Generic;
        QString path;
        QString backupPath;
        QStringList servers;
        bool keyRemoved = false;
        IdeConfig::Ide shape = ide; // the shape of the file: another IDE's for a secondFile()
    };
    struct Report
    {
        QList<Change> changes;
        QStringList notes; // what was left alone, and why
        bool keyMoved = false; // the keychain holds the key the files had
        //! What changed, in sentences (translated).
        QString text() const;
    };

    explicit IdeConfigMigration(IdeConfig config);

    /*! The command and its arguments of an entry in `shape`'s config: `command` and `args`, or
     *  (opencode, Kilo) one `command` array. */
    static QStringList commandLine(IdeConfig::Ide shape, const QJsonObject &entry);
    //! A server started as `uvx hopx-mcp` (or `uv tool run`, `pipx run`, a pinned version) or
    //! as an installed `hopx-mcp` that is not `ours`.
    static bool isLegacy(const QString &command, const QStringList &args, const QString &ours);
    //! Every legacy entry in the known files; `notes` gets the files that could not be read.
    QList<Legacy> find(QStringList *notes = nullptr) const;
    //! Moves the key into `store` (nullptr: keys stay in the files), then rewrites the files.
    //! `done` runs once, from the event loop when the keychain is asked, else at once.
    void run(KeyStore *store, std::function<void(const Report &report)> done) const;

private:
    void rewriteAll(const QList<Legacy> &found, const QString &movedKey, Report report,
        const std::function<void(const Report &)> &done) const;
    //! One file: backed up and rewritten when it has legacy entries.
    Result<Change> rewrite(const Legacy &file, const QString &movedKey) const;
    Result<Unit> editJson(QByteArray *text, const QString &movedKey, Change *change) const;
    Result<Unit> editToml(QByteArray *text, const QString &movedKey, Change *change) const;
    //! Goose's config.yaml: only `cmd`, `args` and the key in `envs` change.
    Result<Unit> editYaml(QByteArray *text, const QString &movedKey, Change *change) const;
    //! The new entry for a legacy one: ours, with the user's other settings kept.
    QJsonObject replacement(IdeConfig::Ide ide, const QJsonObject &old, const QString &movedKey,
        bool *keyRemoved) const;

    IdeConfig m_config;
};

} // namespace Hopx::Core
