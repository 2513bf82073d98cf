// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigJsonc.h"

#include "core/ide/IdeConfig.h"
#include "core/ide/IdeConfigJsonText.h"

#include <QStringList>

namespace Hopx::Core {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

QByteArray indentOfLine(const QByteArray &text, qsizetype at)
{
    const qsizetype start = text.lastIndexOf('\n', at - 1) + 1;
    qsizetype end = start;
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
        ++end;
    return text.mid(start, end - start);
}

// `"name": value` as IdeConfig::toText() writes a member, each line starting with `indent`.
QByteArray member(const QString &name, const QJsonValue &value, const QByteArray &indent)
{
    QStringList lines =
        IdeConfig::toText(QJsonObject {{name, value}}).trimmed().split(QLatin1Char('\n'));
    lines = lines.mid(1, lines.size() - 2); // the braces around the one member
    QByteArray out;
    for (const QString &line : lines)
        out += (out.isEmpty() ? QByteArray() : QByteArray("\n")) + indent + line.toUtf8();
    return out;
}

// `object` (the span of `{...}` in `text`) with a member inserted first.
void insertFirst(QByteArray *text, const QByteArray &plain, IdeConfigJsonText::Span object,
    const QString &name, const QJsonValue &value)
{
    const QByteArray outer = indentOfLine(*text, object.begin);
    const QByteArray inner = member(name, value, outer + "  ");
    bool empty = true;
    for (qsizetype i = object.begin + 1; i < object.end - 1 && empty; ++i)
        empty = isSpace(plain[i]);
    if (empty && !text->mid(object.begin, object.end - object.begin).contains('/'))
        text->replace(object.begin, object.end - object.begin,
            QByteArray("{\n" + inner + "\n" + outer + "}"));
    else
        text->insert(object.begin + 1, QByteArray("\n" + inner + (empty ? "" : ",")));
}

} // namespace

QByteArray IdeConfigJsonc::blank(const QByteArray &text)
{
    QByteArray out = text;
    enum { Code, String, Line, Block } state = Code;
    qsizetype comma = -1; // a comma that is trailing if a closing bracket comes next
    for (qsizetype i = 0; i < out.size(); ++i) {
        const char c = out[i];
        const char next = i + 1 < out.size() ? out[i + 1] : '\0';
        switch (state) {
        case String:
            if (c == '\\')
                ++i;
            else if (c == '"')
                state = Code;
            break;
        case Line:
            if (c == '\n')
                state = Code;
            else
                out[i] = ' ';
            break;
        case Block:
            if (c == '*' && next == '/') {
                out[i] = out[i + 1] = ' ';
                ++i;
                state = Code;
            } else if (c != '\n') {
                out[i] = ' ';
            }
            break;
        case Code:
            if (c == '/' && (next == '/' || next == '*')) {
                state = next == '/' ? Line : Block;
                out[i] = out[i + 1] = ' ';
                ++i;
                break;
            }
            if (isSpace(c))
                break;
            if ((c == '}' || c == ']') && comma >= 0)
                out[comma] = ' ';
            comma = c == ',' ? i : -1;
            if (c == '"')
                state = String;
            break;
        }
    }
    return out;
}

QByteArray IdeConfigJsonc::withEntry(
    const QByteArray &text, const QString &container, const QString &name, const QJsonObject &entry)
{
    QByteArray out = text;
    const QByteArray plain = blank(text);
    if (const auto old = IdeConfigJsonText::find(plain, {container, name})) {
        out.replace(
            old->begin, old->end - old->begin, IdeConfigJsonText::render(entry, out, old->begin));
        return out;
    }
    const auto servers = IdeConfigJsonText::find(plain, {container});
    if (servers && plain[servers->begin] == '{') {
        insertFirst(&out, plain, *servers, name, entry);
        return out;
    }
    const auto root = IdeConfigJsonText::find(plain, {});
    if (!root || plain[root->begin] != '{')
        return {};
    insertFirst(&out, plain, *root, container, QJsonObject {{name, entry}});
    return out;
}

} // namespace Hopx::Core
