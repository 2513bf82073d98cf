// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/ToolSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/tools/Schema.h"
#include "core/tools/ToolArgs.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QMimeDatabase>
#include <QPointer>
#include <QStringDecoder>
#include <QUrl>

namespace Hopx::Core::Tools {

QJsonObject errorDict(const Error &error, const QJsonObject &extra)
{
    QJsonObject dict = error.details;
    for (auto it = extra.begin(); it != extra.end(); ++it)
        if (!dict.contains(it.key()))
            dict.insert(it.key(), it.value());
    dict.insert(QStringLiteral("error"), error.error.isEmpty() ? error.message : error.error);
    if (!error.error.isEmpty() && error.error != error.message)
        dict.insert(QStringLiteral("message"), error.message);
    return dict;
}

void finishWithError(Mcp::ToolCall *call, const Error &error, const QJsonObject &extra)
{
    call->finish(Mcp::ToolResult::structured(errorDict(error, extra), true));
}

void finishWithInvalid(Mcp::ToolCall *call, const QString &message, const QJsonObject &provided)
{
    call->finish(Mcp::ToolResult::structured(
        QJsonObject {{QStringLiteral("error"), QStringLiteral("Invalid parameters")},
            {QStringLiteral("message"), message}, {QStringLiteral("provided"), provided}},
        true));
}

namespace {
//! `provider`, or nullptr after finishing the call when it is missing (`missing` says why) or
//! unavailable.
SandboxProvider *checkedProvider(
    Mcp::ToolCall *call, SandboxProvider *provider, const QString &missing)
{
    if (!provider) {
        finishWithError(call, Error::make(Error::Code::Unavailable, missing));
        return nullptr;
    }
    const QString reason = provider->unavailableReason().english();
    if (!reason.isEmpty()) {
        finishWithError(call,
            Error::make(Error::Code::Unavailable, reason,
                QJsonObject {{QStringLiteral("provider"), provider->id()}}));
        return nullptr;
    }
    return provider;
}

SandboxProvider *checkedProvider(Mcp::ToolCall *call, SandboxManager *manager, const QString &kind)
{
    return checkedProvider(call, manager->provider(kind, call->connectionEnv()),
        QStringLiteral("The %1 provider is not available in this "
                       "build of HOPX Desktop. Use provider \"local\".")
            .arg(kind));
}
} // namespace

SandboxProvider *providerForArg(
    Mcp::ToolCall *call, SandboxManager *manager, const ToolArgs &args, QString *id)
{
    *id = args.string(QStringLiteral("sandbox_id"));
    SandboxProvider *p = providerFor(call, manager, *id);
    if (p)
        manager->noteActivity(*id, call->toolName());
    return p;
}

SandboxProvider *providerFor(Mcp::ToolCall *call, SandboxManager *manager, const QString &sandboxId)
{
    if (sandboxId.trimmed().isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("sandbox_id is required: create one with create_sandbox "
                           "or list them with list_sandboxes."),
            QJsonObject {{QStringLiteral("sandbox_id"), sandboxId}});
        return nullptr;
    }
    // The provider that claims the id, for this connection (its own cloud key, if any).
    return checkedProvider(call, manager->providerForSandbox(sandboxId, call->connectionEnv()),
        QStringLiteral("No provider in this build of HOPX Desktop runs sandbox %1. Use provider "
                       "\"local\".")
            .arg(sandboxId));
}

SandboxProvider *providerForNew(
    Mcp::ToolCall *call, SandboxManager *manager, const QString &requested)
{
    const QString kind = requested.isEmpty() ? manager->defaultProviderKind(call->connectionEnv())
                                             : requested.toLower();
    return checkedProvider(call, manager, kind);
}

QList<SandboxProvider *> connectionProviders(Mcp::ToolCall *call, SandboxManager *manager)
{
    QList<SandboxProvider *> out;
    if (!manager)
        return out;
    for (SandboxProvider *registered : manager->providers())
        if (SandboxProvider *p = manager->provider(registered->id(), call->connectionEnv()))
            out.append(p);
    return out;
}

SandboxProvider *providerOf(
    SandboxManager *manager, const QString &sandboxId, const QMap<QString, QString> &connectionEnv)
{
    return manager->providerForSandbox(sandboxId, connectionEnv);
}

void destroySandbox(SandboxProvider *provider, const QString &sandboxId, Callback<Unit> done)
{
    onCapability<SandboxLifecycle>(
        provider, sandboxId, std::move(done), [](SandboxLifecycle *lifecycle, Callback<Unit> done) {
            lifecycle->destroy(std::move(done));
        });
}

void askUser(Mcp::ToolCall *call, const UserQuestion &question,
    std::function<void(Mcp::ToolCall *, bool allowed, const QString &why)> answer)
{
    askClientUser(call, question,
        [answer = std::move(answer)](Mcp::ToolCall *call, ClientAnswer said, const QString &why) {
            answer(call, said == ClientAnswer::Yes, why);
        });
}

