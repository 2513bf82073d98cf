// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigMigration.h"

#include "core/ide/IdeConfigFile.h"
#include "core/ide/IdeConfigJsonText.h"
#include "core/ide/IdeConfigJsonc.h"
#include "core/ide/IdeConfigToml.h"
#include "core/ide/IdeConfigYaml.h"
#include "core/manager/ProviderPolicy.h"
#include "core/secrets/KeyStore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

namespace Hopx::Core {

namespace {

// The variable the Python server read its key from, in the IDE configs we migrate. A function,
// not a global: ProviderPolicy's own name is a global of another file.
QString keyVar()
{
    return ProviderPolicy::apiKeyVariable();
}

QString baseName(const QString &command)
{
    // Windows paths too, whatever the platform this runs on.
    QString name = command.section(QLatin1Char('/'), -1).section(QLatin1Char('\\'), -1).toLower();
    for (const char *suffix : {".exe", ".cmd", ".bat"}) {
        if (name.endsWith(QLatin1String(suffix)))
            name.chop(int(qstrlen(suffix)));
    }
    return name;
}

bool namesPackage(const QString &arg)
{
    // hopx-mcp, hopx-mcp@0.2.1, hopx-mcp==0.2.1, hopx-mcp[extra]
    if (!arg.startsWith(QLatin1String("hopx-mcp")))
        return false;
    const QString rest = arg.mid(8);
    return rest.isEmpty() || rest.startsWith(QLatin1Char('@')) || rest.startsWith(QLatin1Char('='))
        || rest.startsWith(QLatin1Char('[')) || rest.startsWith(QLatin1Char('>'));
}

// Where a config holds servers: the IDE's container, and for Claude Code the local scope of
// each project too (`projects.<path>.mcpServers`).
QList<QStringList> containers(IdeConfig::Ide ide, const QJsonObject &root)
{
    QList<QStringList> out {{IdeConfig::containerKey(ide)}};
    if (ide == IdeConfig::Ide::ClaudeCode) {
        const QJsonObject projects = root.value(QStringLiteral("projects")).toObject();
        for (auto it = projects.begin(); it != projects.end(); ++it) {
            if (it.value().toObject().value(QStringLiteral("mcpServers")).isObject())
                out.append({QStringLiteral("projects"), it.key(), QStringLiteral("mcpServers")});
        }
    }
    return out;
}

QJsonObject at(const QJsonObject &root, const QStringList &path)
{
    QJsonObject o = root;
    for (const QString &key : path)
        o = o.value(key).toObject();
    return o;
}

QStringList stringList(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &a : v.toArray())
        out << a.toString();
    return out;
}

// What QJsonDocument reads of a config: for Zed and opencode, their comments blanked out.
QByteArray plainJson(IdeConfig::Ide ide, const QByteArray &text)
{
    return IdeConfig::format(ide) == IdeConfig::Format::Jsonc ? IdeConfigJsonc::blank(text) : text;
}

// opencode and Kilo: the command and its arguments in one array, the variables in environment.
bool usesCommandArray(IdeConfig::Ide shape)
{
    return shape == IdeConfig::Ide::OpenCode || shape == IdeConfig::Ide::KiloCode;
}

QString envKey(IdeConfig::Ide shape)
{
    if (shape == IdeConfig::Ide::Goose)
        return QStringLiteral("envs");
    return usesCommandArray(shape) ? QStringLiteral("environment") : QStringLiteral("env");
}

QString homeRelative(const QString &path)
{
    const QString home = QDir::homePath();
    return path.startsWith(home + QLatin1Char('/')) ? QStringLiteral("~") + path.mid(home.size())
                                                    : path;
}

} // namespace

IdeConfigMigration::IdeConfigMigration(IdeConfig config)
    // A migrated config keeps offering the Python server's tools by their names, so the
    // prompts and agents written for it keep working (hopx-mcp --tools hopx-mcp).
    : m_config(
        IdeConfig::withToolProfile(config.launch(), QStringLiteral("hopx-mcp")), config.paths())
{ }

QStringList IdeConfigMigration::commandLine(IdeConfig::Ide shape, const QJsonObject &entry)
{
    // Goose's stdio extensions: `cmd` and `args`.
    const QJsonValue command = entry.value(
        shape == IdeConfig::Ide::Goose ? QStringLiteral("cmd") : QStringLiteral("command"));
    if (usesCommandArray(shape))
        return stringList(command);
    return QStringList {command.toString()} + stringList(entry.value(QStringLiteral("args")));
}

