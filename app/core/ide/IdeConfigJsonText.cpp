// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigJsonText.h"

#include "core/ide/IdeConfig.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Hopx::Core {

namespace {

QString scalar(const QJsonValue &value)
{
    // QJsonDocument does the escaping; only the brackets around it go.
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

void write(QString &out, const QJsonValue &value, int depth)
{
    const QString pad(2 * depth, QLatin1Char(' '));
    const QString inner(2 * (depth + 1), QLatin1Char(' '));
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += QStringLiteral("{}");
            return;
        }
        // The keys an MCP server entry is read by come first, the rest in order.
        QStringList keys;
        for (const char *first : {"type", "command", "args", "env"})
            if (object.contains(QLatin1String(first)))
                keys << QLatin1String(first);
        for (const QString &k : object.keys())
            if (!keys.contains(k))
                keys << k;
        out += QStringLiteral("{\n");
        for (int i = 0; i < keys.size(); ++i) {
            out += inner + scalar(keys.at(i)) + QStringLiteral(": ");
            write(out, object.value(keys.at(i)), depth + 1);
            out += i + 1 < keys.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += pad + QLatin1Char('}');
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        bool flat = true;
        int width = 0;
        for (const QJsonValue &v : array) {
            flat = flat && !v.isObject() && !v.isArray();
            width += int(scalar(v).size()) + 2;
        }
        if (flat && width <= 72) {
            QStringList items;
            for (const QJsonValue &v : array)
                items << scalar(v);
            out += QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
            return;
        }
        out += QStringLiteral("[\n");
        for (qsizetype i = 0; i < array.size(); ++i) {
            out += inner;
            write(out, array.at(i), depth + 1);
            out += i + 1 < array.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += pad + QLatin1Char(']');
        return;
    }
    out += scalar(value);
}

struct Scanner
{
    const QByteArray &text;
    qsizetype pos = 0;

    void space()
    {
        while (pos < text.size()
            && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
            ++pos;
    }

    // A string token, decoded (QJsonDocument does the unescaping); pos after it.
    std::optional<QString> string()
    {
        if (pos >= text.size() || text[pos] != '"')
            return std::nullopt;
        const qsizetype start = pos++;
        while (pos < text.size() && text[pos] != '"')
            pos += text[pos] == '\\' ? 2 : 1;
        if (pos >= text.size())
            return std::nullopt;
        ++pos;
        const QByteArray wrapped = '[' + text.mid(start, pos - start) + ']';
        return QJsonDocument::fromJson(wrapped).array().at(0).toString();
    }

    // Skips one value of any kind; false on malformed text.
    bool value()
    {
        space();
        if (pos >= text.size())
            return false;
        const char c = text[pos];
        if (c == '"')
            return string().has_value();
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++pos;
            for (;;) {
                space();
                if (pos < text.size() && text[pos] == close) {
                    ++pos;
                    return true;
                }
                if (c == '{') {
                    if (!string())
                        return false;
                    space();
                    if (pos >= text.size() || text[pos] != ':')
                        return false;
                    ++pos;
                }
                if (!value())
                    return false;
                space();
                if (pos < text.size() && text[pos] == ',')
                    ++pos;
            }
        }
        while (pos < text.size() && !QByteArray(",]} \t\r\n").contains(text[pos]))
            ++pos; // number, true, false, null
        return true;
    }
};

} // namespace

std::optional<IdeConfigJsonText::Span> IdeConfigJsonText::find(
    const QByteArray &text, const QStringList &path)
{
    Scanner s {text};
    s.space();
    for (const QString &key : path) {
        if (s.pos >= text.size() || text[s.pos] != '{')
            return std::nullopt;
        ++s.pos;
        bool found = false;
        for (;;) {
            s.space();
            if (s.pos < text.size() && text[s.pos] == '}')
                return std::nullopt;
            const auto name = s.string();
            if (!name)
                return std::nullopt;
            s.space();
            if (s.pos >= text.size() || text[s.pos] != ':')
                return std::nullopt;
            ++s.pos;
            s.space();
            if (*name == key) {
                found = true;
                break;
            }
            if (!s.value())
                return std::nullopt;
            s.space();
            if (s.pos < text.size() && text[s.pos] == ',')
                ++s.pos;
        }
        if (!found)
            return std::nullopt;
    }
    const qsizetype begin = s.pos;
    if (!s.value())
        return std::nullopt;
    return Span {begin, s.pos};
}

QByteArray IdeConfigJsonText::render(
    const QJsonObject &object, const QByteArray &text, qsizetype at)
{
    const qsizetype lineStart = text.lastIndexOf('\n', at - 1) + 1;
    qsizetype indentEnd = lineStart;
    while (indentEnd < text.size() && (text[indentEnd] == ' ' || text[indentEnd] == '\t'))
        ++indentEnd;
    const QByteArray indent = text.mid(lineStart, indentEnd - lineStart);
    QByteArray out = IdeConfig::toText(object).trimmed().toUtf8();
    const QByteArray newline = QByteArray("\n") + indent;
    out.replace(QByteArray("\n"), newline);
    return out;
}

QString IdeConfigJsonText::write(const QJsonObject &object)
{
    QString out;
    Hopx::Core::write(out, object, 0);
    return out + QLatin1Char('\n');
}

} // namespace Hopx::Core
