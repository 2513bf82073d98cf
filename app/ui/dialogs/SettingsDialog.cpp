// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/dialogs/SettingsDialog.h"

#include "core/http/HttpService.h"
#include "core/settings/PythonPreload.h"
#include "core/settings/Settings.h"
#include "ui/Icons.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

QSpinBox *spin(QWidget *parent, int min, int max, int step, const QString &suffix,
    const QString &accessibleName)
{
    auto *box = new QSpinBox(parent);
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setSuffix(suffix);
    box->setAccessibleName(accessibleName);
    box->setAlignment(Qt::AlignRight);
    return box;
}

//! A form label whose mnemonic focuses \a buddy, so every field is reachable by keyboard.
QLabel *buddyLabel(QWidget *parent, const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

QLabel *note(QWidget *parent, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    QFont small = label->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    label->setFont(small);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace

SettingsDialog::SettingsDialog(
    Core::Settings *settings, Core::HttpService *http, const QString &program, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_http(http)
    , m_program(program)
    , m_tabs(new QTabWidget(this))
    , m_buttons(new QDialogButtonBox(
          QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply, this))
    , m_message(new QLabel(this))
    , m_restart(new QPushButton(tr("Restart &now"), this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("HOPX Desktop settings"));
    setWindowIcon(Icons::app());

    m_tabs->setObjectName(QStringLiteral("settingsTabs"));
    m_tabs->addTab(createGeneralPage(), tr("&General"));
    m_tabs->addTab(createLocalPage(), tr("&Local sandboxes"));
    m_tabs->addTab(createCloudPage(), tr("HOPX &cloud"));
    m_tabs->addTab(createHttpPage(), tr("&HTTP"));

    m_message->setObjectName(QStringLiteral("settingsMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_restart->setObjectName(QStringLiteral("restartNow"));
    m_restart->setToolTip(tr("Quit HOPX Desktop and start it again in the new language"));
    m_restart->hide();
    connect(m_restart, &QPushButton::clicked, this, &SettingsDialog::restartRequested);

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        // A new language stays open on its "Restart now" question; the rest is saved already.
        if (apply() && !m_restart->isVisible())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
        &SettingsDialog::apply);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    auto *messageRow = new QHBoxLayout;
    messageRow->addWidget(m_message, 1);
    messageRow->addWidget(m_restart, 0, Qt::AlignVCenter);
    layout->addLayout(messageRow);
    layout->addWidget(m_buttons);
    load();
}

QWidget *SettingsDialog::createGeneralPage()
{
    auto *page = new QWidget(this);
    m_provider = new QComboBox(page);
    m_provider->setObjectName(QStringLiteral("defaultProvider"));
    m_provider->addItem(
        tr("Automatic: HOPX cloud when an API key is set, else local"), QStringLiteral("auto"));
    m_provider->addItem(tr("Local sandboxes on this machine"), QStringLiteral("local"));
    m_provider->addItem(tr("HOPX cloud"), QStringLiteral("hopx"));
    m_language = new QComboBox(page);
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("System default"), QString());
    for (const auto &[code, name] : Translations::available())
        m_language->addItem(name, code);
    m_startAtLogin = new QCheckBox(tr("Start HOPX Desktop when I log in"), page);
    m_startAtLogin->setObjectName(QStringLiteral("startAtLogin"));

    auto *form = new QFormLayout(page);
    form->addRow(buddyLabel(page, tr("&Default provider:"), m_provider), m_provider);
    form->addRow(QString(),
        note(page,
            tr("Used when a tool call does not name a provider. An IDE "
               "can override it with HOPX_PROVIDER.")));
    form->addRow(buddyLabel(page, tr("&Language:"), m_language), m_language);
    form->addRow(QString(),
        note(page,
            tr("A new language applies when HOPX Desktop starts again; you can restart it from "
               "here.")));
    form->addRow(QString(), m_startAtLogin);
    form->addRow(QString(), note(page, tr("Starts in the background, so IDEs find it ready.")));
    return page;
}

QWidget *SettingsDialog::createLocalPage()
{
    auto *page = new QWidget(this);
    m_memory = spin(page, 64, 262144, 256, tr(" MiB"), tr("Memory limit per sandbox"));
    m_memory->setObjectName(QStringLiteral("localMemory"));
    m_cpu = spin(page, 0, 86400, 10, tr(" s"), tr("CPU time limit per run"));
    m_cpu->setObjectName(QStringLiteral("localCpu"));
    m_cpu->setSpecialValueText(tr("No limit"));
    m_processes = spin(page, 8, 65536, 32, QString(), tr("Process limit per sandbox"));
    m_processes->setObjectName(QStringLiteral("localProcesses"));
    m_disk = spin(page, 16, 1048576, 256, tr(" MiB"), tr("Size of /tmp per sandbox"));
    m_disk->setObjectName(QStringLiteral("localDisk"));
    m_workspace = spin(page, 64, 16777216, 512, tr(" MiB"), tr("Disk space per sandbox"));
    m_workspace->setObjectName(QStringLiteral("localWorkspace"));
    m_totalDisk = spin(page, 64, 67108864, 1024, tr(" MiB"), tr("Disk space for all sandboxes"));
    m_totalDisk->setObjectName(QStringLiteral("localTotalDisk"));
    m_deleteOnQuit = new QCheckBox(tr("Delete local sandboxes when HOPX Desktop quits"), page);
    m_deleteOnQuit->setObjectName(QStringLiteral("localDeleteOnQuit"));
    m_timeout = spin(page, 1, 7 * 24 * 60, 5, tr(" min"), tr("Default sandbox timeout"));
    m_timeout->setObjectName(QStringLiteral("defaultTimeout"));
    m_network = new QCheckBox(tr("Give new local sandboxes internet access"), page);
    m_network->setObjectName(QStringLiteral("localNetwork"));
    m_outputCap = spin(page, 16, 65536, 64, tr(" KiB"), tr("Output cap per stream"));
    m_outputCap->setObjectName(QStringLiteral("outputCap"));
    m_preload = new QCheckBox(tr("Import Python packages ahead in spare sandboxes"), page);
    m_preload->setObjectName(QStringLiteral("localPreload"));
    m_preloadModules = new QLineEdit(page);
    m_preloadModules->setObjectName(QStringLiteral("localPreloadModules"));
    m_preloadModules->setAccessibleName(tr("Python modules to import ahead"));
    connect(m_preload, &QCheckBox::toggled, m_preloadModules, &QLineEdit::setEnabled);

    auto *form = new QFormLayout(page);
    auto add = [&](const QString &text, QWidget *field) {
        form->addRow(buddyLabel(page, text, field), field);
    };
    add(tr("&Memory:"), m_memory);
    add(tr("&CPU time per run:"), m_cpu);
    add(tr("&Processes:"), m_processes);
    add(tr("&Disk space:"), m_workspace);
    add(tr("Disk space in tot&al:"), m_totalDisk);
    form->addRow(QString(),
        note(page,
            tr("Each sandbox's /workspace, /home/user and checkpoints share its disk space; "
               "a program that writes more gets \"no space left\". New sandboxes use a new "
               "size. The files stay on this computer until the sandbox is deleted or "
               "expires.")));
    form->addRow(QString(), m_deleteOnQuit);
    add(tr("T&emporary files:"), m_disk);
    add(tr("Default &timeout:"), m_timeout);
    form->addRow(QString(),
        note(page,
            tr("A new sandbox is deleted this long after it was created, "
               "unless the assistant asks for another timeout or "
               "extends it.")));
    form->addRow(QString(), m_network);
    form->addRow(QString(),
        note(page,
            tr("Without it, local sandboxes have no network at all. A tool "
               "call can still ask for internet access explicitly.")));
    add(tr("&Output cap:"), m_outputCap);
    form->addRow(
        QString(), note(page, tr("Longer stdout or stderr is cut and marked as truncated.")));
    form->addRow(QString(), m_preload);
    add(tr("Mod&ules:"), m_preloadModules);
    form->addRow(QString(),
        note(page,
            tr("The Python of a sandbox waiting for its first use imports these, so a first "
               "plot does not wait for them. Each such sandbox uses about 60 MiB more memory; "
               "a sandbox that runs no Python gives it back after a minute.")));
    return page;
}

QWidget *SettingsDialog::createCloudPage()
{
    auto *page = new QWidget(this);
    m_baseUrl = new QLineEdit(page);
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_baseUrl->setPlaceholderText(QStringLiteral("https://api.hopx.dev"));
    m_baseUrl->setAccessibleName(tr("HOPX base URL"));
    auto *form = new QFormLayout(page);
    form->addRow(buddyLabel(page, tr("HOPX &base URL:"), m_baseUrl), m_baseUrl);
    form->addRow(QString(),
        note(page,
            tr("Leave empty for the public HOPX cloud. HOPX_BASE_URL in the "
               "environment takes precedence.")));
    return page;
}

QWidget *SettingsDialog::createHttpPage()
{
    auto *page = new QWidget(this);
    m_httpEnabled = new QCheckBox(tr("Serve MCP over HTTP on this computer"), page);
    m_httpEnabled->setObjectName(QStringLiteral("httpEnabled"));
    m_httpPort = spin(page, 1024, 65535, 1, QString(), tr("HTTP port"));
    m_httpPort->setObjectName(QStringLiteral("httpPort"));
    m_httpPort->setGroupSeparatorShown(false);
    m_httpUrl = new QLabel(page);
    m_httpUrl->setObjectName(QStringLiteral("httpUrl"));
    m_httpUrl->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_token = new QLineEdit(page);
    m_token->setObjectName(QStringLiteral("httpToken"));
    m_token->setReadOnly(true);
    m_token->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_token->setAccessibleName(tr("Bearer token"));
    m_copyToken = new QPushButton(tr("Cop&y"), page);
    m_copyToken->setObjectName(QStringLiteral("copyToken"));
    m_copyToken->setAccessibleName(tr("Copy the token"));
    m_regenerate = new QPushButton(tr("&Regenerate"), page);
    m_regenerate->setObjectName(QStringLiteral("regenerateToken"));
    m_regenerate->setAccessibleName(tr("Regenerate the token"));
    m_regenerate->setToolTip(tr("Make a new token; clients using the old one must be updated"));
    connect(m_copyToken, &QPushButton::clicked, this,
        [this] { QApplication::clipboard()->setText(m_token->text()); });
    connect(m_regenerate, &QPushButton::clicked, this, &SettingsDialog::regenerateToken);
    connect(m_httpPort, &QSpinBox::valueChanged, this, &SettingsDialog::updateHttpUrl);
    connect(m_httpEnabled, &QCheckBox::toggled, this, &SettingsDialog::updateHttpUrl);
    m_httpStatus = new QLabel(page);
    m_httpStatus->setObjectName(QStringLiteral("httpStatus"));
    m_httpStatus->setWordWrap(true);
    m_httpStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (m_http) {
        connect(m_http, &Core::HttpService::stateChanged, this, &SettingsDialog::showHttpState);
        connect(m_http, &Core::HttpService::tokenChanged, this, &SettingsDialog::showToken);
    }

    auto *tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(m_copyToken);
    tokenRow->addWidget(m_regenerate);
    auto *form = new QFormLayout(page);
    form->addRow(QString(), m_httpEnabled);
    form->addRow(buddyLabel(page, tr("&Port:"), m_httpPort), m_httpPort);
    form->addRow(tr("Address:"), m_httpUrl);
    form->addRow(buddyLabel(page, tr("&Token:"), m_token), tokenRow);
    form->addRow(tr("Status:"), m_httpStatus);
    form->addRow(QString(),
        note(page,
            tr("Only programs on this computer can connect, and only with "
               "this token as \"Authorization: Bearer <token>\". The "
               "token is kept in the keychain. Changes apply as soon as "
               "you press Apply or OK.")));
    return page;
}

void SettingsDialog::updateHttpUrl()
{
    m_httpUrl->setText(QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_httpPort->value()));
    m_httpUrl->setEnabled(m_httpEnabled->isChecked());
}

void SettingsDialog::load()
{
    if (!m_settings)
        return;
    m_provider->setCurrentIndex(std::max(0, m_provider->findData(m_settings->defaultProvider())));
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_settings->language())));
    m_startAtLogin->setChecked(m_settings->startAtLogin());
    m_memory->setValue(m_settings->localMemoryMb());
    m_cpu->setValue(m_settings->localCpuSecondsPerRun());
    m_processes->setValue(m_settings->localProcesses());
    m_disk->setValue(m_settings->localDiskMb());
    m_workspace->setValue(m_settings->localWorkspaceMb());
    m_totalDisk->setValue(m_settings->localTotalDiskMb());
    m_deleteOnQuit->setChecked(m_settings->localDeleteOnQuit());
    m_timeout->setValue(std::max(1, m_settings->defaultSandboxTimeoutSeconds() / 60));
    m_network->setChecked(m_settings->localNetworkDefault());
    m_outputCap->setValue(int(std::max<qint64>(16, m_settings->outputCapBytes() / 1024)));
    m_preload->setChecked(Core::PythonPreload::enabled(*m_settings));
    m_preloadModules->setText(Core::PythonPreload::modules(*m_settings).join(QStringLiteral(", ")));
    m_preloadModules->setEnabled(m_preload->isChecked());
    m_baseUrl->setText(m_settings->hopxBaseUrl());
    m_httpEnabled->setChecked(m_settings->httpEnabled());
    m_httpPort->setValue(m_settings->httpPort());
    updateHttpUrl();
    if (m_http)
        m_http->loadToken();
    showToken();
}