bool IdeConfigMigration::isLegacy(
    const QString &command, const QStringList &args, const QString &ours)
{
    const QString name = baseName(command);
    if (name == QLatin1String("hopx-mcp"))
        return QFileInfo(command).absoluteFilePath() != QFileInfo(ours).absoluteFilePath();
    QStringList rest = args;
    if (name == QLatin1String("uv") && rest.value(0) == QLatin1String("tool")
        && rest.value(1) == QLatin1String("run"))
        rest = rest.mid(2);
    else if ((name == QLatin1String("pipx") || name == QLatin1String("uv"))
        && rest.value(0) == QLatin1String("run"))
        rest = rest.mid(1);
    else if (name != QLatin1String("uvx"))
        return false;
    // The package is the first word that is not an option (options may take a value, as
    // `--from hopx-mcp` or `--python 3.12` do: any word naming the package counts).
    for (const QString &a : rest) {
        if (namesPackage(a))
            return true;
    }
    return false;
}

QList<IdeConfigMigration::Legacy> IdeConfigMigration::find(QStringList *notes) const
{
    QList<Legacy> out;
    const QString ours = m_config.launch().command;
    // Each IDE's file, and a second file it reads in another IDE's shape.
    QList<Legacy> files;
    for (IdeConfig::Ide ide : IdeConfig::all()) {
        files.append(Legacy {ide, m_config.configPath(ide), {}, {}});
        if (const auto second = m_config.secondFile(ide))
            files.append(Legacy {ide, second->path, {}, {}, second->shape});
    }
    for (const Legacy &file : files) {
        const IdeConfig::Ide ide = file.ide;
        const IdeConfig::Ide shape = file.shape;
        if (file.path.isEmpty())
            continue;
        const QString target = IdeConfigFile::target(file.path);
        bool exists = false;
        const auto text = IdeConfigFile::read(target, &exists);
        if (!exists)
            continue;
        if (!text.ok()) {
            if (notes)
                notes->append(text.error().message);
            continue;
        }
        if (IdeConfig::isToml(shape)) {
            for (const IdeConfigToml::Server &s : IdeConfigToml::servers(text.value())) {
                if (isLegacy(s.command, s.args, ours))
                    out.append(Legacy {ide, target, s.name, s.env.value(keyVar()), shape});
            }
            continue;
        }
        if (IdeConfig::format(shape) == IdeConfig::Format::Yaml) {
            const QString key = IdeConfig::containerKey(shape);
            for (const QString &name : IdeConfigYaml::names(text.value(), key)) {
                const QJsonObject entry = IdeConfigYaml::entry(text.value(), key, name);
                const QStringList line = commandLine(shape, entry);
                if (isLegacy(line.value(0), line.mid(1), ours))
                    out.append(Legacy {ide, target, name,
                        entry.value(envKey(shape)).toObject().value(keyVar()).toString(), shape});
            }
            continue;
        }
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(plainJson(shape, text.value()), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            // VS Code allows comments in mcp.json; such a file is not edited as text here.
            if (notes && text.value().contains("hopx-mcp"))
                notes->append(tr("%1 mentions hopx-mcp but is not plain JSON (comments?), so "
                                 "HOPX Desktop left it alone: replace that entry by hand.")
                                  .arg(homeRelative(target)));
            continue;
        }
        for (const QStringList &container : containers(shape, doc.object())) {
            const QJsonObject servers = at(doc.object(), container);
            for (auto it = servers.begin(); it != servers.end(); ++it) {
                const QJsonObject entry = it.value().toObject();
                const QStringList line = commandLine(shape, entry);
                if (!isLegacy(line.value(0), line.mid(1), ours))
                    continue;
                out.append(Legacy {ide, target, it.key(),
                    entry.value(envKey(shape)).toObject().value(keyVar()).toString(), shape});
            }
        }
    }
    return out;
}

