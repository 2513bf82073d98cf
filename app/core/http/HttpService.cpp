// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/http/HttpService.h"

#include "core/secrets/KeyStore.h"
#include "core/settings/Settings.h"
#include "transport/HttpCommandLine.h"
#include "transport/HttpServer.h"
#include "transport/HttpTokenFile.h"

#include <QLoggingCategory>
#include <QTimer>

#include <cstdio>

Q_LOGGING_CATEGORY(lcHttpService, "hopx.core.http", QtInfoMsg)

namespace Hopx::Core {

HttpService::HttpService(Settings *settings, KeyStore *keyStore, const Mcp::ServerConfig &config,
    const Mcp::ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_keyStore(keyStore)
    , m_config(config)
    , m_context(context)
    , m_reconcile(new QTimer(this))
{
    // The dialog writes enabled and port one after the other: act once on both.
    m_reconcile->setSingleShot(true);
    m_reconcile->setInterval(0);
    connect(m_reconcile, &QTimer::timeout, this, &HttpService::reconcile);
    if (m_settings)
        connect(m_settings, &Settings::changed, this, [this](const QString &key) {
            if (key.startsWith(QLatin1String("http/")))
                scheduleReconcile();
        });
}

HttpService::~HttpService()
{
    closeServer();
    if (m_commandLine)
        m_commandLine->removeGeneratedToken();
}

std::optional<int> HttpService::start(const QCommandLineParser &parser, Mcp::HttpCommandLine &flags)
{
    if (flags.requested(parser))
        return serveCommandLine(parser, flags);
    if (flags.tokenGiven(parser)) {
        // Ignoring it would leave the user believing a token guards an endpoint that either
        // does not exist or (Settings → HTTP) keeps its own token in the keychain.
        tell(QStringLiteral("hopx-desktop: --http-token needs --http ADDR:PORT; the endpoint "
                            "turned on in Settings keeps its own token"));
        return 2;
    }
    start();
    return std::nullopt;
}

std::optional<int> HttpService::serveCommandLine(
    const QCommandLineParser &parser, Mcp::HttpCommandLine &flags)
{
    QStringList notes;
    const Mcp::Expected<Mcp::HttpServerConfig> http = flags.configure(parser, &notes);
    if (!http) {
        tell(QStringLiteral("hopx-desktop: ") + http.error());
        return 2;
    }
    m_commandLine = &flags; // from here on a generated token file is ours to remove
    for (const QString &note : std::as_const(notes))
        tell(QStringLiteral("hopx-desktop: ") + note);
    auto server = std::make_unique<Mcp::HttpServer>(m_config, m_context, http.value());
    if (!server->listen()) {
        tell(QStringLiteral("hopx-desktop: ") + server->errorString());
        return 1;
    }
    setCommandLineOverride(server->endpointUrl());
    m_server = std::move(server);
    return std::nullopt;
}

void HttpService::tell(const QString &line)
{
    std::fprintf(stderr, "%s\n", qPrintable(line));
    std::fflush(stderr);
}

void HttpService::start()
{
    if (m_state == State::CommandLine)
        return;
    m_following = true;
    reconcile();
}

void HttpService::stop()
{
    m_following = false;
    m_reconcile->stop();
    closeServer();
    if (m_commandLine)
        std::exchange(m_commandLine, nullptr)->removeGeneratedToken();
    if (m_state != State::CommandLine)
        setState(State::Off);
}

void HttpService::setCommandLineOverride(const QString &url)
{
    m_following = false;
    closeServer();
    m_overrideUrl = url;
    setState(State::CommandLine);
}

QString HttpService::endpointUrl() const
{
    if (m_state == State::CommandLine)
        return m_overrideUrl;
    return m_server && m_state == State::Listening ? m_server->endpointUrl() : QString();
}

quint16 HttpService::port() const
{
    return m_server && m_state == State::Listening ? m_server->port() : 0;
}

void HttpService::scheduleReconcile()
{
    if (m_following)
        m_reconcile->start();
}

void HttpService::reconcile()
{
    if (!m_following || !m_settings)
        return;
    if (!m_settings->httpEnabled()) {
        closeServer();
        setState(State::Off);
        return;
    }
    if (m_token.isEmpty()) {
        // Serving without a token is never an option: wait for it (tokenChanged reconciles).
        setState(State::Starting);
        loadToken();
        return;
    }
    const int wanted = m_settings->httpPort();
    // Port 0 (tests) means any free one: whichever we got is right.
    if (m_server && m_state == State::Listening && (wanted == 0 || m_server->port() == wanted))
        return;
    closeServer();
    if (wanted < 0 || wanted > 65535) {
        m_error = tr("MCP over HTTP could not serve on port %1: it is not a port number (1 to "
                     "65535)")
                      .arg(wanted);
        qCWarning(lcHttpService).noquote()
            << "HTTP endpoint not started: port" << wanted << "is out of range";
        setState(State::Failed);
        return;
    }
    Mcp::HttpServerConfig http;
    http.port = quint16(wanted);
    http.bearerToken = m_token.toUtf8();
    m_server = std::make_unique<Mcp::HttpServer>(m_config, m_context, http);
    if (!m_server->listen()) {
        // The socket's reason in Qt's words, translated with Qt's own; the log keeps English.
        const QString reason = m_server->socketErrorString();
        m_error = tr("MCP over HTTP could not serve on port %1: %2")
                      .arg(wanted)
                      .arg(reason.isEmpty() ? m_server->errorString() : reason);
        qCWarning(lcHttpService).noquote()
            << "HTTP endpoint not started:" << m_server->errorString();
        m_server.reset();
        setState(State::Failed);
        return;
    }
    m_error.clear();
    setState(State::Listening);
}

void HttpService::closeServer()
{
    if (!m_server)
        return;
    m_server->close();
    m_server.reset();
}

void HttpService::setState(State state)
{
    if (state != State::Failed)
        m_error.clear();
    // A failed retry is news even when the state was already Failed (another port, another
    // reason), so Failed is always reported.
    if (m_state == state && state != State::Failed)
        return;
    m_state = state;
    if (state == State::Listening || state == State::CommandLine)
        tell(QStringLiteral("HTTP MCP endpoint: ") + endpointUrl());
    else if (state == State::Failed)
        tell(QStringLiteral("hopx-desktop: ") + m_error);
    emit stateChanged(state);
}

void HttpService::loadToken()
{
    if (!m_token.isEmpty() || m_tokenLoading)
        return;
    if (!m_keyStore) {
        m_token = QString::fromLatin1(Mcp::HttpTokenFile::generateToken());
        m_tokenInKeychain = false;
        emit tokenChanged();
        scheduleReconcile();
        return;
    }
    m_tokenLoading = true;
    QPointer<HttpService> self(this);
    m_keyStore->read(
        [self](Result<QString> r) {
            if (!self)
                return;
            self->m_tokenLoading = false;
            if (!self->m_token.isEmpty())
                return; // regenerated while we were reading
            if (r.ok() && !r.value().isEmpty()) {
                self->m_token = r.value();
                self->m_tokenInKeychain = true;
                emit self->tokenChanged();
                self->scheduleReconcile();
                return;
            }
            if (!r.ok() && r.error().code != Error::Code::NotFound)
                qCInfo(lcHttpService).noquote()
                    << "HTTP token not readable, keeping a new one in memory:" << r.error().message;
            self->regenerateToken();
        },
        KeyStore::httpTokenName());
}

void HttpService::regenerateToken()
{
    const QString token = QString::fromLatin1(Mcp::HttpTokenFile::generateToken());
    m_token = token;
    m_tokenInKeychain = false; // until the keychain says it has it
    if (m_server && m_state != State::CommandLine) // --http's token is the command line's
        m_server->setBearerToken(token.toUtf8());
    emit tokenChanged();
    storeToken(token);
    scheduleReconcile();
}

void HttpService::storeToken(const QString &token)
{
    if (!m_keyStore)
        return;
    QPointer<HttpService> self(this);
    m_keyStore->write(
        token,
        [self, token](Result<Unit> r) {
            if (!self || self->m_token != token)
                return;
            self->m_tokenInKeychain = r.ok();
            if (!r.ok())
                qCInfo(lcHttpService).noquote()
                    << "HTTP token kept in memory for this session:" << r.error().message;
            emit self->tokenChanged();
        },
        KeyStore::httpTokenName());
}

} // namespace Hopx::Core
