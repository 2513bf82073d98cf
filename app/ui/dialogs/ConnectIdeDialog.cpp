// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/dialogs/ConnectIdeDialog.h"

#include "ui/Icons.h"

#include "core/ide/IdeConfigMigration.h"
#include "core/ide/IdeToolProfile.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::IdeConfig;
using Ide = Core::IdeConfig::Ide;

namespace {

QString homeRelative(const QString &path)
{
    const QString home = QDir::homePath();
    if (path.startsWith(home + QLatin1Char('/')))
        return QStringLiteral("~") + path.mid(home.size());
    return path;
}

} // namespace

ConnectIdeDialog::ConnectIdeDialog(const IdeConfig &config, QWidget *parent)
    : QDialog(parent)
    , m_base(config)
    , m_config(config)
    , m_list(new QListWidget(this))
    , m_profile(new QComboBox(this))
    , m_about(new QLabel(this))
    , m_path(new QLabel(this))
    , m_snippet(new QPlainTextEdit(this))
    , m_commandLabel(new QLabel(tr("Or &run this command:"), this))
    , m_command(new QLineEdit(this))
    , m_copyCommand(new QPushButton(tr("Copy co&mmand"), this))
    , m_copy(new QPushButton(tr("&Copy configuration"), this))
    , m_install(new QPushButton(tr("&Install"), this))
    , m_result(new QLabel(this))
    , m_legacy(new QLabel(this))
    , m_migrate(new QPushButton(tr("&Move to HOPX Desktop"), this))
{
    setObjectName(QStringLiteral("connectIdeDialog"));
    setWindowTitle(tr("Connect an IDE"));
    setWindowIcon(Icons::app());

    m_list->setObjectName(QStringLiteral("ideList"));
    m_list->setAccessibleName(tr("IDE or client"));
    m_list->setSpacing(2);
    for (Ide ide : IdeConfig::all()) {
        auto *item = new QListWidgetItem(IdeConfig::displayName(ide), m_list);
        item->setData(Qt::UserRole, int(ide));
    }
    refreshStates();
    m_list->setFixedWidth(m_list->sizeHintForColumn(0)
        + 4 * m_list->fontMetrics().horizontalAdvance(QLatin1Char('M')));
    connect(m_list, &QListWidget::currentRowChanged, this, [this] {
        // A connected IDE shows the profile its config names: Install must not quietly switch
        // a "full" IDE back to compact. Others keep what the user picked.
        const QString connected = Core::IdeToolProfile::read(m_base, currentIde());
        if (!connected.isEmpty()) {
            if (m_profile->findData(connected) < 0)
                m_profile->addItem(connected, connected); // one this version does not know
            m_profile->setCurrentIndex(m_profile->findData(connected));
        }
        showIde();
    });

    auto *intro =
        new QLabel(tr("IDEs start <b>hopx-mcp</b>, a small bridge next to this app, and it "
                      "connects them to HOPX Desktop. Give your IDE this configuration "
                      "once."),
            this);
    intro->setWordWrap(true);
    m_about->setObjectName(QStringLiteral("ideAbout"));
    m_about->setWordWrap(true);
    m_path->setObjectName(QStringLiteral("idePath"));
    m_path->setWordWrap(true);
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Profile names stay as hopx-mcp --tools spells them: that is what the config shows.
    m_profile->setObjectName(QStringLiteral("toolProfile"));
    m_profile->addItem(
        tr("compact: every capability in a few tools (recommended)"), QStringLiteral("compact"));
    m_profile->addItem(tr("hopx-mcp: the Python hopx-mcp server's tools, by their names"),
        QStringLiteral("hopx-mcp"));
    m_profile->addItem(tr("full: every tool, one per operation"), QStringLiteral("full"));
    m_profile->setToolTip(tr("Clients limit how many tools they pass their model (Cursor 40 "
                             "across all servers, Windsurf and Trae fewer): compact fits them "
                             "all."));
    auto *profileLabel = new QLabel(tr("&Tools:"), this);
    profileLabel->setBuddy(m_profile);
    connect(m_profile, &QComboBox::currentIndexChanged, this, [this] {
        m_config = IdeConfig(
            IdeConfig::withToolProfile(m_base.launch(), m_profile->currentData().toString()),
            m_base.paths());
        showIde();
    });

    m_snippet->setObjectName(QStringLiteral("ideSnippet"));
    m_snippet->setAccessibleName(tr("Configuration"));
    m_snippet->setReadOnly(true);
    m_snippet->setTabChangesFocus(true);
    m_snippet->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_snippet->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_command->setObjectName(QStringLiteral("ideCommand"));
    m_command->setReadOnly(true);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_command->setAccessibleName(tr("Command"));
    m_commandLabel->setBuddy(m_command);
    m_copyCommand->setObjectName(QStringLiteral("copyCommand"));
    connect(m_copyCommand, &QPushButton::clicked, this,
        [this] { QApplication::clipboard()->setText(m_command->text()); });

    m_copy->setObjectName(QStringLiteral("copyConfig"));
    m_install->setObjectName(QStringLiteral("installConfig"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_snippet->toPlainText());
        m_result->setText(tr("Copied. Paste it into the configuration file shown above."));
    });
    connect(m_install, &QPushButton::clicked, this, &ConnectIdeDialog::install);

    m_legacy->setObjectName(QStringLiteral("ideLegacy"));
    m_legacy->setWordWrap(true);
    m_migrate->setObjectName(QStringLiteral("migrateConfigs"));
    m_migrate->setToolTip(tr("Replace every uvx hopx-mcp entry with HOPX Desktop, keeping the "
                             "other servers; an HOPX_API_KEY found there moves to the keychain. "
                             "Each file is backed up first."));
    m_migrate->setAccessibleDescription(m_migrate->toolTip());
    connect(m_migrate, &QPushButton::clicked, this, &ConnectIdeDialog::migrate);

    m_result->setObjectName(QStringLiteral("ideResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *commandRow = new QHBoxLayout;
    commandRow->addWidget(m_command, 1);
    commandRow->addWidget(m_copyCommand);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_copy);
    actions->addWidget(m_install);
    actions->addStretch(1);

    auto *right = new QVBoxLayout;
    right->addWidget(m_about);
    right->addWidget(m_path);
    auto *profileRow = new QHBoxLayout;
    profileRow->addWidget(profileLabel);
    profileRow->addWidget(m_profile, 1);
    right->addLayout(profileRow);
    right->addWidget(m_snippet, 1);
    right->addWidget(m_commandLabel);
    right->addLayout(commandRow);
    right->addLayout(actions);
    right->addWidget(m_result);

    auto *body = new QHBoxLayout;
    body->addWidget(m_list);
    body->addLayout(right, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *legacyRow = new QHBoxLayout;
    legacyRow->addWidget(m_legacy, 1);
    legacyRow->addWidget(m_migrate);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(legacyRow);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);
    resize(760, 480);

    m_list->setCurrentRow(0);
    refreshLegacy();
}

