// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace Hopx::Local {

/*! \brief The secrets one sandbox holds, and the rewriting of its requests (issue 32).
 *
 * The sandbox's environment has NAME=<placeholder>; the value stays here, in the app. A
 * request to one of a secret's hosts gets the value in place of the placeholder in its
 * header fields (the request line and body too when the user opted in for that secret); a
 * request to any other host is sent unchanged, and a placeholder seen in it is reported as
 * offered. Matching is on the host the proxy checked and dials, never on a Host header the
 * sandbox wrote. Revoking a secret drops it: its placeholder is then sent unchanged
 * everywhere.
 */
class SecretBindings
{
public:
    struct Binding
    {
        QString name;
        QByteArray placeholder; // random, different per sandbox
        QByteArray value;
        QStringList hosts;
        bool inQuery = false;
        bool inBody = false;
    };
    //! What one rewrite did, for the log: names only.
    struct Report
    {
        QStringList used; // substituted for this host
        QStringList offered; // present, but this host is not theirs
    };

    //! A fresh random placeholder (the same length whatever the value is).
    static QByteArray newPlaceholder();

    void add(const Binding &binding);
    //! Updates the value, hosts and options of \a name (the user changed the secret).
    void update(const QString &name, const QByteArray &value, const QStringList &hosts,
        bool inQuery, bool inBody);
    void revoke(const QString &name);
    bool isEmpty() const { return m_bindings.isEmpty(); }
    QStringList names() const;
    const QList<Binding> &bindings() const { return m_bindings; }

    //! Whether requests to \a host carry a secret (the proxy then terminates TLS for it).
    bool boundTo(const QString &host) const;
    //! Whether some secret for \a host may be substituted in the body.
    bool bodyFor(const QString &host) const;

    /*! Rewrites a request head (request line and header lines, CRLF-separated, without the
     *  blank line) bound for \a host. */
    QByteArray rewriteHead(const QByteArray &head, const QString &host, Report *report) const;
    //! Rewrites a request body bound for \a host (only secrets that opted in).
    QByteArray rewriteBody(const QByteArray &body, const QString &host, Report *report) const;
    //! Reports placeholders in bytes that are passed on unread (a tunnel's first bytes).
    void scan(const QByteArray &bytes, const QString &host, Report *report) const;

private:
    QList<Binding> m_bindings;
};

} // namespace Hopx::Local
