// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/approvals/ApprovalBroker.h"

#include <QLoggingCategory>
#include <QTimer>

namespace Hopx::Core {

Q_LOGGING_CATEGORY(lcApprovals, "hopx.core.approvals", QtInfoMsg)

const QString ApprovalBroker::kFolderRead = QStringLiteral("folder-read");
const QString ApprovalBroker::kFolderWrite = QStringLiteral("folder-write");
const QString ApprovalBroker::kInternet = QStringLiteral("internet");
const QString ApprovalBroker::kSecret = QStringLiteral("secret");

ApprovalBroker::ApprovalBroker(QObject *parent)
    : QObject(parent)
{ }

ApprovalBroker::~ApprovalBroker()
{
    // Whoever waits hears no: their calls end with a refusal instead of hanging.
    while (!m_entries.empty())
        finish(m_entries.begin()->first, Answer::Deny, QStringLiteral("HOPX Desktop quit"));
}

void ApprovalBroker::addAnswerer()
{
    ++m_answerers;
}

void ApprovalBroker::removeAnswerer()
{
    if (m_answerers > 0 && --m_answerers == 0) {
        // The last one to ask in is gone (the GUI closed): nobody will answer the rest.
        while (!m_entries.empty())
            finish(m_entries.begin()->first, Answer::Deny,
                QStringLiteral("HOPX Desktop's window closed before anyone answered"));
    }
}

quint64 ApprovalBroker::request(const Request &request, Callback callback)
{
    if (!canAsk()) {
        QTimer::singleShot(0, this, [callback = std::move(callback)] {
            callback(Answer::Deny, QStringLiteral("HOPX Desktop runs without a window to ask in"));
        });
        return 0;
    }
    const quint64 id = m_nextId++;
    Entry entry {{id, request, QDateTime::currentDateTimeUtc()}, std::move(callback), nullptr};
    entry.timer = new QTimer(this);
    entry.timer->setSingleShot(true);
    const int seconds = qMax(1, m_timeoutMs / 1000);
    const QString waited = seconds % 60 == 0 ? QStringLiteral("%1 min").arg(seconds / 60)
                                             : QStringLiteral("%1 s").arg(seconds);
    connect(entry.timer, &QTimer::timeout, this, [this, id, waited] {
        finish(id, Answer::Deny,
            QStringLiteral("nobody answered in HOPX Desktop within %1").arg(waited));
    });
    entry.timer->start(m_timeoutMs);
    m_entries.emplace(id, std::move(entry));
    qCInfo(lcApprovals).noquote() << "waiting for the user:" << request.kind << request.subject
                                  << "for" << request.client;
    emit requested(id);
    return id;
}

bool ApprovalBroker::answer(quint64 id, Answer answer)
{
    if (m_entries.find(id) == m_entries.end())
        return false;
    qCInfo(lcApprovals).noquote() << "answered" << id << QVariant::fromValue(answer).toString();
    finish(id, answer, {});
    return true;
}

void ApprovalBroker::withdraw(quint64 id)
{
    const auto it = m_entries.find(id);
    if (it == m_entries.end())
        return;
    it->second.timer->stop();
    it->second.timer->deleteLater(); // may be the one firing now
    m_entries.erase(it);
    emit resolved(id);
}

QList<ApprovalBroker::Pending> ApprovalBroker::pending() const
{
    QList<Pending> out;
    for (const auto &[id, entry] : m_entries)
        out.append(entry.pending);
    return out;
}

const ApprovalBroker::Pending *ApprovalBroker::find(quint64 id) const
{
    const auto it = m_entries.find(id);
    return it == m_entries.end() ? nullptr : &it->second.pending;
}

void ApprovalBroker::finish(quint64 id, Answer answer, const QString &why)
{
    const auto it = m_entries.find(id);
    if (it == m_entries.end())
        return;
    Callback callback = std::move(it->second.callback);
    it->second.timer->stop();
    it->second.timer->deleteLater(); // may be the one firing now
    m_entries.erase(it);
    emit resolved(id);
    // The callback may ask again (the next folder of a mount): the entry is gone by now.
    callback(answer, why);
}

} // namespace Hopx::Core