void ConnectIdeDialog::refreshStates()
{
    // Which IDEs are on this machine and which already start us: the first thing a user asks.
    for (int row = 0; row < m_list->count(); ++row) {
        QListWidgetItem *item = m_list->item(row);
        const Ide ide = Ide(item->data(Qt::UserRole).toInt());
        const QString name = IdeConfig::displayName(ide);
        QString state;
        if (m_base.isConnected(ide)) {
            state = QStringLiteral("connected");
            item->setText(tr("%1 · connected").arg(name));
            item->setToolTip(tr("%1 already starts HOPX Desktop.").arg(name));
        } else if (m_base.isInstalled(ide)) {
            state = QStringLiteral("installed");
            item->setText(tr("%1 · installed").arg(name));
            item->setToolTip(
                tr("%1 is installed on this computer but not connected yet.").arg(name));
        } else {
            item->setText(name);
            item->setToolTip(QString());
        }
        item->setData(Qt::UserRole + 1, state);
    }
}

void ConnectIdeDialog::refreshLegacy()
{
    const auto found = Core::IdeConfigMigration(m_base).find();
    QStringList where;
    for (const auto &l : found) {
        const QString name = IdeConfig::displayName(l.ide);
        if (!where.contains(name))
            where << name;
    }
    m_legacy->setText(where.isEmpty()
            ? QString()
            : tr("%n configuration(s) still start the Python server (uvx hopx-mcp): %1.", "",
                int(found.size()))
                  .arg(where.join(QStringLiteral(", "))));
    m_legacy->setVisible(!where.isEmpty());
    m_migrate->setVisible(!where.isEmpty());
}

