// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
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
 * ask (elicitation), else to the app's own prompt (the tray) when there is one; with neither,
 * nobody can say yes, and the answer is no.
 */
class HostAccess
{
public:
    /*! Asks the app's user whether sandboxes may read (\a write false) or write into \a folder,
     *  for \a what (English, from the tool); \a answer gets true for an explicit yes. */
    using Prompt = std::function<void(
        const QString &folder, bool write, const QString &what, std::function<void(bool)> answer)>;

    explicit HostAccess(Settings *settings);

    //! The app's own prompt for clients that cannot ask (the GUI sets one; headless has none).
    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }

    //! The folders \a call may use; `next` runs later (roots/list is a round trip).
    void roots(Mcp::ToolCall *call, std::function<void(Mcp::ToolCall *, QList<HostRoot>)> next);

    enum class Use { Read, Write };
    /*! Runs `proceed` once the user agreed that \a call may \a use \a root (\a what says what
     *  for: "upload data.csv"); a no finishes the call with an isError result that says so. */
    void consent(Mcp::ToolCall *call, const HostRoot &root, Use use, const QString &what,
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

    Settings *m_settings;
    Prompt m_prompt;
    QSet<QString> m_readConsent; // client roots the user let sandboxes read this run
};

} // namespace Hopx::Core::Tools
