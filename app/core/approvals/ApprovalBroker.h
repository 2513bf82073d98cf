// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>

#include "core/base/Wording.h"

#include <functional>
#include <map>

class QTimer;

namespace Hopx::Core {

/*! \brief The user's consent, asked in the app itself, for tools whose client cannot ask.
 *
 * Codex and `claude -p` answer every elicitation with "cancel" without asking anyone, and some
 * clients cannot elicit at all; the app runs on the user's desktop and can ask instead. Any tool
 * calls request() with what it needs; the GUI (and only an answerer: headless runs have none)
 * lists the pending requests with Allow once / Always / Deny and calls answer(). Every request
 * ends exactly once: with the user's answer, a Deny after timeoutMs() without one, or at once
 * with a Deny when nobody can answer. What "Always" keeps (a folder in the settings, …) is the
 * caller's business: the broker only carries the answer.
 */
class ApprovalBroker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalBroker)
public:
    enum class Answer { AllowOnce, AllowAlways, Deny };
    Q_ENUM(Answer)

    //! Kinds the app words itself (ApprovalListModel); another kind shows its details as given.
    static const QString kFolderRead; // subject: a host folder
    static const QString kFolderWrite; // subject: a host folder
    static const QString kInternet; // subject: empty (a new sandbox); details say which
    static const QString kSecret; // subject: the secret's name; details name the sandbox

    struct Request
    {
        QString kind;
        QString client; // who asks: the MCP client's name ("Claude Code")
        QString subject; // what it is about: a folder, a sandbox, a secret
        Wording details; // what for, from the tool ("show it read-only at /project/x …")
        bool offerAlways = true; // false: only Allow once and Deny
    };
    struct Pending
    {
        quint64 id = 0;
        Request request;
        QDateTime since;
    };
    //! `why` is empty for an answer the user gave, else says why nobody did.
    using Callback = std::function<void(Answer answer, const QString &why)>;

    explicit ApprovalBroker(QObject *parent = nullptr);
    ~ApprovalBroker() override;

    //! Someone shows the requests and answers them (the GUI); counted, so several may.
    void addAnswerer();
    void removeAnswerer();
    bool canAsk() const { return m_answerers > 0; }

    //! How long a request waits for the user before it is denied.
    int timeoutMs() const { return m_timeoutMs; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    /*! Queues \a request; \a callback gets the answer later (never from inside this function).
     *  Returns the request's id (0: nobody can answer; the callback still gets a Deny). */
    quint64 request(const Request &request, Callback callback);
    //! The user's answer to request \a id; false when it is no longer pending.
    bool answer(quint64 id, Answer answer);
    //! The caller no longer waits (its tool call was cancelled): drop \a id without an answer.
    void withdraw(quint64 id);

    QList<Pending> pending() const;
    const Pending *find(quint64 id) const;

signals:
    void requested(quint64 id);
    //! Emitted after the request left pending(), before its callback runs.
    void resolved(quint64 id);

private:
    struct Entry
    {
        Pending pending;
        Callback callback;
        QTimer *timer = nullptr;
    };
    void finish(quint64 id, Answer answer, const QString &why);

    std::map<quint64, Entry> m_entries; // ordered: the oldest request first
    quint64 m_nextId = 1;
    int m_answerers = 0;
    int m_timeoutMs = 5 * 60 * 1000;
};

} // namespace Hopx::Core
