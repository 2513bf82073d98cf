// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Value types shared by SandboxManager, the providers and the MCP tools.

#include "core/base/Error.h"
#include "core/sandbox/SandboxStatus.h"
#include "core/settings/NetworkPolicy.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>
#include <optional>

namespace Hopx::Core {

using EnvMap = QMap<QString, QString>;

/*! \brief What the app knows about one sandbox, whichever provider runs it. */
struct SandboxInfo
{
    QString id; // "local-…" for local sandboxes, the HOPX id otherwise
    QString provider; // the id of the provider that runs it (SandboxProvider::id())
    SandboxStatus status;
    QString templateName; // e.g. "code-interpreter"
    QString templateId;
    QString region;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid = no expiry
    int timeoutSeconds = 0;
    bool internetAccess = false;
    QDateTime lastActivity;
    // Live resource use where the provider can measure it (local: from the agent).
    qint64 memoryBytes = -1;
    double cpuSeconds = -1;
    // Disk use and cap where the provider knows them (local: the sandbox's volume).
    qint64 diskUsedBytes = -1;
    qint64 diskCapBytes = -1;
    QJsonObject extra; // provider-specific fields passed through to get_sandbox
    // Why it cannot be used (status unavailable): the app's list shows it in the user's
    // language; the model reads its English in extra's "unavailable_reason".
    Wording problem;
};

//! A host folder a new sandbox sees read-only (create_sandbox's mount_roots).
struct HostMount
{
    QString hostPath;
    QString sandboxPath; // /project/<name>
};

/*! \brief A named secret a new sandbox may use (create_sandbox's `secrets`): the value stays
 *  in the app; the sandbox's environment gets a placeholder that the egress proxy replaces. */
struct SandboxSecret
{
    QString name; // the environment variable
    QStringList hosts; // where the value may go
    QString value; // never written anywhere, never logged
    bool inQuery = false;
    bool inBody = false;
};

struct CreateSpec
{
    QString templateId; // numeric id or a name (hopx-mcp accepts both here)
    QString templateName;
    QString region;
    int timeoutSeconds = 0; // 0 = the settings default
    std::optional<bool> internetAccess;
    //! The `network` argument; when set it wins over internetAccess.
    std::optional<NetworkPolicy> network;
    EnvMap envVars;
    //! A hint: the sandbox runs Python at once and is then deleted (isolated runs), so a
    //! provider may hand out one whose interpreter is already started.
    bool warmPython = false;
    //! Host folders to show read-only; only providers that run on this machine can.
    QList<HostMount> mounts;
    //! Secrets the user approved for this sandbox; only a provider whose egress it runs can.
    QList<SandboxSecret> secrets;
};

struct ListSpec
{
    int limit = 100;
    QString status;
    QString region;
};

/*! \brief One chunk of live output; `stream` is "stdout" or "stderr". */
using OutputSink = std::function<void(const QString &stream, const QByteArray &chunk)>;

struct ExecSpec
{
    QString code;
    QString language = QStringLiteral("python"); // already normalised by the tool
    int timeoutSeconds = 30;
    EnvMap env;
    QString workingDir; // empty = provider default (/workspace)
    qint64 maxOutputBytes = 1024 * 1024; // per stream
    OutputSink onOutput; // may be empty
    //! Someone watches the output while it runs (the client sent a progressToken): a provider
    //! whose live path costs more (HOPX: a WebSocket instead of one POST) takes it only then,
    //! and only where it loses nothing (HOPX's stream carries no figures).
    bool liveOutput = false;
};

struct CommandSpec
{
    QString command; // a shell string, run as bash -c
    int timeoutSeconds = 30;
    EnvMap env;
    QString workingDir;
    qint64 maxOutputBytes = 1024 * 1024;
    OutputSink onOutput;
};

struct BackgroundSpec
{
    QString code; // for execute_code_background
    QString command; // for run_command_background (one of the two is set)
    QString language = QStringLiteral("python");
    int timeoutSeconds = 300;
    EnvMap env;
    QString workingDir;
    QString name;
};

/*! \brief A matplotlib figure or other rich value, in hopx-mcp's rich_outputs shape. */
struct RichOutput
{
    QString mimeType; // "image/png", "text/html", …
    QByteArray data; // raw bytes (images) or UTF-8 text
};

struct ExecResult
{
    QByteArray stdoutData;
    QByteArray stderrData;
    bool stdoutTruncated = false;
    bool stderrTruncated = false;
    int exitCode = 0;
    double executionTime = 0; // seconds
    bool timedOut = false;
    QJsonValue result; // python: repr of the trailing expression, or null
    QJsonObject error; // python: {ename, evalue, traceback} when it raised
    QList<RichOutput> richOutputs;
    QString note; // e.g. "kernel restarted: state lost"
};

/*! \brief One execution as the activity log shows it: what ran, how it ended, its figures.
 *
 * Built by the execution tools, bounded there (kMaxCode, kMaxOutput, kMaxFigures,
 * kMaxFigureBytes) so that a megabyte of code or output never travels through signals into
 * the log.
 */
struct ExecutionRecord
{
    static constexpr int kMaxCode = 8 * 1024;
    static constexpr int kMaxOutput = 2 * 1024;
    static constexpr int kMaxFigures = 8;
    static constexpr qint64 kMaxFigureBytes = 8 * 1024 * 1024; // a run's figures together

    QString sandboxId;
    QString language; // python, javascript, bash, go; "command" for run_command
    QString code; // the code or command, cut at kMaxCode
    bool codeTruncated = false;
    bool finished = false; // false: it just started
    bool background = false; // started in the background; a local sandbox reports its end
    bool async = false; // the client does not wait for it (a task, or execute_code_async)
    // Only when finished:
    int exitCode = 0;
    bool timedOut = false;
    double seconds = 0;
    QString failure; // the run could not happen at all (sandbox gone, …), as the model read it
    Error::Code failureCode = Error::Code::Internal; // its kind, for a short word to the user
    QString exception; // Python: "ValueError: bad" when the code raised
    QByteArray stdoutTail; // the last kMaxOutput bytes
    QByteArray stderrTail;
    qint64 stdoutBytes = 0;
    qint64 stderrBytes = 0;
    //! The images the model got (PNG and the other binary image types), in order, as many as
    //! kMaxFigures and kMaxFigureBytes allow; the others are only counted.
    QList<RichOutput> figures;
    int figuresLeftOut = 0;
};

struct ProcessStarted
{
    QString processId;
    QString status = QStringLiteral("running");
    QString name;
    QDateTime startTime;
    QString message;
    QJsonObject raw;
};

struct FileEntry
{
    QString name;
    QString path;
    qint64 size = 0;
    bool isDirectory = false;
    QDateTime modifiedTime;
    QString permissions; // "0644"
};

struct FileList
{
    QList<FileEntry> files;
    int total = 0; // entries in the directory (≥ files.size())
};

/*! \brief Cancels an operation in flight; calling it after completion does nothing. */
using Cancel = std::function<void()>;

} // namespace Hopx::Core
