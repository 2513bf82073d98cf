// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

#include <QPointer>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace Hopx::Core {
class HttpService;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief MCP over HTTP: on or off, the port, its state and the bearer token.
 *
 * The token is a secret in the keychain and is read only once this page is shown: on a desktop
 * without a default keyring yet, a read makes the keyring ask for a new password, and opening
 * Settings to change the memory limit must not.
 */
class HttpPage final : public SettingsPage
{
    Q_OBJECT
public:
    HttpPage(Core::HttpService *http, QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString save(Core::Settings &settings) override;
    //! A new random bearer token, in effect at once and written to the keychain.
    void regenerateToken();

    QLineEdit *tokenEdit() const { return m_token; }
    QLabel *statusLabel() const { return m_status; }

signals:
    void message(const QString &text);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showToken();
    void showState();
    void updateUrl();

    QPointer<Core::HttpService> m_http;
    QCheckBox *m_enabled;
    QSpinBox *m_port;
    QLabel *m_url;
    QLabel *m_status;
    QLineEdit *m_token;
    QPushButton *m_copy;
    QPushButton *m_regenerate;
};

} // namespace Hopx::Ui