void SettingsDialog::showToken()
{
    if (!m_http) {
        m_token->clear();
        m_token->setPlaceholderText(tr("No keychain available"));
        m_copyToken->setEnabled(false);
        m_regenerate->setEnabled(false);
        return;
    }
    m_token->setText(m_http->token());
    m_token->setPlaceholderText(tr("Reading the keychain…"));
    m_copyToken->setEnabled(!m_http->token().isEmpty());
    showHttpState();
}

void SettingsDialog::showHttpState()
{
    if (!m_http) {
        m_httpStatus->clear();
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
        text = tr("Could not serve on port %1: %2. Choose another port, or stop the program "
                  "that uses it.")
                   .arg(m_settings ? m_settings->httpPort() : 0)
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
    m_httpStatus->setText(text);
    QPalette palette = QApplication::palette(m_httpStatus);
    if (error)
        palette.setColor(QPalette::WindowText, Icons::error());
    m_httpStatus->setPalette(palette);
}

void SettingsDialog::regenerateToken()
{
    if (!m_http)
        return;
    m_http->regenerateToken();
    m_message->setText(tr("A new token is in effect. Update the clients that used the old one."));
    m_message->show();
}

bool SettingsDialog::apply()
{
    if (!m_settings)
        return false;
    const QString url = m_baseUrl->text().trimmed();
    if (!url.isEmpty()) {
        const QUrl parsed(url, QUrl::StrictMode);
        if (!parsed.isValid()
            || (parsed.scheme() != QLatin1String("https")
                && parsed.scheme() != QLatin1String("http"))
            || parsed.host().isEmpty()) {
            m_tabs->setCurrentIndex(2);
            m_baseUrl->setFocus();
            m_message->setText(
                tr("The HOPX base URL must be an http(s) address, like https://api.hopx.dev."));
            m_message->show();
            return false;
        }
    }
    const QStringList modules = m_preloadModules->text().split(
        QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    static const QRegularExpression moduleName(
        QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$"));
    for (const QString &m : modules) {
        if (!moduleName.match(m).hasMatch()) {
            m_tabs->setCurrentIndex(1);
            m_preloadModules->setFocus();
            m_message->setText(tr("\"%1\" is not a Python module name; write names like numpy "
                                  "or matplotlib.pyplot, separated by commas.")
                                   .arg(m));
            m_message->show();
            return false;
        }
    }
    m_settings->setDefaultProvider(m_provider->currentData().toString());
    const bool languageChanged = m_language->currentData().toString() != m_settings->language();
    m_settings->setLanguage(m_language->currentData().toString());
    m_settings->setLocalMemoryMb(m_memory->value());
    m_settings->setLocalCpuSecondsPerRun(m_cpu->value());
    m_settings->setLocalProcesses(m_processes->value());
    m_settings->setLocalDiskMb(m_disk->value());
    m_settings->setLocalWorkspaceMb(m_workspace->value());
    m_settings->setLocalTotalDiskMb(m_totalDisk->value());
    m_settings->setLocalDeleteOnQuit(m_deleteOnQuit->isChecked());
    m_settings->setDefaultSandboxTimeoutSeconds(m_timeout->value() * 60);
    m_settings->setLocalNetworkDefault(m_network->isChecked());
    m_settings->setOutputCapBytes(qint64(m_outputCap->value()) * 1024);
    m_settings->setValue(QLatin1String(Core::PythonPreload::kEnabledKey), m_preload->isChecked());
    // Kept unset while it is the default, so a later version's default applies.
    if (modules != Core::PythonPreload::modules(*m_settings))
        m_settings->setValue(QLatin1String(Core::PythonPreload::kModulesKey), modules);
    m_settings->setHopxBaseUrl(url);
    m_settings->setHttpEnabled(m_httpEnabled->isChecked());
    m_settings->setHttpPort(m_httpPort->value());
    if (m_startAtLogin->isChecked() != m_settings->startAtLogin()) {
        const Result<Unit> r = m_settings->setStartAtLogin(m_startAtLogin->isChecked(), m_program);
        if (!r.ok()) {
            m_tabs->setCurrentIndex(0);
            m_message->setText(r.error().message);
            m_message->show();
            return false;
        }
    }
    // The HTTP endpoint follows these settings by itself (HttpService): started, moved or
    // stopped by now, and its status line tells how that went.
    if (languageChanged) {
        // Retranslating every open window and model live would touch each view for a choice
        // made once; a restart is cheap (sandboxes and clients reconnect) and always right.
        m_message->setText(
            tr("The new language applies when HOPX Desktop starts again. Restart now? Local "
               "sandboxes are deleted and connected IDEs reconnect."));
        m_message->show();
        m_restart->show();
        return true;
    }
    m_restart->hide();
    m_message->hide();
    return true;
}

} // namespace Hopx::Ui
