// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QByteArray>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace Hopx::Core {

/*! \brief Typed access to the app's settings (QSettings in the XDG config dir).
 *
 * Never holds secrets: the API key and the HTTP token live in the keychain. An area with
 * many settings has a view of its own over this one (LocalSettings).
 * Injected where needed; tests point XDG_CONFIG_HOME at a temporary directory.
 */
class Settings : public QObject
{
    Q_OBJECT
public:
    explicit Settings(QObject *parent = nullptr);
    //! For tests: settings in an explicit file.
    Settings(const QString &fileName, QObject *parent);

    QString defaultProvider() const; // auto | local | hopx
    void setDefaultProvider(const QString &provider);
    QString hopxBaseUrl() const; // empty = https://api.hopx.dev
    void setHopxBaseUrl(const QString &url);
    //! How often HOPX sandboxes made elsewhere are looked for (ms; 0 = never).
    int hopxListIntervalMs() const;
    void setHopxListIntervalMs(int ms);

    int defaultSandboxTimeoutSeconds() const;
    void setDefaultSandboxTimeoutSeconds(int seconds);
    qint64 outputCapBytes() const;
    void setOutputCapBytes(qint64 bytes);
    //! Hosts the "packages" network policy allows (package indexes and their file hosts).
    QStringList packageHosts() const;
    void setPackageHosts(const QStringList &hosts);
    //! Hosts the user allowed "always" from a denial; added to every allowlist sandbox.
    QStringList alwaysAllowedHosts() const;
    void setAlwaysAllowedHosts(const QStringList &hosts);
    /*! "name=address" pairs the egress proxy resolves without DNS (a local index or mirror
     *  on this machine). An address here may be a loopback one: the user put it there. */
    QStringList egressHostMap() const;
    void setEgressHostMap(const QStringList &pairs);
    /*! PEM files of CAs the egress proxy trusts, besides the system's store, when it talks TLS
     *  to a secret's host itself (a company's own CA, a local API's). */
    QStringList upstreamCaFiles() const;
    void setUpstreamCaFiles(QStringList files);

    //! How large the sandboxes' shared package cache may grow (MiB), oldest use out first.
    int packageCacheMaxMb() const;
    void setPackageCacheMaxMb(int mb);
    //! The upstream indexes the package cache fetches from (PEP 503 simple, npm registry).
    QString packagePypiIndex() const;
    void setPackagePypiIndex(QString url);
    QString packageNpmRegistry() const;
    void setPackageNpmRegistry(QString url);

    //! Host folders the user approved for file_upload / file_download (besides client roots).
    QStringList approvedFolders() const;
    void setApprovedFolders(QStringList folders);
    //! mount_roots on a HOPX sandbox copies the roots in, up to this many MiB in all.
    int cloudRootMb() const;
    void setCloudRootMb(int mb);
    //! file_read returns files up to this size inline; larger or binary ones as a link.
    qint64 inlineReadBytes() const;
    void setInlineReadBytes(qint64 bytes);

    //! Desktop notifications, each switchable: the events below (default on).
    enum class Notice { Approval, RunFinished, Expiring, WorkspaceFull, NetworkDenied };
    Q_ENUM(Notice)
    bool notifies(Notice notice) const;
    void setNotifies(Notice notice, bool on);

    bool httpEnabled() const;
    void setHttpEnabled(bool on);
    int httpPort() const;
    void setHttpPort(int port);
    QString language() const; // empty = follow the system
    void setLanguage(const QString &language);

    //! Whether an XDG autostart entry for the app exists (~/.config/autostart/<app id>.desktop).
    bool startAtLogin() const;
    //! Writes the entry (running `program --background`) or removes it.
    Result<Unit> setStartAtLogin(bool on, const QString &program);
    static QString autostartPath();

    QByteArray mainWindowState() const;
    void setMainWindowState(const QByteArray &state);
    //! The "no system tray here" hint is shown once.
    bool noTrayHintShown() const;
    void setNoTrayHintShown(bool shown);

    //! The settings file, and a re-read of what other processes wrote to it (the CLI).
    QString fileName() const { return m_settings.fileName(); }
    void sync() { m_settings.sync(); }

    QVariant value(const QString &key, const QVariant &fallback = {}) const;
    void setValue(const QString &key, const QVariant &value);

signals:
    void changed(const QString &key);

private:
    QSettings m_settings;
};

} // namespace Hopx::Core
