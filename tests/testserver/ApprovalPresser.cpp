// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ApprovalPresser.h"

#include "core/models/ApprovalListModel.h"

#include <QTimer>

#include <cstdio>

namespace Hopx::TestServer {

using Core::ApprovalBroker;

ApprovalPresser::ApprovalPresser(
    ApprovalBroker *broker, ApprovalBroker::Answer answer, int delayMs, QObject *parent)
    : QObject(parent)
    , m_broker(broker)
    , m_answer(answer)
    , m_delayMs(delayMs)
{
    m_broker->addAnswerer();
    connect(m_broker, &ApprovalBroker::requested, this, &ApprovalPresser::press);
}

ApprovalPresser::~ApprovalPresser()
{
    if (m_broker)
        m_broker->removeAnswerer();
}

bool ApprovalPresser::parse(const QString &spec, ApprovalBroker::Answer *answer, int *delayMs)
{
    const QStringList parts = spec.split(QLatin1Char(':'));
    const QString what = parts.value(0);
    if (what == QLatin1String("allow-once"))
        *answer = ApprovalBroker::Answer::AllowOnce;
    else if (what == QLatin1String("always"))
        *answer = ApprovalBroker::Answer::AllowAlways;
    else if (what == QLatin1String("deny"))
        *answer = ApprovalBroker::Answer::Deny;
    else
        return false;
    bool ok = true;
    *delayMs = parts.size() > 1 ? parts.at(1).toInt(&ok) : 0;
    return ok && parts.size() <= 2 && *delayMs >= 0;
}

void ApprovalPresser::press(quint64 id)
{
    if (const ApprovalBroker::Pending *p = m_broker->find(id)) {
        std::fprintf(
            stderr, "approval requested: %s\n", qPrintable(Core::ApprovalListModel::describe(*p)));
        std::fflush(stderr);
    }
    QTimer::singleShot(m_delayMs, this, [this, id] {
        if (m_broker && m_broker->answer(id, m_answer)) {
            std::fprintf(stderr, "approval answered: %s\n",
                QVariant::fromValue(m_answer).toString().toUtf8().constData());
            std::fflush(stderr);
        }
    });
}

} // namespace Hopx::TestServer
