// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineOption>

#include <cstdio>

class QCommandLineParser;

namespace Hopx::Core {

class SecretStore;

/*! \brief The headless secrets commands, so that main.cpp only wires them.
 *
 * `printf %s "$VALUE" | hopx-desktop --set-secret NAME --hosts api.example.com,*.example.org`
 * (plus --secret-in-query, --secret-in-body, --secret-always-allow), `--list-secrets` (names,
 * hosts and options, never a value) and `--remove-secret NAME`. The value comes from stdin
 * only, never from an argument, which other users could read in /proc.
 */
class SecretCommandLine
{
public:
    SecretCommandLine();

    void addOptions(QCommandLineParser &parser) const;
    bool requested(const QCommandLineParser &parser) const;
    //! The command given stores or removes a value in the keychain (--set-secret,
    //! --remove-secret), not only reads.
    bool writesKeychain(const QCommandLineParser &parser) const;
    //! Runs the requested command to its end (a local event loop); the process's exit code.
    int run(const QCommandLineParser &parser, SecretStore &store, std::FILE *in = stdin) const;

private:
    int set(const QCommandLineParser &parser, SecretStore &store, std::FILE *in) const;
    int list(SecretStore &store) const;
    int remove(const QString &name, SecretStore &store) const;

    QCommandLineOption m_set;
    QCommandLineOption m_hosts;
    QCommandLineOption m_inQuery;
    QCommandLineOption m_inBody;
    QCommandLineOption m_alwaysAllow;
    QCommandLineOption m_list;
    QCommandLineOption m_remove;
};

} // namespace Hopx::Core
