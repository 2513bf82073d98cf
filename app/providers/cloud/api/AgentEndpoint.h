// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

namespace Hopx::Cloud {

/*! \brief Where one sandbox's agent is and how to prove the right to use it (specs/hopx-api.md
 *  §3.1), as AgentPool last learnt it from the control plane. */
struct AgentEndpoint
{
    QUrl base; // the agent, from `public_host` (or `direct_url`)
    QString publicHost; // as HOPX sent it
    QString region;
    QString token; // `Authorization: Bearer` for the agent
    QDateTime tokenExpires; // invalid = not said

    //! `base` + `path`: every agent URL is made here.
    QUrl url(const QString &path, const QUrlQuery &query = {}) const
    {
        QUrl u = base;
        u.setPath(withoutTrailingSlash(base.path()) + path, QUrl::TolerantMode);
        u.setQuery(query);
        return u;
    }

    //! A `public_host` as a URL: `https://` when it names no scheme; empty for an empty host.
    //! A trailing `/` goes, as the SDKs strip it: joined as it is, `/execute` became `//execute`.
    static QUrl hostUrl(const QString &host)
    {
        if (host.isEmpty())
            return {};
        QUrl u(host.contains(QLatin1String("://")) ? host : QStringLiteral("https://") + host);
        u.setPath(withoutTrailingSlash(u.path()));
        return u;
    }

private:
    static QString withoutTrailingSlash(QString path)
    {
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        return path;
    }
};

} // namespace Hopx::Cloud