void IdeConfigMigration::run(KeyStore *store, std::function<void(const Report &)> done) const
{
    Report report;
    const QList<Legacy> found = find(&report.notes);
    QStringList keys;
    for (const Legacy &l : found) {
        if (!l.apiKey.isEmpty() && !keys.contains(l.apiKey))
            keys << l.apiKey;
    }
    if (keys.size() > 1)
        report.notes << tr("The configurations hold %1 different HOPX API keys; only the first "
                           "was moved, the others stay in their files.")
                            .arg(keys.size());
    if (keys.isEmpty() || !store) {
        if (!keys.isEmpty())
            report.notes << tr("No keychain is in use, so the HOPX API key stays in the files.");
        return rewriteAll(found, {}, report, done);
    }
    const QString key = keys.first();
    const IdeConfigMigration self = *this;
    QPointer<KeyStore> guard(store);
    store->read([self, guard, found, key, report, done](Result<QString> stored) mutable {
        // No key stored yet is NotFound: the keychain works, and is empty.
        const bool empty = !stored.ok() && stored.error().code == Error::Code::NotFound;
        if ((!stored.ok() && !empty) || !guard) {
            report.notes << tr("The keychain could not be read (%1), so the HOPX API key stays "
                               "in the files.")
                                .arg(guard ? stored.error().message : tr("it went away"));
            return self.rewriteAll(found, {}, report, done);
        }
        const QString held = empty ? QString() : stored.value();
        if (held == key) {
            report.keyMoved = true;
            return self.rewriteAll(found, key, report, done);
        }
        if (!held.isEmpty()) {
            report.notes << tr("The keychain already holds a different HOPX API key; the key "
                               "in the files was kept in their entries.");
            return self.rewriteAll(found, {}, report, done);
        }
        guard->write(key, [self, found, key, report, done](Result<Unit> written) mutable {
            if (!written.ok()) {
                report.notes << tr("The HOPX API key could not be stored in the keychain (%1), "
                                   "so it stays in the files.")
                                    .arg(written.error().message);
                return self.rewriteAll(found, {}, report, done);
            }
            report.keyMoved = true;
            self.rewriteAll(found, key, report, done);
        });
    });
}

void IdeConfigMigration::rewriteAll(const QList<Legacy> &found, const QString &movedKey,
    Report report, const std::function<void(const Report &)> &done) const
{
    QStringList paths;
    for (const Legacy &l : found) {
        if (paths.contains(l.path))
            continue;
        paths << l.path;
        const auto change = rewrite(l, movedKey);
        if (!change.ok())
            report.notes << change.error().message;
        else if (!change.value().servers.isEmpty())
            report.changes << change.value();
    }
    done(report);
}

QJsonObject IdeConfigMigration::replacement(
    IdeConfig::Ide ide, const QJsonObject &old, const QString &movedKey, bool *keyRemoved) const
{
    QJsonObject entry = old;
    entry.remove(QStringLiteral("command"));
    entry.remove(QStringLiteral("args"));
    const QJsonObject ours = m_config.serverEntry(ide);
    for (auto it = ours.begin(); it != ours.end(); ++it)
        entry.insert(it.key(), it.value());
    const QString key = envKey(ide);
    QJsonObject env = entry.value(key).toObject();
    if (!movedKey.isEmpty() && env.value(keyVar()).toString() == movedKey) {
        env.remove(keyVar());
        *keyRemoved = true;
    }
    if (env.isEmpty())
        entry.remove(key);
    else
        entry.insert(key, env);
    return entry;
}

Result<IdeConfigMigration::Change> IdeConfigMigration::rewrite(
    const Legacy &file, const QString &movedKey) const
{
    bool exists = false;
    const QString &path = file.path;
    const auto read = IdeConfigFile::read(path, &exists);
    if (!read.ok())
        return read.error();
    QByteArray text = read.value();
    Change change {file.ide, path, {}, {}, false, file.shape};
    const IdeConfig::Format format = IdeConfig::format(file.shape);
    const auto edited = format == IdeConfig::Format::Toml ? editToml(&text, movedKey, &change)
        : format == IdeConfig::Format::Yaml               ? editYaml(&text, movedKey, &change)
                                                          : editJson(&text, movedKey, &change);
    if (!edited.ok())
        return edited.error();
    if (change.servers.isEmpty())
        return change;
    const auto replaced = IdeConfigFile::replace(path, text);
    if (!replaced.ok())
        return replaced.error();
    change.backupPath = replaced.value();
    return change;
}