void askClientUser(Mcp::ToolCall *call, const UserQuestion &question,
    std::function<void(Mcp::ToolCall *, ClientAnswer said, const QString &why)> answer)
{
    const QJsonObject schema {{QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
            QJsonObject {{QStringLiteral("allow"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("boolean")},
                    {QStringLiteral("title"), question.title},
                    {QStringLiteral("description"), question.description},
                    {QStringLiteral("default"), false}}}}},
        {QStringLiteral("required"), QJsonArray {QStringLiteral("allow")}}};
    const QJsonObject params {
        {QStringLiteral("message"), question.message}, {QStringLiteral("requestedSchema"), schema}};
    QPointer<Mcp::ToolCall> guard(call);
    QElapsedTimer asked;
    asked.start();
    call->requestFromClient(QStringLiteral("elicitation/create"), params,
        [guard, asked, answer = std::move(answer)](const Mcp::ToolCall::ClientReply &reply) {
            if (!guard || guard->isCancelled() || guard->isFinished())
                return;
            const QString action = reply.result.value(QStringLiteral("action")).toString();
            const bool accepted = reply.ok && action == QLatin1String("accept");
            // Nobody reads a question and says no this fast: a client that declines everything
            // without showing it (Codex exec declines, claude -p cancels) asked no one.
            const bool human = asked.elapsed() >= kHumanAnswerMs;
            const bool allowed = accepted
                && reply.result.value(QStringLiteral("content"))
                       .toObject()
                       .value(QStringLiteral("allow"))
                       .toBool();
            const QString why = allowed ? QString()
                : !reply.ok
                ? QStringLiteral("the question could not be asked (%1)").arg(reply.errorMessage)
                : QStringLiteral("the answer was \"%1\"")
                      .arg(accepted ? QStringLiteral("no") : action);
            const bool no = accepted || action == QLatin1String("decline");
            const ClientAnswer said = allowed ? ClientAnswer::Yes
                : no && human                 ? ClientAnswer::No
                                              : ClientAnswer::Unasked;
            answer(guard, said, why);
        });
}

QString sandboxFileUri(const QString &sandboxId, const QString &path)
{
    return QStringLiteral("sandbox://") + sandboxId
        + QString::fromLatin1(QUrl::toPercentEncoding(path, "/"));
}

QString fileMimeType(const QString &path, const QByteArray &head)
{
    const QMimeDatabase mimes;
    // Stateful: a sequence cut at the end of the head is pending, not an error.
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QByteArray sample = head.left(64 * 1024);
    const QString text = decoder.decode(sample);
    const bool looksText = !sample.contains('\0') && !decoder.hasError();
    if (head.isEmpty() || looksText) {
        // The extension names text formats best (JSON, CSV, Python); content sniffing cannot.
        const QMimeType byName = mimes.mimeTypeForFile(path, QMimeDatabase::MatchExtension);
        if (byName.isValid() && !byName.isDefault())
            return byName.name();
        if (!head.isEmpty())
            return QStringLiteral("text/plain");
        return QStringLiteral("application/octet-stream");
    }
    return mimes.mimeTypeForFileNameAndData(path, head).name();
}

QJsonObject sandboxToJson(const SandboxInfo &info, const QString &idKey)
{
    QJsonObject o {{idKey, info.id}, {QStringLiteral("provider"), info.provider},
        {QStringLiteral("status"), info.status.name()},
        {QStringLiteral("template_name"), info.templateName},
        {QStringLiteral("template_id"),
            info.templateId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(info.templateId)},
        {QStringLiteral("region"),
            info.region.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(info.region)},
        {QStringLiteral("created_at"),
            info.createdAt.isValid() ? QJsonValue(info.createdAt.toUTC().toString(Qt::ISODate))
                                     : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("timeout_seconds"),
            info.timeoutSeconds > 0 ? QJsonValue(info.timeoutSeconds)
                                    : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("internet_access"), info.internetAccess}};
    if (info.expiresAt.isValid())
        o.insert(QStringLiteral("expires_at"), info.expiresAt.toUTC().toString(Qt::ISODate));
    // The id is under idKey only: a HOPX object's own "id" would give list items both keys
    // (hopx-mcp's list items have sandbox_id alone, its get_sandbox id alone).
    for (auto it = info.extra.begin(); it != info.extra.end(); ++it)
        if (!o.contains(it.key()) && it.key() != QLatin1String("id")
            && it.key() != QLatin1String("sandbox_id"))
            o.insert(it.key(), it.value());
    return o;
}

QString normaliseLanguage(const QString &language)
{
    const QString l = language.trimmed().toLower();
    if (l == QLatin1String("python") || l == QLatin1String("python3") || l == QLatin1String("py"))
        return QStringLiteral("python");
    if (l == QLatin1String("javascript") || l == QLatin1String("js") || l == QLatin1String("node")
        || l == QLatin1String("nodejs"))
        return QStringLiteral("javascript");
    if (l == QLatin1String("bash") || l == QLatin1String("sh") || l == QLatin1String("shell"))
        return QStringLiteral("bash");
    if (l == QLatin1String("go") || l == QLatin1String("golang"))
        return QStringLiteral("go");
    return {};
}

QString defaultTemplateName()
{
    return QStringLiteral("code-interpreter");
}

QJsonObject sandboxIdSchema()
{
    return Schema::string(QStringLiteral("From create_sandbox."));
}

QJsonObject providerSchema(const QList<ProviderKind> &kinds)
{
    QStringList ids;
    QStringList lines;
    for (const ProviderKind &k : kinds) {
        ids << k.id;
        lines << k.id + QStringLiteral(": ") + k.summary;
    }
    return Schema::stringEnum(
        lines.join(QStringLiteral("; ")) + QStringLiteral(". Default: the app's setting."), ids);
}

} // namespace Hopx::Core::Tools
