// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"
#include "transport/HttpServerConfig.h"

#include <QCommandLineOption>
#include <QStringList>

class QCommandLineParser;

namespace Hopx::Mcp {

/*! \brief The app's HTTP transport flags, so that main.cpp only wires them.
 *
 * `--http ADDR:PORT` turns the transport on (PORT 0 = any free port; ADDR must be loopback),
 * `--http-token TOKEN` (or the environment's HOPX_MCP_HTTP_TOKEN) sets the bearer token.
 * Without a token one is generated and written to HttpTokenFile::defaultPath() (0600); it is
 * never printed. Only a test server switches the check off (disableTokenCheck()).
 */
class HttpCommandLine
{
public:
    HttpCommandLine();

    void addOptions(QCommandLineParser &parser) const;
    /*! Serve HTTP without any token check: every local process, of any user, can then drive
     *  the sandboxes. For tests only: no flag of the product reaches this. `flag` is what
     *  turned it off, for the warning and for errors. Call before configure(). */
    void disableTokenCheck(const QString &flag);
    bool requested(const QCommandLineParser &parser) const;
    /*! The server's address and token from the flags, or why they are wrong; `notes` are lines
     *  for stderr (warnings, where a generated token is). */
    Expected<HttpServerConfig> configure(const QCommandLineParser &parser, QStringList *notes);
    //! On shutdown: deletes that file if it still holds our token (a stale token helps nobody).
    void removeGeneratedToken();

    static const char *tokenEnvironmentVariable() { return "HOPX_MCP_HTTP_TOKEN"; }

private:
    QCommandLineOption m_http;
    QCommandLineOption m_token;
    QString m_noTokenFlag; // empty: tokens are checked
    QString m_tokenFile;
    QByteArray m_generatedToken;
};

} // namespace Hopx::Mcp
