// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/ResourceRegistry.h"

#include "json/JsonRpc.h"

namespace Hopx::Mcp {

namespace {
void insertIfSet(QJsonObject &o, const QString &key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}
} // namespace

QJsonObject ResourceRegistry::Resource::toJson() const
{
    QJsonObject o {{QStringLiteral("uri"), uri}, {QStringLiteral("name"), name}};
    insertIfSet(o, QStringLiteral("title"), title);
    insertIfSet(o, QStringLiteral("description"), description);
    insertIfSet(o, QStringLiteral("mimeType"), mimeType);
    if (size >= 0)
        o.insert(QStringLiteral("size"), size);
    return o;
}

QJsonObject ResourceRegistry::Template::toJson() const
{
    QJsonObject o {{QStringLiteral("uriTemplate"), uriTemplate}, {QStringLiteral("name"), name}};
    insertIfSet(o, QStringLiteral("title"), title);
    insertIfSet(o, QStringLiteral("description"), description);
    insertIfSet(o, QStringLiteral("mimeType"), mimeType);
    return o;
}

ResourceRegistry::ReadResult ResourceRegistry::ReadResult::text(
    const QString &uri, const QString &mimeType, const QString &text)
{
    QJsonObject c {{QStringLiteral("uri"), uri}, {QStringLiteral("text"), text}};
    insertIfSet(c, QStringLiteral("mimeType"), mimeType);
    return ReadResult {QJsonArray {c}, 0, {}};
}

ResourceRegistry::ReadResult ResourceRegistry::ReadResult::blob(
    const QString &uri, const QString &mimeType, const QByteArray &bytes)
{
    // Plain base64: no line breaks, no data: prefix (mcp.md §17.12).
    QJsonObject c {{QStringLiteral("uri"), uri},
        {QStringLiteral("blob"), QString::fromLatin1(bytes.toBase64())}};
    insertIfSet(c, QStringLiteral("mimeType"), mimeType);
    return ReadResult {QJsonArray {c}, 0, {}};
}

ResourceRegistry::ReadResult ResourceRegistry::ReadResult::notFound(const QString &uri)
{
    return ReadResult {
        {}, JsonRpc::ResourceNotFound, QStringLiteral("Resource not found: %1").arg(uri)};
}

void ResourceRegistry::addResource(const Resource &resource, Reader reader)
{
    for (StaticEntry &e : m_resources) {
        if (e.resource.uri == resource.uri) {
            e = StaticEntry {resource, std::move(reader)};
            emit listChanged();
            return;
        }
    }
    m_resources.append(StaticEntry {resource, std::move(reader)});
    emit listChanged();
}

void ResourceRegistry::addTemplate(
    const Template &resourceTemplate, Reader reader, Completer completer)
{
    SessionCompleter sessionCompleter;
    if (completer)
        sessionCompleter = [completer](const QString &argument, const QString &value,
                               const QJsonObject &context,
                               const SessionEnv &) { return completer(argument, value, context); };
    addSessionTemplate(
        resourceTemplate,
        [reader](const QString &uri, const QHash<QString, QString> &variables, const SessionEnv &,
            const Reply &reply) { reader(uri, variables, reply); },
        sessionCompleter);
}

void ResourceRegistry::addSessionTemplate(
    const Template &resourceTemplate, SessionReader reader, SessionCompleter completer)
{
    UriTemplate matcher(resourceTemplate.uriTemplate);
    if (!matcher.isValid()) {
        qWarning("ResourceRegistry: ignoring invalid URI template %s",
            qPrintable(resourceTemplate.uriTemplate));
        return;
    }
    TemplateEntry entry {resourceTemplate, matcher, std::move(reader), std::move(completer)};
    for (TemplateEntry &e : m_templates) {
        if (e.resourceTemplate.uriTemplate == resourceTemplate.uriTemplate) {
            e = entry;
            emit listChanged();
            return;
        }
    }
    m_templates.append(entry);
    emit listChanged();
}

QList<ResourceRegistry::Resource> ResourceRegistry::resources() const
{
    QList<Resource> out;
    out.reserve(m_resources.size());
    for (const StaticEntry &e : m_resources)
        out.append(e.resource);
    return out;
}

QList<ResourceRegistry::Template> ResourceRegistry::templates() const
{
    QList<Template> out;
    out.reserve(m_templates.size());
    for (const TemplateEntry &e : m_templates)
        out.append(e.resourceTemplate);
    return out;
}

void ResourceRegistry::read(const QString &uri, const Reply &reply, const SessionEnv &env) const
{
    for (const StaticEntry &e : m_resources) {
        if (e.resource.uri == uri) {
            e.reader(uri, {}, reply);
            return;
        }
    }
    for (const TemplateEntry &e : m_templates) {
        if (const auto variables = e.matcher.match(uri)) {
            e.reader(uri, *variables, env, reply);
            return;
        }
    }
    reply(ReadResult::notFound(uri));
}

std::optional<QStringList> ResourceRegistry::complete(const QString &ref, const QString &argument,
    const QString &value, const QJsonObject &context, const SessionEnv &env) const
{
    for (const TemplateEntry &e : m_templates) {
        if (e.resourceTemplate.uriTemplate != ref)
            continue;
        if (!e.matcher.variableNames().contains(argument))
            return std::nullopt;
        return e.completer ? e.completer(argument, value, context, env) : QStringList {};
    }
    return std::nullopt;
}

} // namespace Hopx::Mcp
