// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace Hopx::Core {
class KeyStore;
}

namespace Hopx::Ui {

/*! \brief Shows each IDE's exact MCP config for hopx-mcp; copies it or merges it into the IDE's
 *  config file (IdeConfig does the merge). When IDE configs still start the Python server
 *  (`uvx hopx-mcp`), it says so and offers the move in one click (IdeConfigMigration). */
class ConnectIdeDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectIdeDialog)
public:
    explicit ConnectIdeDialog(const Core::IdeConfig &config, QWidget *parent = nullptr);

    //! Where the move from the Python server puts an HOPX_API_KEY it finds; not owned.
    void setKeyStore(Core::KeyStore *store) { m_keyStore = store; }
    void selectIde(Core::IdeConfig::Ide ide);
    Core::IdeConfig::Ide currentIde() const;

    QListWidget *ideList() const { return m_list; }
    QPlainTextEdit *snippetEdit() const { return m_snippet; }
    QLineEdit *commandEdit() const { return m_command; }
    QPushButton *copyButton() const { return m_copy; }
    QPushButton *copyCommandButton() const { return m_copyCommand; }
    QPushButton *installButton() const { return m_install; }
    QLabel *resultLabel() const { return m_result; }
    QLabel *legacyLabel() const { return m_legacy; }
    QPushButton *migrateButton() const { return m_migrate; }
    //! The tool profile the configuration offers (hopx-mcp --tools); compact by default.
    QComboBox *profileBox() const { return m_profile; }
    //! Looks for Python-server entries again and shows or hides the offer to move them.
    void refreshLegacy();
    /*! Marks each IDE of the list as connected (its config starts us) or installed (found on
     *  this computer); the item's Qt::UserRole + 1 says "connected", "installed" or "". */
    void refreshStates();

private:
    void showIde();
    void install();
    void migrate();

    const Core::IdeConfig m_base; // without a tool profile
    Core::IdeConfig m_config; // with the one chosen
    QListWidget *m_list;
    QComboBox *m_profile;
    QLabel *m_about;
    QLabel *m_path;
    QPlainTextEdit *m_snippet;
    QLabel *m_commandLabel;
    QLineEdit *m_command;
    QPushButton *m_copyCommand;
    QPushButton *m_copy;
    QPushButton *m_install;
    QLabel *m_result;
    QLabel *m_legacy;
    QPushButton *m_migrate;
    Core::KeyStore *m_keyStore = nullptr;
};

} // namespace Hopx::Ui
