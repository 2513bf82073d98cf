// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"
#include "transport/HttpServerConfig.h"

#include <QCommandLineOption>
#include <QStringList>

#include <functional>

class QCommandLineParser;

namespace Hopx::Mcp {

/*! \brief The app's HTTP transport flags, so that main.cpp only wires them.
 *
 * `--http ADDR:PORT` turns the transport on (PORT 0 = any free port; ADDR must be loopback),
 * `--http-token TOKEN` (or the environment's HOPX_MCP_HTTP_TOKEN) sets the bearer token.
 * Without a token one is generated and written to HttpTokenFile::defaultPath() (0600); it is
 * never printed. An executable may change the configuration before the token is settled
 * (setAdjust()); hopx-desktop does not.
 */
class HttpCommandLine
{
public:
    HttpCommandLine();

    void addOptions(QCommandLineParser &parser) const;
    /*! Changes what the flags configured, before the token is settled: \a tokenGiven says
     *  whether --http-token or the environment gave one; an adjusted configuration that
     *  requires no token gets none. An error ends configure() with it; \a notes are lines for
     *  stderr. */
    using Adjust = std::function<Expected<HttpServerConfig>(
        HttpServerConfig config, bool tokenGiven, QStringList *notes)>;
    void setAdjust(Adjust adjust) { m_adjust = std::move(adjust); }
    bool requested(const QCommandLineParser &parser) const;
    //! --http-token was given (it means nothing without --http).
    bool tokenGiven(const QCommandLineParser &parser) const;
    /*! The server's address and token from the flags, or why they are wrong; `notes` are lines
     *  for stderr (warnings, where a generated token is). */
    Expected<HttpServerConfig> configure(const QCommandLineParser &parser, QStringList *notes);
    //! On shutdown: deletes that file if it still holds our token (a stale token helps nobody).
    void removeGeneratedToken();

    static const char *tokenEnvironmentVariable() { return "HOPX_MCP_HTTP_TOKEN"; }

private:
    QCommandLineOption m_http;
    QCommandLineOption m_token;
    Adjust m_adjust;
    QString m_tokenFile;
    QByteArray m_generatedToken;
};

} // namespace Hopx::Mcp
