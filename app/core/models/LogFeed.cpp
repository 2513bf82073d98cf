// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/LogFeed.h"

#include "core/manager/SandboxManager.h"
#include "core/models/ClientListModel.h"
#include "core/models/Format.h"
#include "core/models/LogModel.h"
#include "core/models/SandboxListModel.h"
#include "session/SessionObserver.h"

namespace Hopx::Core {

namespace {

using Outcome = Mcp::RequestRecord::Outcome;

// Longer output lines than this are split: one huge line must not become one huge row.
constexpr int kMaxPartial = 4096;

} // namespace

LogFeed::LogFeed(LogModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{ }

void LogFeed::attachObserver(Mcp::SessionObserver *observer)
{
    using Session = Mcp::SessionObserver::Session;
    connect(observer, &Mcp::SessionObserver::connected, this, [this](const Session &s) {
        clientIdentified(s.id,
            s.transport == Mcp::SessionObserver::Transport::Http
                ? ClientListModel::httpName(s.clientInfo)
                : ClientListModel::nameOf(s.clientInfo),
            s.clientInfo.value(QStringLiteral("version")).toString(), s.protocolVersion);
    });
    connect(observer, &Mcp::SessionObserver::ended, this,
        [this](const Session &s) { clientDisconnected(s.id); });
    connect(observer, &Mcp::SessionObserver::response, this,
        [this](const Session &s, const Mcp::RequestRecord &r) { requestFinished(s.id, r); });
}

void LogFeed::attachManager(SandboxManager *manager)
{
    m_manager = manager;
    connect(manager, &SandboxManager::sandboxAdded, this, &LogFeed::sandboxAdded);
    connect(manager, &SandboxManager::sandboxChanged, this, &LogFeed::sandboxChanged);
    connect(manager, &SandboxManager::sandboxRemoved, this, &LogFeed::sandboxRemoved);
    connect(manager, &SandboxManager::activity, this, &LogFeed::activity);
    connect(manager, &SandboxManager::execution, this, &LogFeed::execution);
    connect(manager, &SandboxManager::output, this, &LogFeed::output);
    connect(manager, &SandboxManager::problem, this, &LogFeed::problem);
}

QString LogFeed::clientName(quint64 connectionId) const
{
    return m_clients.value(connectionId, tr("client %1").arg(connectionId));
}

void LogFeed::clientIdentified(
    quint64 connectionId, const QString &name, const QString &version, const QString &protocol)
{
    const QString display = name.isEmpty() ? tr("client %1").arg(connectionId) : name;
    m_clients.insert(connectionId, display);
    LogEntry e;
    e.kind = LogEntry::Kind::Client;
    e.client = display;
    e.message = version.isEmpty() ? tr("Connected (MCP %1)").arg(protocol)
                                  : tr("Connected: version %1, MCP %2").arg(version, protocol);
    m_model->append(std::move(e));
}

void LogFeed::clientDisconnected(quint64 connectionId)
{
    // Probes and activation requests never identified themselves: nothing to say.
    if (!m_clients.contains(connectionId))
        return;
    LogEntry e;
    e.kind = LogEntry::Kind::Client;
    e.client = m_clients.take(connectionId);
    e.message = tr("Disconnected");
    m_model->append(std::move(e));
}

void LogFeed::requestFinished(quint64 connectionId, const Mcp::RequestRecord &r)
{
    LogEntry e;
    e.client = clientName(connectionId);
    e.durationUs = r.durationUs;
    const QString took = Format::elapsedUs(r.durationUs);
    if (r.method == QLatin1String("tools/call")) {
        flushPartials(); // a call's last output line may lack its newline
        e.kind = LogEntry::Kind::ToolCall;
        switch (r.outcome) {
        case Outcome::Ok:
            e.level = LogEntry::Level::Info;
            e.message = tr("%1 succeeded in %2").arg(r.tool, took);
            break;
        case Outcome::ToolError:
            e.level = LogEntry::Level::Error;
            e.message = tr("%1 failed after %2: %3").arg(r.tool, took, r.detail);
            break;
        case Outcome::ProtocolError:
            e.level = LogEntry::Level::Warning;
            e.message =
                tr("%1 was refused: %2").arg(r.tool.isEmpty() ? r.method : r.tool, r.detail);
            break;
        case Outcome::Cancelled:
            e.level = LogEntry::Level::Warning;
            e.message = tr("%1 was cancelled after %2").arg(r.tool, took);
            break;
        }
        e.detail = r.detail;
    } else {
        // initialize, tools/list, ping: useful when debugging a client, noise otherwise.
        e.kind = LogEntry::Kind::Client;
        e.level = r.outcome == Outcome::Ok ? LogEntry::Level::Debug : LogEntry::Level::Warning;
        e.message = r.outcome == Outcome::Ok ? tr("%1 answered in %2").arg(r.method, took)
                                             : tr("%1 failed: %2").arg(r.method, r.detail);
    }
    m_model->append(std::move(e));
}

void LogFeed::sandboxAdded(const SandboxInfo &info)
{
    m_statuses.insert(info.id, info.status);
    LogEntry e;
    e.kind = LogEntry::Kind::Sandbox;
    e.sandboxId = info.id;
    const QString templ = info.templateName.isEmpty() ? info.templateId : info.templateName;
    e.message = tr("Sandbox created: %1, template %2, %3")
                    .arg(SandboxListModel::providerName(m_manager, info.provider),
                        templ.isEmpty() ? Format::none() : templ,
                        SandboxListModel::statusName(info.status));
    m_model->append(std::move(e));
}

void LogFeed::sandboxChanged(const SandboxInfo &info)
{
    const SandboxStatus before = m_statuses.value(info.id); // none yet: Other, with no name
    if (before == info.status)
        return; // resource samples and activity are not log-worthy
    m_statuses.insert(info.id, info.status);
    LogEntry e;
    e.kind = LogEntry::Kind::Sandbox;
    e.sandboxId = info.id;
    e.level = info.status == SandboxStatus::Dead ? LogEntry::Level::Error : LogEntry::Level::Info;
    e.message = before.name().isEmpty()
        ? tr("Status: %1").arg(SandboxListModel::statusName(info.status))
        : tr("Status: %1 → %2")
              .arg(SandboxListModel::statusName(before), SandboxListModel::statusName(info.status));
    m_model->append(std::move(e));
}

void LogFeed::flushPartials()
{
    const auto keys = m_partial.keys();
    for (const QString &key : keys) {
        const qsizetype sep = key.indexOf(QLatin1Char('\n'));
        output(key.left(sep), key.mid(sep + 1), QByteArray("\n"));
    }
}

void LogFeed::sandboxRemoved(const QString &id, const QString &reason)
{
    m_statuses.remove(id);
    flushPartials();
    LogEntry e;
    e.kind = LogEntry::Kind::Sandbox;
    e.sandboxId = id;
    e.message = reason == QLatin1String("timeout") ? tr("Sandbox deleted: its timeout passed")
        : reason.isEmpty()                         ? tr("Sandbox deleted")
                                                   : tr("Sandbox deleted: %1").arg(reason);
    m_model->append(std::move(e));
}

void LogFeed::problem(const QString &sandboxId, const Wording &message)
{
    LogEntry e;
    e.kind = LogEntry::Kind::Sandbox;
    e.sandboxId = sandboxId;
    e.level = LogEntry::Level::Error;
    // The provider's sentence in the user's language, like an unavailable provider's reason.
    e.message = message.translated();
    m_model->append(std::move(e));
}

void LogFeed::activity(const QString &sandboxId, const QString &what)
{
    LogEntry e;
    e.kind = LogEntry::Kind::Execution;
    e.sandboxId = sandboxId;
    e.message = what; // LogModel keeps the first line in the table, all of it as the detail
    m_model->append(std::move(e));
}

void LogFeed::execution(const ExecutionRecord &r)
{
    // The table shows one line: what ran and how it ended. The detail (tooltip, copy, export)
    // holds the code and the end of each stream, both bounded by the tool that reported them.
    const QString firstLine = r.code.section(QLatin1Char('\n'), 0, 0).trimmed();
    const QString language = r.language == QLatin1String("command") ? tr("Command") : r.language;
    LogEntry e;
    e.kind = LogEntry::Kind::Execution;
    e.sandboxId = r.sandboxId;
    QStringList detail;
    if (!r.finished) {
        e.message = r.background ? tr("%1 started in the background: %2").arg(language, firstLine)
                                 : tr("%1 started: %2").arg(language, firstLine);
    } else {
        const QString took = Format::elapsedUs(qint64(r.seconds * 1e6));
        if (r.background) {
            e.level = r.exitCode == 0 ? LogEntry::Level::Info : LogEntry::Level::Warning;
            e.message = tr("%1 in the background exited with code %2 after %3: %4")
                            .arg(language)
                            .arg(r.exitCode)
                            .arg(took, firstLine);
        } else if (!r.failure.isEmpty()) {
            e.level = LogEntry::Level::Error;
            const QString reason = Format::failure(r.failureCode, r.failure);
            e.message = tr("%1 could not run: %2").arg(language, reason);
            if (reason != r.failure) // what the model read, which the short reason stands for
                detail << tr("Error, as the AI tool was told:") << r.failure << QString();
        } else if (r.timedOut) {
            e.level = LogEntry::Level::Warning;
            e.message = tr("%1 timed out after %2: %3").arg(language, took, firstLine);
        } else if (!r.exception.isEmpty()) {
            e.level = LogEntry::Level::Warning;
            e.message = tr("%1 raised %2 after %3: %4").arg(language, r.exception, took, firstLine);
        } else {
            e.level = r.exitCode == 0 ? LogEntry::Level::Info : LogEntry::Level::Warning;
            const int figures = int(r.figures.size()) + r.figuresLeftOut;
            e.message = (figures == 0
                    ? tr("%1 exited with code %2 after %3, %4 of output: %5")
                    : tr("%1 exited with code %2 after %3, %4 of output, %n figure(s): %5", nullptr,
                        figures))
                            .arg(language)
                            .arg(r.exitCode)
                            .arg(took, Format::bytes(r.stdoutBytes + r.stderrBytes), firstLine);
        }
    }
    detail << tr("Code:") << r.code;
    if (r.codeTruncated)
        detail << tr("(code cut here)");
    const auto stream = [&detail](const QString &title, const QByteArray &tail, qint64 total) {
        if (tail.isEmpty())
            return;
        detail << QString() << title;
        if (total > tail.size())
            detail << tr("(only the last %1 of %2)")
                          .arg(Format::bytes(tail.size()), Format::bytes(total));
        detail << QString::fromUtf8(tail).trimmed();
    };
    stream(tr("Output (stdout):"), r.stdoutTail, r.stdoutBytes);
    stream(tr("Errors (stderr):"), r.stderrTail, r.stderrBytes);
    figures(r, e, detail);
    e.detail = detail.join(QLatin1Char('\n'));
    m_model->append(std::move(e));
}

void LogFeed::figures(const ExecutionRecord &r, LogEntry &e, QStringList &detail)
{
    // The images go with the row (the view shows them); the detail names them, so that a copied
    // or exported log says there were figures.
    if (r.figures.isEmpty() && r.figuresLeftOut == 0)
        return;
    detail << QString() << tr("Figures:");
    for (const RichOutput &o : r.figures) {
        detail << tr("%1. %2 image, %3")
                      .arg(e.figures.size() + 1)
                      .arg(Format::imageType(o.mimeType), Format::bytes(o.data.size()));
        e.figures.append({0, o.mimeType, o.data.size(), o.data});
    }
    if (r.figuresLeftOut > 0)
        detail << tr("(%n more not kept: the log keeps at most %1 figures of a run, %2 in all)",
            nullptr, r.figuresLeftOut)
                      .arg(ExecutionRecord::kMaxFigures)
                      .arg(Format::bytes(ExecutionRecord::kMaxFigureBytes));
    e.figuresLeftOut = r.figuresLeftOut;
}

void LogFeed::output(const QString &sandboxId, const QString &stream, const QByteArray &chunk)
{
    // Chunks split lines anywhere; keep the unterminated tail until its newline arrives.
    const QString key = sandboxId + QLatin1Char('\n') + stream;
    QByteArray data = m_partial.take(key) + chunk;
    qsizetype start = 0;
    while (true) {
        qsizetype nl = data.indexOf('\n', start);
        if (nl < 0 && data.size() - start > kMaxPartial)
            nl = start + kMaxPartial;
        if (nl < 0)
            break;
        QByteArray line = data.mid(start, nl - start);
        if (line.endsWith('\r'))
            line.chop(1);
        start = nl + (nl < data.size() && data.at(nl) == '\n' ? 1 : 0);
        LogEntry e;
        e.kind = LogEntry::Kind::Output;
        e.sandboxId = sandboxId;
        e.stream = stream;
        e.level =
            stream == QLatin1String("stderr") ? LogEntry::Level::Warning : LogEntry::Level::Info;
        e.message = QString::fromUtf8(line);
        m_model->append(std::move(e));
    }
    if (start < data.size())
        m_partial.insert(key, data.mid(start));
}

} // namespace Hopx::Core
