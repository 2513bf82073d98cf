// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace Hopx::Core {
class HttpService;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief Every user setting, through Core::Settings; the HTTP endpoint's token and state
 *  through the HttpService, which applies the HTTP settings as soon as they are saved. */
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    //! `program` is what the autostart entry runs (the app's absolute path).
    SettingsDialog(Core::Settings *settings, Core::HttpService *http, const QString &program,
        QWidget *parent = nullptr);

    //! Writes the form to the settings; false (with the reason shown) when something failed.
    bool apply();
    //! Fills the form from the settings.
    void load();
    //! A new random bearer token, in effect at once and written to the keychain.
    void regenerateToken();

    QTabWidget *tabs() const { return m_tabs; }
    QLineEdit *tokenEdit() const { return m_token; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *httpStatusLabel() const { return m_httpStatus; }
    QDialogButtonBox *buttons() const { return m_buttons; }
    //! Shown once a new language is saved: it takes effect at the next start.
    QPushButton *restartButton() const { return m_restart; }

signals:
    //! "Restart now" after a language change.
    void restartRequested();

public:
private:
    QWidget *createGeneralPage();
    QWidget *createLocalPage();
    QWidget *createCloudPage();
    QWidget *createHttpPage();
    void showToken();
    void showHttpState();
    void updateHttpUrl();

    QPointer<Core::Settings> m_settings;
    QPointer<Core::HttpService> m_http;
    QString m_program;
    QTabWidget *m_tabs;
    QDialogButtonBox *m_buttons;
    QLabel *m_message;
    QPushButton *m_restart;

    QComboBox *m_provider = nullptr;
    QComboBox *m_language = nullptr;
    QCheckBox *m_startAtLogin = nullptr;
    QSpinBox *m_memory = nullptr;
    QSpinBox *m_cpu = nullptr;
    QSpinBox *m_processes = nullptr;
    QSpinBox *m_disk = nullptr;
    QSpinBox *m_workspace = nullptr;
    QSpinBox *m_totalDisk = nullptr;
    QCheckBox *m_deleteOnQuit = nullptr;
    QSpinBox *m_timeout = nullptr;
    QCheckBox *m_network = nullptr;
    QCheckBox *m_preload = nullptr;
    QLineEdit *m_preloadModules = nullptr;
    QSpinBox *m_outputCap = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QCheckBox *m_httpEnabled = nullptr;
    QSpinBox *m_httpPort = nullptr;
    QLabel *m_httpUrl = nullptr;
    QLabel *m_httpStatus = nullptr;
    QLineEdit *m_token = nullptr;
    QPushButton *m_copyToken = nullptr;
    QPushButton *m_regenerate = nullptr;
};

} // namespace Hopx::Ui