void ConnectIdeDialog::migrate()
{
    m_migrate->setEnabled(false);
    QPointer<ConnectIdeDialog> self(this);
    Core::IdeConfigMigration(m_base).run(m_keyStore, [self](const auto &report) {
        if (!self)
            return;
        self->m_result->setText(report.text());
        self->m_migrate->setEnabled(true);
        self->refreshLegacy();
        self->refreshStates();
        self->showIde();
        self->m_result->setText(report.text()); // showIde() cleared it
    });
}

void ConnectIdeDialog::selectIde(Ide ide)
{
    m_list->setCurrentRow(IdeConfig::all().indexOf(ide));
}

Ide ConnectIdeDialog::currentIde() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? Ide(item->data(Qt::UserRole).toInt()) : Ide::Generic;
}

void ConnectIdeDialog::showIde()
{
    const Ide ide = currentIde();
    switch (ide) {
    case Ide::ClaudeDesktop:
        m_about->setText(tr("Install adds HOPX to Claude Desktop's configuration. Restart Claude "
                            "Desktop afterwards."));
        break;
    case Ide::Cursor:
        m_about->setText(tr("Install adds HOPX to Cursor's global MCP servers; Cursor picks it up "
                            "in Settings → MCP."));
        break;
    case Ide::VsCode:
        m_about->setText(
            tr("Install adds HOPX to VS Code's user MCP servers, for Copilot agent "
               "mode. A file with comments is left alone: copy the entry in by hand."));
        break;
    case Ide::ClaudeCode:
        m_about->setText(tr("Run the command below, or let Install add HOPX to Claude Code's user "
                            "configuration. Start a new Claude Code session afterwards."));
        break;
    case Ide::GeminiCli:
        m_about->setText(tr("Install adds HOPX to Gemini CLI's user settings; start a new Gemini "
                            "CLI session afterwards."));
        break;
    case Ide::Codex:
        m_about->setText(tr("Install adds an [mcp_servers.hopx] table to Codex's config.toml, "
                            "leaving the rest of the file as it is."));
        break;
    case Ide::Windsurf:
        m_about->setText(tr("Install adds HOPX to Windsurf's MCP servers; refresh them in "
                            "Cascade's MCP panel afterwards."));
        break;
    case Ide::QwenCode:
        m_about->setText(tr("Install adds HOPX to Qwen Code's user settings; start a new Qwen "
                            "Code session afterwards."));
        break;
    case Ide::Cline:
        m_about->setText(tr("Install adds HOPX to Cline's MCP servers in ~/.cline, which its CLI "
                            "and its VS Code extension share; start a new Cline task afterwards."));
        break;
    case Ide::KiloCode:
        m_about->setText(tr("Install adds HOPX to the MCP servers in Kilo's kilo.jsonc, which "
                            "the Kilo CLI and its VS Code extension read (and to the extension's "
                            "older mcp_settings.json, where there is one); start a new Kilo "
                            "session afterwards."));
        break;
    case Ide::CopilotCli:
        m_about->setText(tr("Install adds HOPX to GitHub Copilot CLI's mcp-config.json with all "
                            "of its tools allowed; start a new Copilot session afterwards."));
        break;
    case Ide::Zed:
        m_about->setText(tr("Install adds HOPX to the context servers in Zed's settings.json, "
                            "keeping its comments; Zed picks the change up by itself."));
        break;
    case Ide::JetBrains:
        m_about->setText(tr("Install adds HOPX to the global MCP servers of JetBrains AI "
                            "Assistant (2025.3 and later), which every JetBrains IDE reads; "
                            "restart the IDE afterwards."));
        break;
    case Ide::Continue:
        m_about->setText(tr("Install writes HOPX into a file of its own in Continue's global "
                            "mcpServers folder, so your config.yaml stays as it is; reload "
                            "Continue afterwards."));
        break;
    case Ide::Goose:
        m_about->setText(tr("Install adds HOPX to the extensions in Goose's config.yaml, keeping "
                            "the others; start a new Goose session afterwards."));
        break;
    case Ide::OpenCode:
        m_about->setText(tr("Install adds HOPX to the MCP servers in opencode's configuration, "
                            "keeping its comments; start opencode again afterwards."));
        break;
    case Ide::Generic:
        m_about->setText(tr("Any MCP client that starts servers over stdio: run the command below "
                            "with no arguments. Most clients take this JSON shape."));
        break;
    }
    const QString path = m_config.configPath(ide);
    m_path->setText(path.isEmpty() ? tr("Command: %1").arg(m_config.launch().command)
                                   : tr("Configuration file: %1").arg(homeRelative(path)));
    m_path->setToolTip(path);
    m_snippet->setPlainText(m_config.snippet(ide));
    const QString command = m_config.command(ide);
    m_command->setText(command);
    for (QWidget *w : {static_cast<QWidget *>(m_commandLabel), static_cast<QWidget *>(m_command),
             static_cast<QWidget *>(m_copyCommand)})
        w->setVisible(!command.isEmpty());
    m_install->setEnabled(!path.isEmpty());
    m_install->setToolTip(path.isEmpty() ? QString()
                                         : tr("Merge HOPX into %1, keeping every other server; the "
                                              "old file is backed up first")
                                               .arg(homeRelative(path)));
    m_install->setAccessibleDescription(m_install->toolTip());
    m_result->clear();
}

