// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/PromptRegistry.h"

#include <QJsonArray>

namespace Hopx::Mcp {

QJsonObject PromptRegistry::Prompt::toJson() const
{
    QJsonObject o {{QStringLiteral("name"), name}, {QStringLiteral("description"), description}};
    if (!title.isEmpty())
        o.insert(QStringLiteral("title"), title);
    if (!arguments.isEmpty()) {
        QJsonArray args;
        for (const Argument &a : arguments) {
            QJsonObject arg {
                {QStringLiteral("name"), a.name}, {QStringLiteral("required"), a.required}};
            if (!a.title.isEmpty())
                arg.insert(QStringLiteral("title"), a.title);
            if (!a.description.isEmpty())
                arg.insert(QStringLiteral("description"), a.description);
            args.append(arg);
        }
        o.insert(QStringLiteral("arguments"), args);
    }
    return o;
}

void PromptRegistry::add(const Prompt &prompt, Getter getter, Completer completer)
{
    put(Entry {prompt, std::move(getter), std::move(completer), {}});
}

void PromptRegistry::addAsking(const Prompt &prompt, InputGetter getter)
{
    put(Entry {prompt, {}, {}, std::move(getter)});
}

void PromptRegistry::put(const Entry &entry)
{
    const Prompt &prompt = entry.prompt;
    for (Entry &e : m_entries) {
        if (e.prompt.name == prompt.name) {
            e = entry;
            emit listChanged();
            return;
        }
    }
    m_entries.append(entry);
    emit listChanged();
}

const PromptRegistry::Entry *PromptRegistry::find(const QString &name) const
{
    for (const Entry &e : m_entries)
        if (e.prompt.name == name)
            return &e;
    return nullptr;
}

QList<PromptRegistry::Prompt> PromptRegistry::prompts() const
{
    QList<Prompt> out;
    out.reserve(m_entries.size());
    for (const Entry &e : m_entries)
        out.append(e.prompt);
    return out;
}

} // namespace Hopx::Mcp
