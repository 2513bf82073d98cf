// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/HttpPage.h"

#include "core/http/HttpService.h"
#include "core/settings/Settings.h"
#include "ui/Icons.h"
#include "ui/settings/SettingsForm.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace Hopx::Ui {

using namespace SettingsForm;

HttpPage::HttpPage(Core::HttpService *http, QWidget *parent)
    : SettingsPage(parent)
    , m_http(http)
    , m_enabled(new QCheckBox(tr("Serve MCP over HTTP on this computer"), this))
    , m_port(spin(this, 1024, 65535, 1, QString(), tr("HTTP port")))
    , m_url(new QLabel(this))
    , m_status(new QLabel(this))
    , m_token(new QLineEdit(this))
    , m_copy(new QPushButton(tr("Cop&y"), this))
    , m_regenerate(new QPushButton(tr("&Regenerate"), this))
{
    m_enabled->setObjectName(QStringLiteral("httpEnabled"));
    m_port->setObjectName(QStringLiteral("httpPort"));
    m_port->setGroupSeparatorShown(false);
    m_url->setObjectName(QStringLiteral("httpUrl"));
    m_url->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_token->setObjectName(QStringLiteral("httpToken"));
    m_token->setReadOnly(true);
    m_token->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_token->setAccessibleName(tr("Bearer token"));
    m_copy->setObjectName(QStringLiteral("copyToken"));
    m_copy->setAccessibleName(tr("Copy the token"));
    m_regenerate->setObjectName(QStringLiteral("regenerateToken"));
    m_regenerate->setAccessibleName(tr("Regenerate the token"));
    m_regenerate->setToolTip(tr("Make a new token; clients using the old one must be updated"));
    m_status->setObjectName(QStringLiteral("httpStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_copy, &QPushButton::clicked, this,
        [this] { QApplication::clipboard()->setText(m_token->text()); });
    connect(m_regenerate, &QPushButton::clicked, this, &HttpPage::regenerateToken);
    connect(m_port, &QSpinBox::valueChanged, this, &HttpPage::updateUrl);
    connect(m_enabled, &QCheckBox::toggled, this, &HttpPage::updateUrl);
    if (m_http) {
        connect(m_http, &Core::HttpService::stateChanged, this, &HttpPage::showState);
        connect(m_http, &Core::HttpService::tokenChanged, this, &HttpPage::showToken);
    }

    auto *tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(m_copy);
    tokenRow->addWidget(m_regenerate);
    auto *form = new QFormLayout(this);
    form->addRow(QString(), m_enabled);
    addRow(form, tr("&Port:"), m_port);
    form->addRow(tr("Address:"), m_url);
    form->addRow(buddyLabel(this, tr("&Token:"), m_token), tokenRow);
    form->addRow(tr("Status:"), m_status);
    addNote(form,
        tr("Only programs on this computer can connect, and only with "
           "this token as \"Authorization: Bearer <token>\". The "
           "token is kept in the keychain. Changes apply as soon as "
           "you press Apply or OK."));
}

void HttpPage::load(const Core::Settings &settings)
{
    m_enabled->setChecked(settings.httpEnabled());
    m_port->setValue(settings.httpPort());
    updateUrl();
    showToken();
}

QString HttpPage::save(Core::Settings &settings)
{
    // The HTTP endpoint follows these settings by itself (HttpService): started, moved or
    // stopped by now, and the status line tells how that went.
    settings.setHttpEnabled(m_enabled->isChecked());
    settings.setHttpPort(m_port->value());
    return {};
}

void HttpPage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    if (m_http)
        m_http->loadToken(); // shown: now the token may be read
    showToken();
}

void HttpPage::updateUrl()
{
    m_url->setText(QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_port->value()));
    m_url->setEnabled(m_enabled->isChecked());
}

void HttpPage::showToken()
{
    if (!m_http) {
        m_token->clear();
        m_token->setPlaceholderText(tr("No keychain available"));
        m_copy->setEnabled(false);
        m_regenerate->setEnabled(false);
        return;
    }
    m_token->setText(m_http->token());
    m_token->setPlaceholderText(tr("Reading the keychain…"));
    m_copy->setEnabled(!m_http->token().isEmpty());
    showState();
}

void HttpPage::showState()
{
    if (!m_http) {
        m_status->clear();
        return;
    }
    QString text;
    bool error = false;
    switch (m_http->state()) {
    case Core::HttpService::State::Off:
        text = tr("Not serving.");
        break;
    case Core::HttpService::State::Starting:
        text = tr("Starting…");
        break;
    case Core::HttpService::State::Listening:
        text = tr("Serving at %1").arg(m_http->endpointUrl());
        break;
    case Core::HttpService::State::Failed:
        error = true;
        text = tr("%1. Choose another port, or stop the program that uses it.")
                   .arg(m_http->errorString());
        break;
    case Core::HttpService::State::CommandLine:
        text = tr("Serving at %1, as --http on the command line says. These settings apply when "
                  "HOPX Desktop starts without --http.")
                   .arg(m_http->endpointUrl());
        break;
    }
    if (!m_http->token().isEmpty() && !m_http->tokenInKeychain())
        text += QLatin1Char(' ')
            + tr("No keychain: this token lasts until HOPX Desktop quits, then a new one is made.");
    m_status->setText(text);
    QPalette palette = QApplication::palette(m_status);
    if (error)
        palette.setColor(QPalette::WindowText, Icons::error());
    m_status->setPalette(palette);
}

void HttpPage::regenerateToken()
{
    if (!m_http)
        return;
    m_http->regenerateToken();
    emit message(tr("A new token is in effect. Update the clients that used the old one."));
}

} // namespace Hopx::Ui
