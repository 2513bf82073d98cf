// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// IdeConfig: the merge that writes our entry into a user's IDE config file, whatever the file
// holds. The input is the file's old content. The merge must never lose what the user had:
// either it refuses and leaves the file as it was, or the new file parses to the old object
// plus our entry, and the backup holds the old bytes exactly. toText() (our own JSON writer)
// must always write JSON that parses back to the same object.
#include "core/ide/IdeConfig.h"
#include "core/ide/IdeConfigToml.h"

#include "FuzzSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

using Hopx::Core::IdeConfig;
using Hopx::Core::IdeConfigToml;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Codex's config.toml is edited as text: every other server's table must read back as it was,
// and ours must carry the entry we meant to write.
void checkTomlMerge(
    const IdeConfig &config, IdeConfig::Ide ide, const QByteArray &old, const QByteArray &now)
{
    const QList<IdeConfigToml::Server> before = IdeConfigToml::servers(old);
    const QList<IdeConfigToml::Server> after = IdeConfigToml::servers(now);
    const auto find = [&after](const QString &name) -> const IdeConfigToml::Server * {
        for (const IdeConfigToml::Server &s : after)
            if (s.name == name)
                return &s;
        return nullptr;
    };
    for (const IdeConfigToml::Server &s : before) {
        if (s.name == IdeConfig::serverName())
            continue;
        const IdeConfigToml::Server *kept = find(s.name);
        FUZZ_CHECK(
            kept && kept->command == s.command && kept->args == s.args && kept->env == s.env);
    }
    const IdeConfigToml::Server *ours = find(IdeConfig::serverName());
    FUZZ_CHECK(ours);
    const QJsonObject entry = config.serverEntry(ide);
    FUZZ_CHECK(ours->command == entry.value(QStringLiteral("command")).toString());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // In memory where there is a tmpfs: a disk's fsync per input would be most of the time.
    static QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
            ? QStringLiteral("/dev/shm/hopx-fuzz-XXXXXX")
            : QDir::tempPath() + QStringLiteral("/hopx-fuzz-XXXXXX"));
    static const IdeConfig config(
        IdeConfig::Launch {QStringLiteral("/usr/bin/hopx-mcp"), {QStringLiteral("--quiet")}},
        IdeConfig::Paths {dir.path(), dir.path(), dir.path(), dir.path()});
    if (size < 1)
        return 0;
    // The JSON and TOML merges, whose results this checks by parsing them back; the JSONC and
    // YAML editors (Zed, opencode, Goose) keep comments and bytes, which tst_ideconfigformats
    // checks with those IDEs' own parsers.
    static const QList<IdeConfig::Ide> ides = [] {
        QList<IdeConfig::Ide> out;
        for (const IdeConfig::Ide ide : IdeConfig::all())
            if (IdeConfig::format(ide) == IdeConfig::Format::Json || IdeConfig::isToml(ide))
                out << ide;
        return out;
    }();
    const IdeConfig::Ide ide = ides.at(data[0] % ides.size());
    const QByteArray old(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));

    QJsonParseError error {};
    const QJsonDocument oldDoc = QJsonDocument::fromJson(old, &error);
    if (error.error == QJsonParseError::NoError && oldDoc.isObject()) {
        const QJsonObject object = oldDoc.object();
        FUZZ_CHECK(QJsonDocument::fromJson(IdeConfig::toText(object).toUtf8()).object() == object);
    }

    const QString path = dir.filePath(QStringLiteral("config.json"));
    {
        QFile f(path);
        FUZZ_CHECK(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(old);
    }
    const auto result = config.installInto(ide, path);
    const QByteArray now = readFile(path);
    if (!result) {
        FUZZ_CHECK(now == old); // refused: untouched
    } else if (IdeConfig::isToml(ide)) {
        checkTomlMerge(config, ide, old, now);
        if (!result.value().backupPath.isEmpty())
            FUZZ_CHECK(readFile(result.value().backupPath) == old);
    } else {
        const QJsonObject written = QJsonDocument::fromJson(now, &error).object();
        FUZZ_CHECK(error.error == QJsonParseError::NoError);
        const QString key = IdeConfig::containerKey(ide);
        const QJsonObject before = oldDoc.object();
        for (auto it = before.begin(); it != before.end(); ++it)
            if (it.key() != key)
                FUZZ_CHECK(written.value(it.key()) == it.value());
        const QJsonObject servers = written.value(key).toObject();
        const QJsonObject oldServers = before.value(key).toObject();
        for (auto it = oldServers.begin(); it != oldServers.end(); ++it)
            if (it.key() != IdeConfig::serverName())
                FUZZ_CHECK(servers.value(it.key()) == it.value());
        const QJsonObject entry = servers.value(IdeConfig::serverName()).toObject();
        const QJsonObject ours = config.serverEntry(ide);
        for (auto it = ours.begin(); it != ours.end(); ++it)
            FUZZ_CHECK(entry.value(it.key()) == it.value());
        if (!result.value().backupPath.isEmpty())
            FUZZ_CHECK(readFile(result.value().backupPath) == old);
    }
    for (const QString &name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden))
        QFile::remove(dir.filePath(name));
    return 0;
}
