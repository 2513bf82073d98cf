// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/Format.h"

#include <QLocale>

namespace Hopx::Core {

QString Format::duration(qint64 s)
{
    if (s < 0)
        s = 0;
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min").arg(s / 60);
    if (s < 86400)
        return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return tr("%1 d %2 h").arg(s / 86400).arg((s % 86400) / 3600);
}

QString Format::countdown(qint64 s)
{
    if (s < 0)
        return tr("expired");
    const qint64 h = s / 3600, m = (s % 3600) / 60, sec = s % 60;
    if (h > 0)
        return QStringLiteral("%1:%2:%3")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(sec, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(m).arg(sec, 2, 10, QLatin1Char('0'));
}

QString Format::ago(const QDateTime &then, const QDateTime &now)
{
    if (!then.isValid())
        return none();
    const qint64 s = std::max<qint64>(0, then.secsTo(now));
    if (s < 5)
        return tr("just now");
    if (s < 60)
        return tr("%1 s ago").arg(s);
    if (s < 3600)
        return tr("%1 min ago").arg(s / 60);
    if (s < 86400)
        return tr("%1 h ago").arg(s / 3600);
    return QLocale().toString(then, QLocale::ShortFormat);
}

QString Format::bytes(qint64 bytes)
{
    if (bytes < 0)
        return none();
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

QString Format::imageType(const QString &mimeType)
{
    return mimeType.section(QLatin1Char('/'), 1).section(QLatin1Char('+'), 0, 0).toUpper();
}

QString Format::elapsedUs(qint64 us)
{
    if (us < 0)
        return none();
    if (us < 1000)
        return tr("%1 µs").arg(us);
    if (us < 1000000)
        return tr("%1 ms").arg(QLocale().toString(us / 1000.0, 'f', us < 10000 ? 1 : 0));
    return tr("%1 s").arg(QLocale().toString(us / 1000000.0, 'f', 2));
}

QString Format::failure(Error::Code code, const QString &message)
{
    using Code = Error::Code;
    switch (code) {
    case Code::NotFound:
        return tr("the sandbox no longer exists");
    case Code::SandboxDead:
        return tr("the sandbox is no longer running");
    case Code::Unauthorized:
        return tr("the API key was refused");
    case Code::RateLimited:
        return tr("too many requests; try again in a minute");
    case Code::Network:
        return tr("the network failed");
    case Code::Timeout:
        return tr("no answer in time");
    case Code::Cancelled:
        return tr("cancelled");
    default:
        return message;
    }
}

} // namespace Hopx::Core
