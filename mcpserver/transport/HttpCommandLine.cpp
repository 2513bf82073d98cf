// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpCommandLine.h"

#include "transport/HttpTokenFile.h"

#include <QCommandLineParser>

namespace Hopx::Mcp {

HttpCommandLine::HttpCommandLine()
    : m_http(QStringLiteral("http"),
        QStringLiteral("Also serve MCP over Streamable HTTP at http://ADDR:PORT/mcp (loopback "
                       "addresses only; PORT 0 picks a free port)."),
        QStringLiteral("ADDR:PORT"))
    , m_token(QStringLiteral("http-token"),
          QStringLiteral(
              "Bearer token HTTP clients must send. Prefer the environment variable "
              "HOPX_MCP_HTTP_TOKEN: command lines are visible to other users. Without "
              "either, a token is generated into $XDG_RUNTIME_DIR/hopx-desktop/http-token."),
          QStringLiteral("TOKEN"))
{ }

void HttpCommandLine::addOptions(QCommandLineParser &parser) const
{
    parser.addOption(m_http);
    parser.addOption(m_token);
}

bool HttpCommandLine::requested(const QCommandLineParser &parser) const
{
    return parser.isSet(m_http);
}

bool HttpCommandLine::tokenGiven(const QCommandLineParser &parser) const
{
    return parser.isSet(m_token);
}

Expected<HttpServerConfig> HttpCommandLine::configure(
    const QCommandLineParser &parser, QStringList *notes)
{
    HttpServerConfig config;
    const QString value = parser.value(m_http).trimmed();
    const qsizetype colon = value.lastIndexOf(QLatin1Char(':'));
    QString host = colon < 0 ? QString() : value.left(colon);
    bool portOk = false;
    const uint port = colon < 0 ? 0 : value.mid(colon + 1).toUInt(&portOk);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        host = QStringLiteral("127.0.0.1");
    const QHostAddress address(host);
    if (colon < 0 || !portOk || port > 65535 || address.isNull()) {
        return Unexpected(QStringLiteral(
            "--http wants ADDR:PORT, e.g. 127.0.0.1:8765 (PORT 0 = any free port), got \"%1\"")
                              .arg(value));
    }
    // Whether ADDR is loopback is HttpServer::listen()'s call: it refuses anything else.
    config.address = address;
    config.port = quint16(port);

    const QByteArray envToken = qgetenv(tokenEnvironmentVariable()).trimmed();
    const QByteArray flagToken = parser.value(m_token).toUtf8().trimmed();
    if (m_adjust) {
        Expected<HttpServerConfig> adjusted =
            m_adjust(config, !flagToken.isEmpty() || !envToken.isEmpty(), notes);
        if (!adjusted)
            return adjusted;
        config = adjusted.value();
        if (!config.requireToken) {
            config.bearerToken.clear();
            return config;
        }
    }
    config.requireToken = true;
    if (parser.isSet(m_token) && flagToken.isEmpty()) {
        return Unexpected(QStringLiteral("--http-token needs a non-empty token"));
    }
    if (!flagToken.isEmpty()) {
        config.bearerToken = flagToken;
        return config;
    }
    if (!envToken.isEmpty()) {
        config.bearerToken = envToken;
        return config;
    }
    config.bearerToken = HttpTokenFile::generateToken();
    const QString path = HttpTokenFile::defaultPath();
    const QString failure = HttpTokenFile::write(path, config.bearerToken);
    if (!failure.isEmpty()) {
        return Unexpected(QStringLiteral(
            "generated an HTTP bearer token but could not store it: %1; pass one with "
            "--http-token or %2 instead")
                              .arg(failure, QLatin1String(tokenEnvironmentVariable())));
    }
    m_tokenFile = path;
    m_generatedToken = config.bearerToken;
    notes->append(
        QStringLiteral("Generated a bearer token for the HTTP endpoint; it is in %1 (readable by "
                       "you only). Clients send it as \"Authorization: Bearer <token>\".")
            .arg(path));
    return config;
}

} // namespace Hopx::Mcp

namespace Hopx::Mcp {

void HttpCommandLine::removeGeneratedToken()
{
    if (!m_tokenFile.isEmpty())
        HttpTokenFile::removeIfOurs(m_tokenFile, m_generatedToken);
}

} // namespace Hopx::Mcp
