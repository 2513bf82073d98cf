// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/ServerConfig.h"
#include "session/ServerContext.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <optional>

class QCommandLineParser;
class QTimer;

namespace Hopx::Mcp {
class HttpCommandLine;
class HttpServer;
} // namespace Hopx::Mcp

namespace Hopx::Core {

class KeyStore;
class Settings;

/*! \brief The app's Streamable HTTP endpoint, from start to shutdown: as `--http` asks, or
 *  as the user's settings want it, applied live.
 *
 * With `--http` (start(parser, flags)) it serves that address with that token (or one it
 * generated into a file, removed again at stop()) and ignores the settings. Otherwise it
 * follows Settings::httpEnabled()/httpPort(): it listens on http://127.0.0.1:PORT/mcp when
 * enabled, moves when the port changes and stops when disabled, without restarting the app.
 * That bearer token is generated once and kept in the KeyStore entry
 * KeyStore::httpTokenName(); without a keychain it lives in memory for this run only. The
 * token never goes to the settings file or to a log. Where it listens, or why it cannot, is
 * said on stderr ("HTTP MCP endpoint: URL"), which launchers and tests read.
 */
class HttpService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpService)
public:
    enum class State { Off, Starting, Listening, Failed, CommandLine };
    Q_ENUM(State)

    HttpService(Settings *settings, KeyStore *keyStore, const Mcp::ServerConfig &config,
        const Mcp::ServerContext &context, QObject *parent = nullptr);
    ~HttpService() override;

    /*! Serves as the command line says (`--http`, `--http-token`), else follows the settings.
     *  On a bad flag (2) or an address it cannot listen on (1), says why on stderr and returns
     *  that exit code. */
    std::optional<int> start(const QCommandLineParser &parser, Mcp::HttpCommandLine &flags);
    //! Starts following the settings (and serving now, if they say so).
    void start();
    //! Stops serving and following (app shutdown); removes a token file it generated.
    void stop();
    //! The endpoint comes from elsewhere, serving at `url`: the settings are not followed.
    void setCommandLineOverride(const QString &url);

    State state() const { return m_state; }
    //! Why the last start failed (the port is taken, …): a sentence in the user's language.
    QString errorString() const { return m_error; }
    //! http://127.0.0.1:PORT/mcp while listening or overridden, else "".
    QString endpointUrl() const;
    quint16 port() const;
    Mcp::HttpServer *server() const { return m_server.get(); }

    //! Reads (or makes) the token; tokenChanged() when it is there. Nothing if already done.
    void loadToken();
    //! "" until loaded.
    QString token() const { return m_token; }
    //! False when no keychain took it: the token ends with this run.
    bool tokenInKeychain() const { return m_tokenInKeychain; }
    /*! A new token, in effect at once (the old one gets 401 from the next request on) and
     *  written to the keychain. */
    void regenerateToken();

signals:
    void stateChanged(Hopx::Core::HttpService::State state);
    void tokenChanged();

private:
    std::optional<int> serveCommandLine(
        const QCommandLineParser &parser, Mcp::HttpCommandLine &flags);
    //! A line on stderr: where the endpoint is, or why it is not there.
    static void tell(const QString &line);
    void scheduleReconcile();
    void reconcile();
    void closeServer();
    void setState(State state);
    void storeToken(const QString &token);

    QPointer<Settings> m_settings;
    QPointer<KeyStore> m_keyStore;
    Mcp::ServerConfig m_config;
    Mcp::ServerContext m_context; // its observer sees this endpoint's clients like all others
    std::unique_ptr<Mcp::HttpServer> m_server;
    QTimer *m_reconcile;
    State m_state = State::Off;
    QString m_error;
    QString m_overrideUrl;
    Mcp::HttpCommandLine *m_commandLine = nullptr; // set while --http serves
    QString m_token;
    bool m_tokenInKeychain = false;
    bool m_tokenLoading = false;
    bool m_following = false;
};

} // namespace Hopx::Core
