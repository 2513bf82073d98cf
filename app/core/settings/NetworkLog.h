// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace Hopx::Core {

/*! \brief The lines of a sandbox's "network" stream: what its egress proxy allowed, refused and
 *  which secrets went out, written in English (the stream is the sandbox's output, which the
 *  model may read) and shown in the user's language in the Logs view.
 *
 * Every sentence is written here once, so that translated() can recognise each line it made.
 */
class NetworkLog
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::NetworkLog)
public:
    static QString allowedLine(const QString &host, quint16 port);
    static QString deniedLine(const QString &host, quint16 port, const QString &reason);
    static QString secretUsedLine(const QString &secret, const QString &host);
    //! The secret's placeholder went to a host it is not for, as it was.
    static QString secretOfferedLine(const QString &secret, const QString &host);

    //! Why the egress proxy refuses a host the sandbox's allowlist does not name (allowing it
    //! would help; every other reason stays refused whatever the user allows).
    static QString notListed();
    static QString invalidHost();
    static QString privateAddress();
    static QString portOnly(quint16 port);
    static QString resolvesToPrivate(const QString &address);
    static QString unresolved(const QString &error);

    /*! The host of a deniedLine() that was refused for notListed(), which the user can allow
     *  for the sandbox; empty for any other line (a private address stays refused). */
    static QString allowableHostOf(const QString &line);
    //! \a text (lines of the stream) in the user's language: the lines made here translated,
    //! hosts, ports, secret names and system messages as they are, any other line unchanged.
    static QString translated(const QString &text);
};

} // namespace Hopx::Core
