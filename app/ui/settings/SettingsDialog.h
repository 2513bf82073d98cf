// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTabWidget;

namespace Hopx::Core {
class HttpService;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Ui {

class GeneralPage;
class HttpPage;
class PackagesPage;
class SettingsPage;

/*! \brief Every user setting, one page per subject (SettingsPage), through Core::Settings; the
 *  HTTP endpoint's token and state through the HttpService, which applies the HTTP settings as
 *  soon as they are saved. */
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    /*! `program` is what the autostart entry runs (the app's absolute path); `packageCacheDir`
     *  the local sandboxes' package cache (empty: none to show). */
    SettingsDialog(Core::Settings *settings, Core::HttpService *http, const QString &program,
        const QString &packageCacheDir = {}, QWidget *parent = nullptr);

    //! Checks every page, then writes them; false (with the reason shown) when something failed.
    bool apply();
    //! Fills the form from the settings.
    void load();
    //! A new random bearer token, in effect at once and written to the keychain.
    void regenerateToken();

    QTabWidget *tabs() const { return m_tabs; }
    //! Showing it reads the HTTP token from the keychain (nothing else in here does).
    QWidget *httpPage() const { return m_httpTab; }
    PackagesPage *packagesPage() const { return m_packages; }
    QLineEdit *tokenEdit() const;
    QLabel *messageLabel() const { return m_message; }
    QLabel *httpStatusLabel() const;
    QDialogButtonBox *buttons() const { return m_buttons; }
    //! Shown once a new language is saved: it takes effect at the next start.
    QPushButton *restartButton() const { return m_restart; }
    /*! A page whose parts the dialog does not own (Tools: the IDE configs), after the built-in
     *  ones and before any tab that is no SettingsPage; returns the tab. */
    QWidget *addPage(SettingsPage *page, const QString &title);
    //! A page that saves itself (Secrets: straight into the keychain), listed after the rest.
    void addTab(QWidget *page, const QString &title);
    //! The pages' names on the left, one per tab of tabs() (whose own bar is hidden).
    QListWidget *categories() const { return m_categories; }

signals:
    //! "Restart now" after a language change.
    void restartRequested();

private:
    void showMessage(const QString &text);

    QPointer<Core::Settings> m_settings;
    QTabWidget *m_tabs;
    QListWidget *m_categories;
    QDialogButtonBox *m_buttons;
    QLabel *m_message;
    QPushButton *m_restart;
    QList<SettingsPage *> m_pages;
    GeneralPage *m_general;
    PackagesPage *m_packages;
    HttpPage *m_http;
    QWidget *m_httpTab = nullptr;
};

} // namespace Hopx::Ui
