// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/files/HostAccess.h"

#include "core/tools/AppApproval.h"
#include "core/tools/ToolSupport.h"

#include "core/approvals/ApprovalBroker.h"
#include "core/approvals/ConsentWording.h"
#include "core/base/HostPath.h"
#include "core/settings/Settings.h"

#include "tools/ToolCall.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QUrl>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;

HostAccess::HostAccess(Settings *settings, ApprovalBroker *approvals)
    : m_settings(settings)
    , m_approvals(approvals)
{ }

void HostAccess::roots(ToolCall *call, std::function<void(ToolCall *, QList<HostRoot>)> next)
{
    QList<HostRoot> approved;
    if (m_settings) {
        for (const QString &folder : m_settings->approvedFolders()) {
            if (QDir::isAbsolutePath(folder))
                approved.append({QDir::cleanPath(folder), QFileInfo(folder).fileName(), true});
        }
    }
    if (!call->clientSupports(QStringLiteral("roots"))) {
        QPointer<ToolCall> guard(call);
        QMetaObject::invokeMethod(
            call,
            [guard, approved, next] {
                if (guard && !guard->isCancelled() && !guard->isFinished())
                    next(guard, approved);
            },
            Qt::QueuedConnection);
        return;
    }
    QPointer<ToolCall> guard(call);
    call->requestFromClient(QStringLiteral("roots/list"), {},
        [guard, approved, next](const ToolCall::ClientReply &reply) {
            if (!guard || guard->isCancelled() || guard->isFinished())
                return;
            QList<HostRoot> roots;
            // A failed roots/list leaves only the approved folders: no guessing.
            const QJsonArray list = reply.result.value(QStringLiteral("roots")).toArray();
            for (const QJsonValue &v : list) {
                const QUrl uri(v.toObject().value(QStringLiteral("uri")).toString());
                if (!uri.isLocalFile())
                    continue;
                const QString path = QDir::cleanPath(uri.toLocalFile());
                if (!QDir::isAbsolutePath(path) || path == QLatin1String("/"))
                    continue; // the whole machine is never a root
                QString name = v.toObject().value(QStringLiteral("name")).toString();
                if (name.isEmpty())
                    name = QFileInfo(path).fileName();
                roots.append({path, name, false});
            }
            next(guard, roots + approved);
        });
}

bool HostAccess::canAsk(const ToolCall *call) const
{
    return call->clientSupports(QStringLiteral("elicitation"))
        || (m_approvals && m_approvals->canAsk());
}

Result<HostRoot> HostAccess::rootFor(
    ToolCall *call, const QList<HostRoot> &roots, const QString &hostPath) const
{
    const Result<QString> root = HostPath::rootFor(paths(roots), hostPath);
    if (root)
        return *find(roots, root.value());
    if (call->clientSupports(QStringLiteral("roots")) || !canAsk(call)
        || !hostPath.startsWith(QLatin1Char('/')))
        return root.error();
    // The question names this folder, and "Always" approves it: never more than the file's.
    const Result<QString> own =
        HostPath::rootFor({QFileInfo(QDir::cleanPath(hostPath)).absolutePath()}, hostPath);
    if (!own)
        return own.error();
    return HostRoot {own.value(), QFileInfo(own.value()).fileName(), false};
}

void HostAccess::consent(ToolCall *call, const HostRoot &root, Use use, const Wording &wording,
    std::function<void(ToolCall *)> proceed)
{
    const QString what = wording.english();
    if (root.approvedInApp || (use == Use::Read && m_readConsent.contains(root.path))) {
        proceed(call);
        return;
    }
    const QString message = use == Use::Read
        ? QStringLiteral("Let sandboxes read your folder %1? A tool wants to %2.")
              .arg(root.path, what)
        : QStringLiteral("Let a sandbox write into your folder %1? A tool wants to %2.")
              .arg(root.path, what);
    const QJsonObject details {{QStringLiteral("root"), root.path}};
    const auto decide = [this, root, use, what, details, proceed](
                            ToolCall *call, ApprovalBroker::Answer answer, const QString &why) {
        if (answer == ApprovalBroker::Answer::AllowAlways)
            approveAlways(root.path);
        if (answer != ApprovalBroker::Answer::Deny) {
            if (use == Use::Read)
                m_readConsent.insert(root.path);
            proceed(call);
            return;
        }
        finishWithError(call,
            Error::make(Error::Code::Cancelled,
                QStringLiteral("The user did not allow this (%1): %2 was not done and nothing "
                               "changed. Ask the user to allow it when HOPX Desktop asks, or to "
                               "approve the folder for good: Settings > Folders in HOPX Desktop, "
                               "or %3 in the files/approvedFolders list of %4.")
                    .arg(why.isEmpty() ? QStringLiteral("denied in HOPX Desktop") : why, what,
                        root.path, settingsFile()),
                details, QStringLiteral("Consent declined")));
    };
    const UserQuestion question {message,
        use == Use::Read ? QStringLiteral("Allow reading this folder")
                         : QStringLiteral("Allow writing into this folder"),
        root.path};
    const ApprovalBroker::Request request {
        use == Use::Read ? ApprovalBroker::kFolderRead : ApprovalBroker::kFolderWrite, {},
        root.path, wording};
    askForConsent(call, m_approvals, question, request, decide);
}

