// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/IdeConfig.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace Hopx::Ui {

/*! \brief Shows each IDE's exact MCP config for hopx-mcp; copies it or merges it into the IDE's
 *  config file (IdeConfig does the merge). */
class ConnectIdeDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectIdeDialog)
public:
    explicit ConnectIdeDialog(const Core::IdeConfig &config, QWidget *parent = nullptr);

    void selectIde(Core::IdeConfig::Ide ide);
    Core::IdeConfig::Ide currentIde() const;

    QListWidget *ideList() const { return m_list; }
    QPlainTextEdit *snippetEdit() const { return m_snippet; }
    QLineEdit *commandEdit() const { return m_command; }
    QPushButton *copyButton() const { return m_copy; }
    QPushButton *copyCommandButton() const { return m_copyCommand; }
    QPushButton *installButton() const { return m_install; }
    QLabel *resultLabel() const { return m_result; }

private:
    void showIde();
    void install();

    Core::IdeConfig m_config;
    QListWidget *m_list;
    QLabel *m_about;
    QLabel *m_path;
    QPlainTextEdit *m_snippet;
    QLabel *m_commandLabel;
    QLineEdit *m_command;
    QPushButton *m_copyCommand;
    QPushButton *m_copy;
    QPushButton *m_install;
    QLabel *m_result;
};

} // namespace Hopx::Ui
