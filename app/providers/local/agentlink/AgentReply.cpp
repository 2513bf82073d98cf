// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/AgentReply.h"

#include "providers/local/boot/ErrnoCode.h"

#include <QJsonObject>

#include <cstring>
#include <limits>

namespace Hopx::Local {

using Core::Error;

bool AgentReply::number(const QByteArray &text, qint64 min, qint64 max, qint64 &out)
{
    if (text.isEmpty() || text.size() > 20)
        return false;
    int i = 0;
    const bool negative = text[0] == '-';
    if (negative) {
        if (min >= 0 || text.size() == 1)
            return false;
        i = 1;
    }
    qint64 value = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9')
            return false;
        if (value > (std::numeric_limits<qint64>::max() - (c - '0')) / 10)
            return false;
        value = value * 10 + (c - '0');
    }
    if (negative)
        value = -value;
    if (value < min || value > max)
        return false;
    out = value;
    return true;
}

bool AgentReply::processLine(const QByteArray &line, AgentClient::ProcessInfo *out)
{
    // The name may contain spaces, so it is everything after the seventh.
    const int tab = line.indexOf('\t');
    if (tab < 0)
        return false;
    const QByteArray head = line.left(tab);
    QList<QByteArray> parts;
    int from = 0;
    for (int k = 0; k < 7; ++k) {
        const int sp = head.indexOf(' ', from);
        if (sp < 0)
            return false;
        parts << head.mid(from, sp - from);
        from = sp + 1;
    }
    AgentClient::ProcessInfo p;
    const qint64 big = std::numeric_limits<qint64>::max() / 2;
    if (!number(parts[0], 1, kMaxPid, p.pid) || !number(parts[1], 0, kMaxPid, p.ppid)
        || !number(parts[2], 0, kMaxPid, p.pgid) || parts[3].size() != 1
        || !number(parts[4], 0, big, p.rssKb) || !number(parts[5], 0, big, p.cpuMs)
        || !number(parts[6], 0, big, p.startedMsAgo))
        return false;
    p.state = parts[3][0];
    p.name = QString::fromUtf8(head.mid(from).left(64));
    p.cmdline = QString::fromUtf8(line.mid(tab + 1).left(4096));
    *out = p;
    return true;
}

Error AgentReply::error(qint64 errnum, const QByteArray &message)
{
    const Error::Code code = errorCodeForErrno(int(errnum));
    QString text = QString::fromUtf8(message.left(kMaxErrorText)).simplified();
    if (text.isEmpty())
        text = QString::fromLocal8Bit(std::strerror(int(errnum)));
    return Error::make(code, text, QJsonObject {{QStringLiteral("errno"), errnum}});
}

Error AgentReply::deadError()
{
    return Error::make(Error::Code::SandboxDead,
        QStringLiteral("The sandbox's agent is gone (the sandbox stopped or "
                       "crashed); create a new sandbox with create_sandbox."));
}

} // namespace Hopx::Local
