// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeToolProfile.h"

#include "core/ide/IdeConfigFile.h"
#include "core/ide/IdeConfigJsonc.h"
#include "core/ide/IdeConfigToml.h"
#include "core/ide/IdeConfigYaml.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Hopx::Core {

namespace {

//! Every string of an entry in document order: the IDEs nest the command line differently
//! (args, command arrays, Zed's command object), but each keeps it in order.
void strings(const QJsonValue &v, QStringList &out)
{
    if (v.isString()) {
        out << v.toString();
    } else if (v.isArray()) {
        for (const QJsonValue &x : v.toArray())
            strings(x, out);
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (const char *key : {"command", "args", "cmd"})
            strings(o.value(QLatin1String(key)), out);
    }
}

//! The words of a YAML block: list items and flow sequences, quotes dropped.
QStringList yamlWords(const QString &block)
{
    QStringList out;
    static const QRegularExpression word(QStringLiteral(R"(["']?(--?[\w=.-]+|[\w.-]+)["']?)"));
    for (auto it = word.globalMatch(block); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

} // namespace

QString IdeToolProfile::fromArgs(const QStringList &args)
{
    for (int i = 0; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--tools") && i + 1 < args.size())
            return args.at(i + 1);
        if (args.at(i).startsWith(QLatin1String("--tools=")))
            return args.at(i).mid(8);
    }
    return defaultProfile();
}

QString IdeToolProfile::read(const IdeConfig &config, IdeConfig::Ide ide)
{
    if (!config.isConnected(ide))
        return {};
    bool exists = false;
    const auto text = IdeConfigFile::read(IdeConfigFile::target(config.configPath(ide)), &exists);
    if (!exists || !text.ok())
        return {};
    switch (IdeConfig::format(ide)) {
    case IdeConfig::Format::Toml:
        for (const IdeConfigToml::Server &s : IdeConfigToml::servers(text.value()))
            if (s.name == IdeConfig::serverName())
                return fromArgs(s.args);
        return {};
    case IdeConfig::Format::Yaml:
        return fromArgs(yamlWords(QString::fromUtf8(IdeConfigYaml::entryText(
            text.value(), IdeConfig::containerKey(ide), IdeConfig::serverName()))));
    case IdeConfig::Format::Json:
    case IdeConfig::Format::Jsonc:
        break;
    }
    const QJsonValue entry = QJsonDocument::fromJson(IdeConfigJsonc::blank(text.value()))
                                 .object()
                                 .value(IdeConfig::containerKey(ide))
                                 .toObject()
                                 .value(IdeConfig::serverName());
    QStringList words;
    strings(entry, words);
    return fromArgs(words);
}

} // namespace Hopx::Core
