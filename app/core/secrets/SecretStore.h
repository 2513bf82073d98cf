// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QFileSystemWatcher>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

namespace Hopx::Core {

class KeyStore;
class Settings;

/*! \brief Named secrets that sandboxes may use but never see (issue 32).
 *
 * A secret is a value in the keychain (entry "secret/NAME" of the app's KeyStore, the same
 * path as the HOPX API key) plus metadata in the settings: the hosts it belongs to (exact
 * names or "*.example.org"), where the egress proxy may put it (headers always; the query
 * string or the body only when the user said so) and whether the user allows it for every
 * sandbox without asking. The value is never in the settings, never logged, and never
 * returned by list(). A sandbox gets a placeholder; the proxy swaps the value in on requests
 * to the secret's hosts only.
 *
 * Removing a secret removes its metadata first, so revoked() fires at once and the proxies
 * stop substituting before the keychain has answered. A removal by another process (the
 * command line while the app runs) is seen through the settings file and revokes too; so is a
 * new value another process stored (its entry's revision changed), which reaches the proxies.
 */
class SecretStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)
public:
    struct Entry
    {
        QString name; // an environment variable name: [A-Z_][A-Z0-9_]*
        QStringList hosts; // normalized host names or *.patterns
        bool inQuery = false; // the proxy may also substitute in the query string
        bool inBody = false; // ... and in the request body
        bool alwaysAllow = false; // no per-sandbox question
        //! Random, new with every value set() stores (never derived from it): a process that
        //! only sees the settings file can tell that the value changed.
        QString revision;
        bool operator==(const Entry &o) const
        {
            return name == o.name && hosts == o.hosts && inQuery == o.inQuery && inBody == o.inBody
                && alwaysAllow == o.alwaysAllow && revision == o.revision;
        }
    };
    static constexpr int kMaxValueBytes = 16 * 1024;

    SecretStore(Settings *settings, KeyStore *keys, QObject *parent = nullptr);

    QList<Entry> list() const;
    std::optional<Entry> find(const QString &name) const;

    /*! Stores \a value in the keychain, then \a entry in the settings (replacing one of the
     *  same name); emits changed(name). Bad names, hosts or values fail with InvalidArgument
     *  and change nothing. */
    void set(const Entry &entry, const QString &value, Callback<Unit> done);
    //! Changes the metadata only (the Settings page's "always allow"); emits changed(name).
    Result<Unit> update(const Entry &entry);
    //! Forgets \a name (metadata at once, then the keychain entry); emits revoked(name).
    void remove(const QString &name, Callback<Unit> done);
    //! The value, for the egress proxy only.
    void readValue(const QString &name, Callback<QString> done);

    //! Whether \a entry belongs to \a host (a name from a request, any case).
    static bool boundTo(const Entry &entry, const QString &host);
    //! "api.example.com,*.example.org" as normalized hosts, or what is wrong.
    static Result<QStringList> parseHosts(const QString &commaSeparated);
    static Result<Unit> checkName(const QString &name);
    static Result<Unit> checkValue(const QString &value);
    static QString keyName(const QString &name) { return QStringLiteral("secret/") + name; }

signals:
    void changed(const QString &name);
    void revoked(const QString &name);

private:
    void save(const QList<Entry> &entries);
    //! Another process (hopx-desktop --remove-secret) changed the settings file.
    void reload();
    Result<Unit> check(const Entry &entry) const;

    QPointer<Settings> m_settings;
    KeyStore *m_keys;
    QFileSystemWatcher m_watcher;
    QList<Entry> m_known; // as last seen, to tell what another process changed
};

} // namespace Hopx::Core
