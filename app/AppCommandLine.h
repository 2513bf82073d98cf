// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/SecretCommandLine.h"
#include "transport/HttpCommandLine.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

class QCoreApplication;

namespace Hopx {

class AppExtension;

/*! \brief hopx-desktop's command line: every option, parsed once, read by name.
 *
 * The HTTP and secrets flags are their own classes (they also configure what they start);
 * an AppExtension adds its options before parsing (the test server's fixtures).
 */
class AppCommandLine
{
public:
    explicit AppCommandLine(AppExtension &extension);

    //! Sets the application's name and version, then parses (exits on --help/--version/errors).
    void process(QCoreApplication &app);

    const QCommandLineParser &parser() const { return m_parser; }
    Mcp::HttpCommandLine &http() { return m_http; }
    const Core::SecretCommandLine &secrets() const { return m_secrets; }

    bool background() const { return m_parser.isSet(m_background); }
    //! The local socket's name as given (empty: the user's default).
    QString socketName() const { return m_parser.value(m_socket); }
    bool setApiKey() const { return m_parser.isSet(m_setApiKey); }
    bool clearApiKey() const { return m_parser.isSet(m_clearApiKey); }
    bool noKeychain() const { return m_parser.isSet(m_noKeychain); }
    bool migrate() const { return m_parser.isSet(m_migrate); }
    bool listTools() const { return m_parser.isSet(m_listTools); }
    QString listFormat() const { return m_parser.value(m_listFormat); }
    //! --tools: the profile --list-tools prints and --connect writes.
    QString toolsProfile() const { return m_parser.value(m_toolsProfile); }
    bool connect() const { return m_parser.isSet(m_connectIde); }
    //! --connect's IDE ("list": every IDE known).
    QString connectIde() const { return m_parser.value(m_connectIde); }

private:
    QCommandLineParser m_parser;
    QCommandLineOption m_headless;
    QCommandLineOption m_background;
    QCommandLineOption m_socket;
    QCommandLineOption m_setApiKey;
    QCommandLineOption m_clearApiKey;
    QCommandLineOption m_noKeychain;
    QCommandLineOption m_migrate;
    QCommandLineOption m_connectIde;
    QCommandLineOption m_listTools;
    QCommandLineOption m_listFormat;
    QCommandLineOption m_toolsProfile;
    Mcp::HttpCommandLine m_http; // --http, --http-token
    Core::SecretCommandLine m_secrets; // --set-secret, --list-secrets, --remove-secret
};

} // namespace Hopx
