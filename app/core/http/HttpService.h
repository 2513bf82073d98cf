// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/ServerConfig.h"
#include "session/ServerContext.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QTimer;

namespace Hopx::Mcp {
class HttpServer;
}

namespace Hopx::Core {

class KeyStore;
class Settings;

/*! \brief The Streamable HTTP endpoint as the user's settings want it, applied live.
 *
 * Follows Settings::httpEnabled()/httpPort() after start(): it listens on
 * http://127.0.0.1:PORT/mcp when enabled, moves when the port changes and stops when
 * disabled, without restarting the app. The bearer token is generated once and kept in the
 * KeyStore entry KeyStore::httpTokenName(); without a keychain it lives in memory for this
 * run only. The token never goes to the settings file or to a log.
 *
 * When `--http` is given, the command line owns the endpoint: setCommandLineOverride() and
 * the settings are not followed.
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

    //! Starts following the settings (and serving now, if they say so).
    void start();
    //! Stops serving and following (app shutdown).
    void stop();
    //! The endpoint comes from --http instead; `url` is where it serves.
    void setCommandLineOverride(const QString &url);

    State state() const { return m_state; }
    //! Why the last start failed (the port is taken, …), in the transport's words.
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
    QString m_token;
    bool m_tokenInKeychain = false;
    bool m_tokenLoading = false;
    bool m_following = false;
};

} // namespace Hopx::Core
