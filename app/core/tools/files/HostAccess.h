// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/base/Wording.h"
#include "core/sandbox/SandboxTypes.h"

#include <QList>
#include <QSet>
#include <QString>

#include <functional>
#include <memory>

namespace Hopx::Mcp {
class ToolCall;
} // namespace Hopx::Mcp

namespace Hopx::Core {
class ApprovalBroker;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Core::Tools {

//! A host folder tools may use: a root the client declared, or one the user approved.
struct HostRoot
{
    QString path;
    QString name; // the client's name for it, else the folder's name
    bool approvedInApp = false; // Settings::approvedFolders(): the user said yes already
};

/*! \brief Which host folders a tool call may use, and the user's consent to use them.
 *
 * The folders are the client's roots (roots/list, asked again on every call: a client may
 * change them) and the folders approved in the app's settings. Consent to read a client's root
 * (file_upload from it, mounting it) is asked once per root and app run; consent to write into
 * one (file_download) every time. The question goes to the client's user when the client can
 * ask (elicitation) and does, else to the app's own list (ApprovalBroker) when it has a window;
 * with neither, nobody can say yes, and the answer is no, naming the setting that says yes.
 * "Always" there adds the folder to Settings::approvedFolders(). A client without roots
 * (Codex, Copilot CLI) may name any host file: the user is asked about the file's folder.
 */
class HostAccess
{
public:
    //! \a approvals asks the app's user when the client cannot (null: nobody can).
    explicit HostAccess(Settings *settings, ApprovalBroker *approvals = nullptr);

    ApprovalBroker *approvals() const { return m_approvals; }

    //! The folders \a call may use; `next` runs later (roots/list is a round trip).
    void roots(Mcp::ToolCall *call, std::function<void(Mcp::ToolCall *, QList<HostRoot>)> next);

    /*! The folder \a call may use for \a hostPath: the deepest of \a roots that holds it. A
     *  client that declares no roots names host files by path alone: then the file's own
     *  folder, when someone can be asked about it (the client's user or the app's). Else an
     *  error that says why. */
    Result<HostRoot> rootFor(
        Mcp::ToolCall *call, const QList<HostRoot> &roots, const QString &hostPath) const;

    enum class Use { Read, Write };
    /*! Runs `proceed` once the user agreed that \a call may \a use \a root (\a what says what
     *  for: "upload data.csv"); a no finishes the call with an isError result that says so. */
    void consent(Mcp::ToolCall *call, const HostRoot &root, Use use, const Wording &what,
        std::function<void(Mcp::ToolCall *)> proceed);

    /*! The client's roots as read-only mounts at /project/<name> for a new sandbox, once the
     *  user agreed to each (asked only for roots not agreed to before); `next` gets them. A
     *  client without roots, or a no, finishes the call with an isError result. With
     *  \a toCloud the question says the folder is copied to a HOPX cloud sandbox instead. */
    void rootMounts(Mcp::ToolCall *call,
        std::function<void(Mcp::ToolCall *, QList<Core::HostMount>)> next, bool toCloud = false);

    //! The roots of \a roots as plain paths, for HostPath.
    static QStringList paths(const QList<HostRoot> &roots);
    static const HostRoot *find(const QList<HostRoot> &roots, const QString &path);

private:
    struct MountState;
    void mountNext(Mcp::ToolCall *call, std::shared_ptr<MountState> state);

    //! Whether anyone can answer a question for \a call: its client's user, or the app's.
    bool canAsk(const Mcp::ToolCall *call) const;
    void approveAlways(const QString &folder);
    QString settingsFile() const;

    Settings *m_settings;
    ApprovalBroker *m_approvals;
    QSet<QString> m_readConsent; // client roots the user let sandboxes read this run
};

} // namespace Hopx::Core::Tools
