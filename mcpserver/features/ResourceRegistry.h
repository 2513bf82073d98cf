// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/UriTemplate.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

namespace Hopx::Mcp {

/*! \brief MCP resources: static URIs and RFC 6570 templates, each with an async reader.
 *
 * An ordinary object owned by the app and shared by every session. Readers may answer at
 * once or later (a resource can live in a sandbox); they call the reply exactly once. The
 * session declares the `resources` capability only when something is registered.
 * notifyUpdated() is how the owner says a resource changed: sessions that subscribed to it
 * send notifications/resources/updated.
 */
class ResourceRegistry : public QObject
{
    Q_OBJECT
public:
    struct Resource
    {
        QString uri;
        QString name;
        QString title;
        QString description;
        QString mimeType;
        qint64 size = -1; // unknown
        QJsonObject toJson() const;
    };
    struct Template
    {
        QString uriTemplate;
        QString name;
        QString title;
        QString description;
        QString mimeType;
        QJsonObject toJson() const;
    };
    //! contents on success; otherwise a JSON-RPC error (-32002 "resource not found", …).
    struct ReadResult
    {
        QJsonArray contents;
        int errorCode = 0;
        QString errorMessage;
        bool ok() const { return errorCode == 0; }
        static ReadResult text(const QString &uri, const QString &mimeType, const QString &text);
        static ReadResult blob(
            const QString &uri, const QString &mimeType, const QByteArray &bytes);
        static ReadResult notFound(const QString &uri);
    };
    using Reply = std::function<void(const ReadResult &result)>;
    //! `variables` holds the template's matched values (empty for a static resource).
    using Reader = std::function<void(
        const QString &uri, const QHash<QString, QString> &variables, const Reply &reply)>;
    //! Candidate values for one argument, given what the user typed so far.
    using Completer = std::function<QStringList(
        const QString &argument, const QString &value, const QJsonObject &contextArguments)>;
    /*! The asking session's environment from the bridge's hello (HOPX_API_KEY, …): readers
     *  whose data depends on the client's own credentials (sandbox files) need it. */
    using SessionEnv = QMap<QString, QString>;
    using SessionReader = std::function<void(const QString &uri,
        const QHash<QString, QString> &variables, const SessionEnv &env, const Reply &reply)>;
    using SessionCompleter = std::function<QStringList(const QString &argument,
        const QString &value, const QJsonObject &contextArguments, const SessionEnv &env)>;

    using QObject::QObject;

    void addResource(const Resource &resource, Reader reader);
    void addTemplate(const Template &resourceTemplate, Reader reader, Completer completer = {});
    //! A template whose reader and completer see the asking session's environment.
    void addSessionTemplate(
        const Template &resourceTemplate, SessionReader reader, SessionCompleter completer = {});
    QList<Resource> resources() const;
    QList<Template> templates() const;
    bool isEmpty() const { return m_resources.isEmpty() && m_templates.isEmpty(); }
    bool hasTemplates() const { return !m_templates.isEmpty(); }

    //! Reads a static resource, else the first template that matches; unknown → notFound.
    void read(const QString &uri, const Reply &reply, const SessionEnv &env = {}) const;
    /*! Completion for a template variable (`ref` is the template or a resource URI). nullopt
     *  when `ref` names nothing registered or `argument` is not one of its variables. */
    std::optional<QStringList> complete(const QString &ref, const QString &argument,
        const QString &value, const QJsonObject &context, const SessionEnv &env = {}) const;

    //! The resource at `uri` changed: subscribed sessions tell their clients.
    void notifyUpdated(const QString &uri) { emit updated(uri); }

signals:
    void listChanged();
    void updated(const QString &uri);

private:
    struct StaticEntry
    {
        Resource resource;
        Reader reader;
    };
    struct TemplateEntry
    {
        Template resourceTemplate;
        UriTemplate matcher;
        SessionReader reader;
        SessionCompleter completer;
    };
    QList<StaticEntry> m_resources;
    QList<TemplateEntry> m_templates;
};

} // namespace Hopx::Mcp