void HostAccess::approveAlways(const QString &folder)
{
    if (!m_settings)
        return;
    QStringList folders = m_settings->approvedFolders();
    if (!folders.contains(folder))
        m_settings->setApprovedFolders(folders << folder);
}

QString HostAccess::settingsFile() const
{
    return m_settings ? m_settings->fileName()
                      : QStringLiteral("~/.config/hopx-desktop/hopx-desktop.ini");
}

struct HostAccess::MountState
{
    QList<HostRoot> pending;
    QList<Core::HostMount> mounts;
    QSet<QString> taken;
    std::function<void(ToolCall *, QList<Core::HostMount>)> next;
    bool toCloud = false;
};

namespace {

//! A directory name for /project: the root's name, made safe and unique among `taken`.
QString mountName(const HostRoot &root, QSet<QString> &taken)
{
    QString name;
    for (const QChar c : root.name.isEmpty() ? QFileInfo(root.path).fileName() : root.name)
        name += c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_')
                || c == QLatin1Char('.')
            ? c
            : QLatin1Char('_');
    if (name.isEmpty() || name.startsWith(QLatin1Char('.')))
        name.prepend(QStringLiteral("root"));
    QString unique = name;
    for (int n = 2; taken.contains(unique); ++n)
        unique = name + QLatin1Char('-') + QString::number(n);
    taken.insert(unique);
    return unique;
}

} // namespace

void HostAccess::rootMounts(
    ToolCall *call, std::function<void(ToolCall *, QList<Core::HostMount>)> next, bool toCloud)
{
    roots(call, [this, next, toCloud](ToolCall *call, const QList<HostRoot> &all) {
        // The client's roots are what is mounted; one the user also approved in the app needs
        // no second yes (an IDE that cannot ask has no other way to get it).
        auto pending = std::make_shared<QList<HostRoot>>();
        for (const HostRoot &r : all) {
            if (r.approvedInApp || !QFileInfo(r.path).isDir())
                continue;
            HostRoot root = r;
            root.approvedInApp = find(all, r.path)->approvedInApp;
            pending->append(root);
        }
        if (pending->isEmpty()) {
            finishWithError(call,
                Error::make(Error::Code::InvalidArgument,
                    call->clientSupports(QStringLiteral("roots"))
                        ? QStringLiteral("The client listed no folder roots on this machine; "
                                         "nothing to mount. Create the sandbox without "
                                         "mount_roots and use file_upload.")
                        : QStringLiteral("This client does not declare roots (its project "
                                         "folders), so there is nothing to mount. Create the "
                                         "sandbox without mount_roots and %1")
                              .arg(canAsk(call)
                                      ? QStringLiteral("copy files in with file_upload by their "
                                                       "absolute host paths (the user is asked "
                                                       "about each file's folder).")
                                      : QStringLiteral("use file_upload.")),
                    {}, QStringLiteral("No roots")));
            return;
        }
        auto state = std::make_shared<MountState>();
        state->pending = *pending;
        state->next = next;
        state->toCloud = toCloud;
        mountNext(call, state);
    });
}

void HostAccess::mountNext(ToolCall *call, std::shared_ptr<MountState> state)
{
    if (state->pending.isEmpty()) {
        state->next(call, state->mounts);
        return;
    }
    const HostRoot root = state->pending.takeFirst();
    const QString at = QStringLiteral("/project/") + mountName(root, state->taken);
    state->mounts.append({root.path, at});
    // Files that leave the machine are named as such: the user agrees to that, not to a mount.
    consent(call, root, Use::Read,
        state->toCloud ? ConsentWording::copyToCloud() : ConsentWording::mountReadOnly(at),
        [this, state](ToolCall *call) { mountNext(call, state); });
}

QStringList HostAccess::paths(const QList<HostRoot> &roots)
{
    QStringList out;
    for (const HostRoot &r : roots)
        out << r.path;
    return out;
}

const HostRoot *HostAccess::find(const QList<HostRoot> &roots, const QString &path)
{
    // The same folder may be a client root and approved in the app: the approval counts.
    const HostRoot *found = nullptr;
    for (const HostRoot &r : roots) {
        if (r.path != path && QFileInfo(r.path).canonicalFilePath() != path)
            continue;
        if (!found || r.approvedInApp)
            found = &r;
    }
    return found;
}

} // namespace Hopx::Core::Tools
