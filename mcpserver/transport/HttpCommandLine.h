// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "HttpServerConfig.h"

#include <QCommandLineOption>
#include <QStringList>

class QCommandLineParser;

namespace Hopx::Mcp {

/*! \brief The app's HTTP transport flags, so that main.cpp only wires them.
 *
 * `--http ADDR:PORT` turns the transport on (PORT 0 = any free port; ADDR must be loopback),
 * `--http-token TOKEN` (or the environment's HOPX_MCP_HTTP_TOKEN) sets the bearer token,
 * `--http-insecure-no-token` switches the token check off. With neither token nor that flag,
 * a token is generated and written to HttpTokenFile::defaultPath() (0600); it is never printed.
 */
class HttpCommandLine
{
public:
    HttpCommandLine();

    void addOptions(QCommandLineParser &parser) const;
    bool requested(const QCommandLineParser &parser) const;
    /*! Fills `config`; `notes` are lines for stderr (warnings, where a generated token is).
     *  Returns false with `error` set on a bad flag. */
    bool configure(const QCommandLineParser &parser, HttpServerConfig *config, QStringList *notes,
        QString *error);
    //! On shutdown: deletes that file if it still holds our token (a stale token helps nobody).
    void removeGeneratedToken();

    static const char *tokenEnvironmentVariable() { return "HOPX_MCP_HTTP_TOKEN"; }

private:
    QCommandLineOption m_http;
    QCommandLineOption m_token;
    QCommandLineOption m_noToken;
    QString m_tokenFile;
    QByteArray m_generatedToken;
};

} // namespace Hopx::Mcp
