// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigToml.h"

#include "core/ide/IdeConfigFile.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace Hopx::Core {

namespace {

// Reads one TOML string (basic or literal) at `pos`; advances `pos` past it.
bool readString(const QString &s, qsizetype &pos, QString *out)
{
    if (pos >= s.size() || (s[pos] != QLatin1Char('"') && s[pos] != QLatin1Char('\'')))
        return false;
    const QChar quote = s[pos++];
    out->clear();
    while (pos < s.size() && s[pos] != quote) {
        QChar c = s[pos++];
        if (quote == QLatin1Char('"') && c == QLatin1Char('\\') && pos < s.size()) {
            c = s[pos++];
            if (c == QLatin1Char('n'))
                c = QLatin1Char('\n');
            else if (c == QLatin1Char('t'))
                c = QLatin1Char('\t');
            else if (c == QLatin1Char('u') && pos + 4 <= s.size()) {
                c = QChar(char16_t(s.mid(pos, 4).toUShort(nullptr, 16)));
                pos += 4;
            }
        }
        out->append(c);
    }
    if (pos >= s.size())
        return false;
    ++pos;
    return true;
}

void skipSpace(const QString &s, qsizetype &pos)
{
    while (pos < s.size() && (s[pos].isSpace() || s[pos] == QLatin1Char(',')))
        ++pos;
}

QStringList readStringArray(const QString &s)
{
    QStringList out;
    qsizetype pos = s.indexOf(QLatin1Char('['));
    if (pos < 0)
        return out;
    ++pos;
    for (skipSpace(s, pos); pos < s.size() && s[pos] != QLatin1Char(']'); skipSpace(s, pos)) {
        QString item;
        if (!readString(s, pos, &item))
            break;
        out << item;
    }
    return out;
}

QMap<QString, QString> readInlineTable(const QString &s)
{
    QMap<QString, QString> out;
    qsizetype pos = s.indexOf(QLatin1Char('{'));
    if (pos < 0)
        return out;
    ++pos;
    for (skipSpace(s, pos); pos < s.size() && s[pos] != QLatin1Char('}'); skipSpace(s, pos)) {
        QString key;
        if (!readString(s, pos, &key)) {
            const qsizetype eq = s.indexOf(QLatin1Char('='), pos);
            if (eq < 0)
                break;
            key = s.mid(pos, eq - pos).trimmed();
            pos = eq;
        }
        pos = s.indexOf(QLatin1Char('='), pos);
        if (pos < 0)
            break;
        ++pos;
        skipSpace(s, pos);
        QString value;
        if (!readString(s, pos, &value))
            break;
        out.insert(key, value);
    }
    return out;
}

QString bareOrQuoted(const QString &key)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+$"));
    return bare.match(key).hasMatch() ? key : IdeConfigToml::quoted(key);
}

} // namespace

