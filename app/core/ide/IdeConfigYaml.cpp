// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigYaml.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QStringList>

namespace Hopx::Core {

namespace {

using Lines = QList<QByteArray>;

// Leading spaces of a line that holds something; -1 for a blank or comment-only line.
int indentOf(const QByteArray &line)
{
    int n = 0;
    while (n < line.size() && line[n] == ' ')
        ++n;
    if (n == line.size() || line[n] == '#' || line[n] == '\r')
        return -1;
    return n;
}

// The key of a `key: value` line (quotes removed) and its value with a trailing comment cut.
QString keyOf(const QByteArray &line, QByteArray *value = nullptr)
{
    const QByteArray s = line.trimmed();
    qsizetype colon = -1;
    if (s.startsWith('"') || s.startsWith('\'')) {
        const qsizetype close = s.indexOf(s[0], 1);
        if (close > 0 && s.mid(close + 1).startsWith(':'))
            colon = close + 1;
    } else {
        colon = s.indexOf(':');
        while (colon >= 0 && colon + 1 < s.size() && s[colon + 1] != ' ')
            colon = s.indexOf(':', colon + 1);
    }
    if (colon <= 0 || s.startsWith("- "))
        return {};
    QByteArray key = s.left(colon);
    if (key.startsWith('"') || key.startsWith('\''))
        key = key.mid(1, key.size() - 2);
    if (value) {
        QByteArray rest = s.mid(colon + 1);
        const qsizetype comment = rest.indexOf(" #");
        *value = (comment >= 0 ? rest.left(comment) : rest).trimmed();
    }
    return QString::fromUtf8(key);
}

// A value as flow-style YAML: JSON's text for scalars (YAML reads it as the same value).
QByteArray flow(const QJsonValue &value)
{
    if (value.isArray() || value.isObject()) {
        QList<QByteArray> items;
        if (value.isArray()) {
            for (const QJsonValue &v : value.toArray())
                items << flow(v);
            return '[' + items.join(", ") + ']';
        }
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            items << flow(it.key()) + ": " + flow(it.value());
        return '{' + items.join(", ") + '}';
    }
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

// `entry`'s keys as `key: value` lines at `indent`, in the order Goose writes them.
Lines entryLines(const QJsonObject &entry, int indent)
{
    QStringList keys;
    for (const char *k :
        {"enabled", "type", "name", "description", "cmd", "args", "envs", "env_keys", "timeout"})
        if (entry.contains(QLatin1String(k)))
            keys << QLatin1String(k);
    for (const QString &k : entry.keys())
        if (!keys.contains(k))
            keys << k;
    Lines out;
    for (const QString &k : keys)
        out << QByteArray(indent, ' ') + k.toUtf8() + ": " + flow(entry.value(k));
    return out;
}

struct Layout
{
    int top = -1; // the `key:` line
    int end = 0; // one past its block
    int childIndent = 2;
    int child = -1; // the `name:` line
    int childEnd = 0; // one past the child's block
};

Layout locate(const Lines &lines, const QString &key, const QString &name)
{
    Layout l;
    for (int i = 0; i < lines.size() && l.top < 0; ++i)
        if (indentOf(lines[i]) == 0 && keyOf(lines[i]) == key)
            l.top = i;
    if (l.top < 0)
        return l;
    int indent = -1;
    l.end = l.top + 1;
    for (; l.end < lines.size(); ++l.end) {
        const int n = indentOf(lines[l.end]);
        if (n == 0)
            break;
        if (n > 0 && indent < 0)
            indent = n;
    }
    if (indent > 0)
        l.childIndent = indent;
    for (int i = l.top + 1; i < l.end && l.child < 0; ++i)
        if (indentOf(lines[i]) == l.childIndent && keyOf(lines[i]) == name)
            l.child = i;
    if (l.child < 0)
        return l;
    l.childEnd = l.child + 1;
    while (l.childEnd < l.end) {
        const int n = indentOf(lines[l.childEnd]);
        if (n >= 0 && n <= l.childIndent)
            break;
        ++l.childEnd;
    }
    return l;
}

// A scalar as YAML reads the ones Goose writes: JSON's text as JSON (numbers, true, quoted
// strings), anything else a plain string with its quotes gone.
QJsonValue scalar(const QByteArray &text)
{
    const QByteArray t = text.trimmed();
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson('[' + t + ']', &error);
    if (error.error == QJsonParseError::NoError && doc.array().size() == 1)
        return doc.array().at(0);
    if (t.size() >= 2 && (t.startsWith('\'') || t.startsWith('"')) && t.endsWith(t[0]))
        return QString::fromUtf8(t.mid(1, t.size() - 2));
    return t == "null" || t == "~" ? QJsonValue() : QJsonValue(QString::fromUtf8(t));
}

// `[a, b]` or `{k: v}` with scalars only (no comma inside a value).
QJsonValue flowValue(const QByteArray &text)
{
    const QByteArray inner = text.mid(1, text.size() - 2).trimmed();
    const QList<QByteArray> items = inner.isEmpty() ? QList<QByteArray>() : inner.split(',');
    if (text.startsWith('[')) {
        QJsonArray out;
        for (const QByteArray &item : items)
            out.append(scalar(item));
        return out;
    }
    QJsonObject out;
    for (const QByteArray &item : items) {
        QByteArray value;
        const QString key = keyOf(item, &value);
        if (key.isEmpty())
            return QJsonValue::Undefined;
        out.insert(key, scalar(value));
    }
    return out;
}

} // namespace

QStringList IdeConfigYaml::names(const QByteArray &text, const QString &key)
{
    const Lines lines = text.split('\n');
    const Layout l = locate(lines, key, QString());
    QStringList out;
    if (l.top < 0)
        return out;
    for (int i = l.top + 1; i < l.end; ++i) {
        const QString name = indentOf(lines[i]) == l.childIndent ? keyOf(lines[i]) : QString();
        if (!name.isEmpty())
            out << name;
    }
    return out;
}

QJsonObject IdeConfigYaml::entry(const QByteArray &text, const QString &key, const QString &name)
{
    const Lines lines = entryText(text, key, name).split('\n');
    int inner = -1;
    for (const QByteArray &line : lines)
        if (inner < 0)
            inner = indentOf(line);
    QJsonObject out;
    for (int i = 0; i < lines.size(); ++i) {
        QByteArray value;
        const QString k = indentOf(lines[i]) == inner ? keyOf(lines[i], &value) : QString();
        if (k.isEmpty())
            continue;
        if (value.startsWith('[') || value.startsWith('{')) {
            const QJsonValue v = flowValue(value);
            if (!v.isUndefined())
                out.insert(k, v);
            continue;
        }
        if (!value.isEmpty()) {
            out.insert(k, scalar(value));
            continue;
        }
        // A block below: `- item` lines (serde_yaml puts them at the key's own indent) or
        // `k: v` lines further in.
        QJsonArray sequence;
        QJsonObject mapping;
        for (int j = i + 1; j < lines.size(); ++j) {
            const int n = indentOf(lines[j]);
            if (n < 0)
                continue;
            const QByteArray item = lines[j].mid(n);
            if (n < inner || (n == inner && !item.startsWith("- ")))
                break;
            QByteArray v;
            if (item.startsWith("- "))
                sequence.append(scalar(item.mid(2)));
            else if (const QString mk = keyOf(item, &v); !mk.isEmpty())
                mapping.insert(mk, scalar(v));
        }
        if (!sequence.isEmpty())
            out.insert(k, sequence);
        else if (!mapping.isEmpty())
            out.insert(k, mapping);
        else
            out.insert(k, QJsonValue()); // `k:` alone is YAML's null
    }
    return out;
}

QString IdeConfigYaml::block(const QString &key, const QString &name, const QJsonObject &entry)
{
    Lines lines {key.toUtf8() + ':', "  " + name.toUtf8() + ':'};
    lines += entryLines(entry, 4);
    return QString::fromUtf8(lines.join('\n') + '\n');
}

bool IdeConfigYaml::hasEntry(const QByteArray &text, const QString &key, const QString &name)
{
    return locate(text.split('\n'), key, name).child >= 0;
}

QByteArray IdeConfigYaml::entryText(const QByteArray &text, const QString &key, const QString &name)
{
    const Lines lines = text.split('\n');
    const Layout l = locate(lines, key, name);
    return l.child < 0 ? QByteArray() : lines.mid(l.child + 1, l.childEnd - l.child - 1).join('\n');
}

Result<QByteArray> IdeConfigYaml::withEntry(const QByteArray &text, const QString &key,
    const QString &name, const QJsonObject &entry, bool *existed)
{
    Lines lines = text.split('\n');
    Layout l = locate(lines, key, name);
    if (existed)
        *existed = l.child >= 0;
    if (l.top < 0) {
        while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
            lines.removeLast();
        return QByteArray((lines.isEmpty() ? QByteArray() : lines.join('\n') + '\n')
            + block(key, name, entry).toUtf8());
    }
    QByteArray value;
    keyOf(lines[l.top], &value);
    if (value == "{}") { // an empty mapping in flow style: ours becomes its first child
        lines[l.top] = key.toUtf8() + ':';
    } else if (!value.isEmpty()) {
        return Error::make(Error::Code::InvalidArgument,
            tr("\"%1\" is not written as a block of entries, one per line, so HOPX Desktop did "
               "not change the file. Add the configuration by hand.")
                .arg(key));
    }
    const int indent = l.childIndent;
    if (l.child < 0) {
        int last = l.top; // after the block's last line that holds something
        for (int i = l.top + 1; i < l.end; ++i)
            if (indentOf(lines[i]) > 0)
                last = i;
        Lines ours {QByteArray(indent, ' ') + name.toUtf8() + ':'};
        ours += entryLines(entry, indent + 2);
        for (int i = 0; i < ours.size(); ++i)
            lines.insert(last + 1 + i, ours[i]);
        return lines.join('\n');
    }
    // Our child exists: its lines for the keys we set go, the user's other keys stay.
    int inner = -1;
    for (int i = l.child + 1; i < l.childEnd && inner < 0; ++i)
        inner = indentOf(lines[i]);
    if (inner <= indent)
        inner = indent + 2;
    Lines kept;
    bool skipping = false;
    for (int i = l.child + 1; i < l.childEnd; ++i) {
        const QByteArray &line = lines[i];
        const int n = indentOf(line);
        if (n == inner && !line.mid(n).startsWith("- ") && line.mid(n) != "-") {
            skipping = entry.contains(keyOf(line));
        } else if (n < 0) {
            kept << line; // blank lines and comments stay where they were
            continue;
        }
        if (!skipping)
            kept << line; // a kept key, or a line of its value
    }
    Lines body = entryLines(entry, inner) + kept;
    lines.erase(lines.begin() + l.child + 1, lines.begin() + l.childEnd);
    for (int i = 0; i < body.size(); ++i)
        lines.insert(l.child + 1 + i, body[i]);
    return lines.join('\n');
}

} // namespace Hopx::Core
