// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/manager/ProviderKind.h"

// What every tool group shares: provider lookup, hopx-mcp-shaped errors, sandbox dicts,
// and callbacks that are safe when the call was cancelled or its client went away.

#include "core/base/Later.h"
#include "core/base/Result.h"
#include "core/manager/SandboxProvider.h"
#include "core/sandbox/SandboxTypes.h"

#include "tools/ToolCall.h"

#include <QPointer>

#include <array>
#include <functional>
#include <type_traits>
#include <utility>

namespace Hopx::Core {
class SandboxManager;
} // namespace Hopx::Core

namespace Hopx::Core::Tools {

class ToolArgs;

//! {error, message, ...details, ...extra}: hopx-mcp's error dict plus a sentence to act on.
QJsonObject errorDict(const Error &error, const QJsonObject &extra = {});
void finishWithError(Mcp::ToolCall *call, const Error &error, const QJsonObject &extra = {});
//! A bad argument value found after schema validation, in hopx-mcp's {error, message, provided}.
void finishWithInvalid(Mcp::ToolCall *call, const QString &message, const QJsonObject &provided);

/*! The provider that owns `sandboxId`, or nullptr after finishing the call with an error
 *  that says what to do. Tools find providers through these helpers only. */
SandboxProvider *providerFor(
    Mcp::ToolCall *call, SandboxManager *manager, const QString &sandboxId);
//! providerFor() the call's `sandbox_id` argument (into `*id`), noting the activity on it.
SandboxProvider *providerForArg(
    Mcp::ToolCall *call, SandboxManager *manager, const ToolArgs &args, QString *id);
/*! The provider for a new sandbox: `requested` (a provider id, or empty for the default). */
SandboxProvider *providerForNew(
    Mcp::ToolCall *call, SandboxManager *manager, const QString &requested);

//! Every provider, as the call's connection sees it (its own cloud key, if any), in the order
//! they were registered.
QList<SandboxProvider *> connectionProviders(Mcp::ToolCall *call, SandboxManager *manager);
//! The provider that owns `sandboxId` for a connection, available or not (resources/read).
SandboxProvider *providerOf(
    SandboxManager *manager, const QString &sandboxId, const QMap<QString, QString> &connectionEnv);

/*! Runs `run(capability, done)` with the capability `C` of sandbox `sandboxId` (from `provider`).
 *  When the sandbox or that capability is missing, `done` gets the error instead, from the event
 *  loop, as if the operation had failed: the tool keeps one error path. `request` (the call's
 *  arguments) lets a missing capability's error name what was asked. Returns what `run` does
 *  (a Cancel for runs; a no-op Cancel when nothing ran). */
template<class C, typename T, typename Run>
auto onCapability(SandboxProvider *provider, const QString &sandboxId, Callback<T> done, Run run,
    const QJsonObject &request = {})
{
    using Return = decltype(run(static_cast<C *>(nullptr), std::move(done)));
    const Result<Sandbox *> sandbox = provider->sandbox(sandboxId);
    const Result<C *> capability =
        sandbox ? sandbox.value()->template require<C>(request) : Result<C *>(sandbox.error());
    if (!capability) {
        answerLater<T>(provider, std::move(done), capability.error());
        if constexpr (std::is_same_v<Return, Cancel>)
            return Cancel([] {});
        else
            return;
    }
    return run(capability.value(), std::move(done));
}

//! Deletes sandbox `sandboxId` of `provider`; `done` as from SandboxLifecycle::destroy().
void destroySandbox(SandboxProvider *provider, const QString &sandboxId, Callback<Unit> done);

//! A yes/no question for the user (elicitation/create with one boolean "allow").
struct UserQuestion
{
    QString message;
    QString title;
    QString description;
};
/*! Asks the client's user \a question (the client must have declared elicitation); `answer`
 *  gets an explicit yes as `allowed`, anything else (no, decline, cancel, no answer) with why. */
void askUser(Mcp::ToolCall *call, const UserQuestion &question,
    std::function<void(Mcp::ToolCall *, bool allowed, const QString &why)> answer);

//! What the client said: an explicit yes, the user's no (decline, or accept without allow), or
//! nothing from a user (cancel, a failed request, or a no sooner than kHumanAnswerMs), which
//! clients that cannot ask send.
enum class ClientAnswer { Yes, No, Unasked };
constexpr qint64 kHumanAnswerMs = 400;
//! askUser() with the kind of answer: AppApproval asks in the app after an Unasked.
void askClientUser(Mcp::ToolCall *call, const UserQuestion &question,
    std::function<void(Mcp::ToolCall *, ClientAnswer said, const QString &why)> answer);

//! hopx-mcp's sandbox dict; `idKey` is "id" (create/get) or "sandbox_id" (list items).
QJsonObject sandboxToJson(const SandboxInfo &info, const QString &idKey = QStringLiteral("id"));

//! python | javascript | bash | go, from the names the HOPX agent accepts; empty if unknown.
QString normaliseLanguage(const QString &language);

/*! Wraps a provider callback so it runs only while the call is alive and not cancelled. */
template<typename T>
Callback<T> guarded(Mcp::ToolCall *call, std::function<void(Mcp::ToolCall *, Result<T>)> fn)
{
    QPointer<Mcp::ToolCall> guard(call);
    return [guard, fn = std::move(fn)](Result<T> result) {
        if (!guard || guard->isCancelled() || guard->isFinished())
            return;
        fn(guard.data(), std::move(result));
    };
}

//! The template new sandboxes get when a tool names none (hopx-mcp's "code-interpreter").
QString defaultTemplateName();

/*! A provider callback, guarded(): a failure finishes the call with its error plus
 *  `errorExtra` (e.g. the path or id it was about); a value goes to `fn`. */
template<typename T>
Callback<T> onSuccess(Mcp::ToolCall *call, const QJsonObject &errorExtra,
    std::function<void(Mcp::ToolCall *, const T &)> fn)
{
    return guarded<T>(call, [errorExtra, fn = std::move(fn)](Mcp::ToolCall *call, Result<T> r) {
        if (!r) {
            finishWithError(call, r.error(), errorExtra);
            return;
        }
        fn(call, r.value());
    });
}

//! Whether a tool's errors carry {"sandbox_id": id}, as hopx-mcp's do for some tools.
enum class ErrorsName { Nothing, Sandbox };

/*! Most sandbox tools in one: capability `C` of the call's `sandbox_id` argument runs
 *  `run(capability, done)`. No such sandbox or capability, or the operation's failure, finishes
 *  the call with its error (with the id when `names` says so); a value goes to `fn` with the id.
 *  `request` as for onCapability(). Returns what `run` does. */
template<class C, typename T, typename Run>
auto onSandbox(Mcp::ToolCall *call, SandboxManager *manager, const ToolArgs &args, ErrorsName names,
    std::function<void(Mcp::ToolCall *, const QString &, const T &)> fn, Run run,
    const QJsonObject &request = {})
{
    QString id;
    SandboxProvider *provider = providerForArg(call, manager, args, &id);
    const QJsonObject extra = names == ErrorsName::Sandbox
        ? QJsonObject {{QStringLiteral("sandbox_id"), id}}
        : QJsonObject {};
    auto done = onSuccess<T>(call, extra,
        [id, fn = std::move(fn)](Mcp::ToolCall *call, const T &value) { fn(call, id, value); });
    using Return = decltype(onCapability<C>(provider, id, std::move(done), std::move(run)));
    if (!provider) { // the call is finished already, with what to do
        if constexpr (std::is_same_v<Return, Cancel>)
            return Cancel([] {});
        else
            return;
    }
    return onCapability<C>(provider, id, std::move(done), std::move(run), request);
}

//! sandbox://{id}/{path}, the resource of a sandbox file (\a path absolute).
QString sandboxFileUri(const QString &sandboxId, const QString &path);
//! The MIME type of sandbox file \a path: by name for text formats, else from \a head.
QString fileMimeType(const QString &path, const QByteArray &head);

//! Common input-schema pieces.
QJsonObject sandboxIdSchema();
//! The `provider` argument: one of these kinds' ids, each explained.
QJsonObject providerSchema(const QList<ProviderKind> &kinds);

} // namespace Hopx::Core::Tools
