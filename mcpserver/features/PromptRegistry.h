// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

namespace Hopx::Mcp {

/*! \brief MCP prompts: name → {arguments, getter, optional argument completer}.
 *
 * An ordinary object owned by the app and shared by every session. The session checks
 * prompts/get arguments (all strings, every required one present) before the getter runs,
 * so a getter only builds the GetPromptResult ({description?, messages}). Getters are
 * synchronous: a prompt is a template, not a job. One that needs the client's input (2026-07-28
 * input requests) asks through its Ask and gets the answer when the request carried it; until
 * then the request is answered as input-required (legacy clients: never, the getter does
 * without).
 */
class PromptRegistry : public QObject
{
    Q_OBJECT
public:
    struct Argument
    {
        QString name;
        QString title;
        QString description;
        bool required = false;
    };
    struct Prompt
    {
        QString name;
        QString title;
        QString description;
        QList<Argument> arguments;
        QJsonObject toJson() const;
    };
    using Getter = std::function<QJsonObject(const QMap<QString, QString> &arguments)>;
    //! The client's answer to the question `key` (an elicitation/create …), if it gave one.
    using Ask = std::function<std::optional<QJsonObject>(
        const QString &key, const QString &method, const QJsonObject &params)>;
    using InputGetter =
        std::function<QJsonObject(const QMap<QString, QString> &arguments, const Ask &ask)>;
    using Completer = std::function<QStringList(
        const QString &argument, const QString &value, const QJsonObject &contextArguments)>;
    struct Entry
    {
        Prompt prompt;
        Getter getter;
        Completer completer;
        InputGetter inputGetter; // instead of getter, for prompts that ask
    };

    using QObject::QObject;

    void add(const Prompt &prompt, Getter getter, Completer completer = {});
    void addAsking(const Prompt &prompt, InputGetter getter);
    const Entry *find(const QString &name) const;
    QList<Prompt> prompts() const;
    bool isEmpty() const { return m_entries.isEmpty(); }

signals:
    void listChanged();

private:
    void put(const Entry &entry);

    QList<Entry> m_entries;
};

} // namespace Hopx::Mcp