Result<Unit> IdeConfigMigration::editJson(
    QByteArray *text, const QString &movedKey, Change *change) const
{
    const IdeConfig::Ide shape = change->shape;
    const QJsonObject root = QJsonDocument::fromJson(plainJson(shape, *text)).object();
    for (const QStringList &container : containers(shape, root)) {
        const QJsonObject servers = at(root, container);
        for (auto it = servers.begin(); it != servers.end(); ++it) {
            const QJsonObject old = it.value().toObject();
            const QStringList line = commandLine(shape, old);
            if (!isLegacy(line.value(0), line.mid(1), m_config.launch().command))
                continue;
            // Found again after each change; an offset in the blanked text is one in the text.
            const auto span = IdeConfigJsonText::find(
                plainJson(shape, *text), container + QStringList {it.key()});
            if (!span)
                return Error::make(Error::Code::Internal,
                    tr("Could not find the entry \"%1\" in %2; the file was not changed.")
                        .arg(it.key(), homeRelative(change->path)));
            const QJsonObject entry = replacement(shape, old, movedKey, &change->keyRemoved);
            text->replace(span->begin, span->end - span->begin,
                IdeConfigJsonText::render(entry, *text, span->begin));
            change->servers << it.key();
        }
    }
    return Unit {};
}

Result<Unit> IdeConfigMigration::editYaml(
    QByteArray *text, const QString &movedKey, Change *change) const
{
    const QString key = IdeConfig::containerKey(change->shape);
    const QJsonObject ours = m_config.serverEntry(change->shape);
    for (const QString &name : IdeConfigYaml::names(*text, key)) {
        const QJsonObject old = IdeConfigYaml::entry(*text, key, name);
        const QStringList line = commandLine(change->shape, old);
        if (!isLegacy(line.value(0), line.mid(1), m_config.launch().command))
            continue;
        // Only the command line and the key change: the extension's name, description, timeout
        // and the rest stay the user's (withEntry() keeps the lines of the keys it is not given).
        QJsonObject entry {{QStringLiteral("cmd"), ours.value(QStringLiteral("cmd"))},
            {QStringLiteral("args"), ours.value(QStringLiteral("args"))}};
        QJsonObject env = old.value(envKey(change->shape)).toObject();
        if (!movedKey.isEmpty() && env.value(keyVar()).toString() == movedKey) {
            env.remove(keyVar());
            change->keyRemoved = true;
            entry.insert(envKey(change->shape), env);
        }
        const auto edited = IdeConfigYaml::withEntry(*text, key, name, entry);
        if (!edited.ok())
            return Error::make(edited.error().code,
                QStringLiteral("%1: %2").arg(homeRelative(change->path), edited.error().message));
        *text = edited.value();
        change->servers << name;
    }
    return Unit {};
}

Result<Unit> IdeConfigMigration::editToml(
    QByteArray *text, const QString &movedKey, Change *change) const
{
    const QList<IdeConfigToml::Server> servers = IdeConfigToml::servers(*text);
    // From the end, so that the offsets of the tables before stay right.
    for (auto it = servers.crbegin(); it != servers.crend(); ++it) {
        if (!isLegacy(it->command, it->args, m_config.launch().command))
            continue;
        QJsonObject env;
        for (auto e = it->env.cbegin(); e != it->env.cend(); ++e)
            env.insert(e.key(), e.value());
        const QJsonObject old {{QStringLiteral("env"), env}};
        const QJsonObject entry = replacement(change->shape, old, movedKey, &change->keyRemoved);
        text->replace(it->begin, it->end - it->begin,
            IdeConfigToml::table(it->name, entry, it->otherLines).toUtf8());
        change->servers.prepend(it->name);
    }
    return Unit {};
}

QString IdeConfigMigration::Report::text() const
{
    QStringList lines;
    for (const Change &c : changes) {
        lines << tr("%1: replaced %2 in %3 with HOPX Desktop (the old file is saved as %4).")
                     .arg(IdeConfig::displayName(c.ide), c.servers.join(QStringLiteral(", ")),
                         homeRelative(c.path), homeRelative(c.backupPath));
        if (c.keyRemoved)
            lines << tr("%1: the HOPX API key was removed from the file.")
                         .arg(IdeConfig::displayName(c.ide));
    }
    if (keyMoved)
        lines << tr("The HOPX API key is now in the keychain.");
    if (changes.isEmpty())
        lines << tr("No uvx hopx-mcp or hopx-mcp entries were found in the IDE configurations "
                    "HOPX Desktop knows; nothing was changed.");
    lines += notes;
    if (!changes.isEmpty())
        lines << tr("Restart the IDEs to use HOPX Desktop.");
    return lines.join(QLatin1Char('\n'));
}

} // namespace Hopx::Core
