// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>

class QTimer;
class QWebSocket;

namespace Hopx::Cloud {

/*! \brief One execution over the agent's WebSocket `GET /execute/stream` (specs/hopx-api.md §3.6).
 *
 * The client sends `{"type":"execute", code, language, timeout, workdir, env?}`; the agent
 * answers with `{"type":"stdout"|"stderr", data}` frames while the code runs, then
 * `{"type":"result", exit_code, execution_time}` and `{"type":"complete", success}`. Output goes
 * to the sink as it arrives; the outcome carries the whole run in `/execute`'s reply shape, so
 * the provider shapes it like any other run. The execute message is sent only after the
 * handshake, so a stream that never opened (NotStarted) ran nothing and the caller may fall
 * back to `POST /execute`. Exactly one done() per stream, always from the event loop.
 */
class ExecuteStream final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecuteStream)
public:
    struct Outcome
    {
        enum class Kind { Finished, NotStarted, Failed, TimedOut, Cancelled };
        Kind kind = Kind::Failed;
        //! As /execute answers: stdout, stderr, exit_code, execution_time, …; otherwise the
        //! output seen before the end.
        QJsonObject reply;
        QString error; // otherwise: what happened, for a sentence
        QString code; // the agent's error code, if it sent one (e.g. EXECUTION_TIMEOUT)
    };
    using Done = std::function<void(const Outcome &outcome)>;

    //! `agentBase` is the sandbox's agent URL (http[s]); `request` the /execute body.
    ExecuteStream(const QUrl &agentBase, const QString &token, const QJsonObject &request,
        int deadlineMs, qint64 maxOutputBytes, Core::OutputSink sink, Done done,
        QObject *parent = nullptr);
    ~ExecuteStream() override;

    void start();
    //! Closes the stream (the agent stops the run when its stream goes away); done() gets
    //! Cancelled unless the result already crossed.
    void cancel();

    static QUrl streamUrl(const QUrl &agentBase);

private:
    void handleMessage(const QString &text);
    void handleDisconnect();
    void complete(const QJsonValue &success);
    void append(QByteArray &buffer, const QString &stream, const QString &data);
    void finish(Outcome outcome);

    QWebSocket *m_socket;
    QTimer *m_deadline;
    QUrl m_url;
    QString m_token;
    QJsonObject m_request;
    qint64 m_maxOutputBytes;
    Core::OutputSink m_sink;
    Done m_done;
    QByteArray m_stdout;
    QByteArray m_stderr;
    QJsonObject m_result;
    bool m_sent = false; // the execute message went out: the code may be running
    bool m_finished = false;
};

} // namespace Hopx::Cloud