void ConnectIdeDialog::install()
{
    const Ide ide = currentIde();
    const auto r = m_config.install(ide);
    if (!r.ok()) {
        m_result->setText(r.error().message);
        return;
    }
    const IdeConfig::Installed &done = r.value();
    const QString name = IdeConfig::displayName(ide);
    const QString file = homeRelative(done.path);
    // What the IDE needs next (a restart, a new session, nothing for Zed) is its own and is
    // said above the button; one sentence for all would be wrong for most.
    QString text;
    switch (done.outcome) {
    case IdeConfig::Outcome::Created:
        text = tr("Created %1 with HOPX in it.").arg(file);
        break;
    case IdeConfig::Outcome::Added:
        text = tr("Added HOPX to %1; the other servers are unchanged.").arg(file);
        break;
    case IdeConfig::Outcome::Updated:
        text = tr("Updated the HOPX entry in %1.").arg(file);
        break;
    case IdeConfig::Outcome::Unchanged:
        text = tr("%1 is already set up in %2.").arg(name, file);
        break;
    }
    if (!done.backupPath.isEmpty())
        text += QLatin1Char(' ')
            + tr("The previous file is saved as %1.").arg(homeRelative(done.backupPath));
    if (!done.secondPath.isEmpty())
        text += QLatin1Char(' ')
            + tr("%1 also reads %2, which has the same entry now.")
                  .arg(name, homeRelative(done.secondPath));
    m_result->setText(text);
    refreshStates();
}

} // namespace Hopx::Ui