QString IdeConfigToml::quoted(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

QString IdeConfigToml::table(
    const QString &name, const QJsonObject &entry, const QStringList &otherLines)
{
    QString out = QStringLiteral("[mcp_servers.%1]\n").arg(bareOrQuoted(name));
    out += QStringLiteral("command = %1\n").arg(quoted(entry.value("command").toString()));
    QStringList args;
    for (const QJsonValue &a : entry.value(QStringLiteral("args")).toArray())
        args << quoted(a.toString());
    out += QStringLiteral("args = [%1]\n").arg(args.join(QStringLiteral(", ")));
    const QJsonObject env = entry.value(QStringLiteral("env")).toObject();
    if (!env.isEmpty()) {
        QStringList vars;
        for (auto it = env.begin(); it != env.end(); ++it)
            vars << bareOrQuoted(it.key()) + QStringLiteral(" = ") + quoted(it.value().toString());
        out += QStringLiteral("env = { %1 }\n").arg(vars.join(QStringLiteral(", ")));
    }
    for (const QString &line : otherLines)
        out += line + QLatin1Char('\n');
    return out;
}

QList<IdeConfigToml::Server> IdeConfigToml::servers(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    static const QRegularExpression header(QStringLiteral(R"(^[ \t]*\[([^\[\]]+)\][ \t]*(#.*)?$)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression server(QStringLiteral(
        R"(^\s*mcp_servers\s*\.\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*(\.\s*(.+))?$)"));
    QList<Server> out;
    Server *current = nullptr;
    bool inEnv = false;
    auto it = header.globalMatch(text);
    QList<QRegularExpressionMatch> headers;
    while (it.hasNext())
        headers << it.next();
    for (qsizetype h = 0; h < headers.size(); ++h) {
        const auto &m = headers[h];
        const qsizetype bodyEnd =
            h + 1 < headers.size() ? headers[h + 1].capturedStart() : text.size();
        const auto sm = server.match(m.captured(1));
        QString name = sm.captured(1);
        if (name.startsWith(QLatin1Char('"')) || name.startsWith(QLatin1Char('\'')))
            name = name.mid(1, name.size() - 2);
        const bool own =
            sm.hasMatch() && current && current->name == name && !sm.captured(3).isEmpty();
        if (!own) {
            current = nullptr;
            if (sm.hasMatch() && sm.captured(3).isEmpty()) {
                out.append(Server {name, m.capturedStart(), bodyEnd, {}, {}, {}, {}});
                current = &out.last();
            }
        }
        if (!current)
            continue;
        current->end = bodyEnd;
        inEnv = own && sm.captured(3).trimmed() == QLatin1String("env");
        // The key = value lines of this table (a multi-line array is joined up to its "]").
        const QStringList lines = text.mid(m.capturedEnd(), bodyEnd - m.capturedEnd()).split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QString line = lines[i].trimmed();
            if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
                continue;
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq < 0)
                continue;
            QString key = line.left(eq).trimmed();
            if (key.startsWith(QLatin1Char('"')))
                key = key.mid(1, key.size() - 2);
            QString value = line.mid(eq + 1).trimmed();
            while (value.startsWith(QLatin1Char('[')) && !value.contains(QLatin1Char(']'))
                && i + 1 < lines.size())
                value += QLatin1Char(' ') + lines[++i].trimmed();
            if (inEnv) {
                qsizetype pos = 0;
                QString s;
                if (readString(value, pos, &s))
                    current->env.insert(key, s);
            } else if (key == QLatin1String("command")) {
                qsizetype pos = 0;
                readString(value, pos, &current->command);
            } else if (key == QLatin1String("args")) {
                current->args = readStringArray(value);
            } else if (key == QLatin1String("env")) {
                current->env.insert(readInlineTable(value));
            } else if (!own) {
                current->otherLines << lines[i].trimmed();
            }
        }
    }
    // A table ends where the next one starts; the blank lines before that stay outside it.
    for (Server &s : out) {
        while (s.end > s.begin && s.end - 1 < text.size() && text[s.end - 1] == QLatin1Char('\n')
            && s.end - 2 >= s.begin && text[s.end - 2] == QLatin1Char('\n'))
            --s.end;
        // Offsets in bytes, for splicing the UTF-8 text.
        s.begin = text.left(s.begin).toUtf8().size();
        s.end = text.left(s.end).toUtf8().size();
    }
    return out;
}

Result<IdeConfig::Installed> IdeConfigToml::install(
    const QString &name, const QJsonObject &entry, const QString &path)
{
    const QString target = IdeConfigFile::target(path);
    bool existed = false;
    const auto read = IdeConfigFile::read(target, &existed);
    if (!read.ok())
        return read.error();
    QByteArray text = read.value();
    const QByteArray block = table(name, entry).toUtf8();
    IdeConfig::Installed result;
    result.path = target;
    bool found = false;
    for (const Server &s : servers(text)) {
        if (s.name != name)
            continue;
        found = true;
        if (text.mid(s.begin, s.end - s.begin) == block)
            return result; // Unchanged
        text.replace(s.begin, s.end - s.begin, block);
        break;
    }
    if (!found) {
        if (!text.isEmpty() && !text.endsWith('\n'))
            text += '\n';
        if (!text.isEmpty())
            text += '\n';
        text += block;
    }
    result.outcome = !existed ? IdeConfig::Outcome::Created
        : found               ? IdeConfig::Outcome::Updated
                              : IdeConfig::Outcome::Added;
    const auto replaced = IdeConfigFile::replace(target, text);
    if (!replaced.ok())
        return replaced.error();
    result.backupPath = replaced.value();
    return result;
}

} // namespace Hopx::Core
