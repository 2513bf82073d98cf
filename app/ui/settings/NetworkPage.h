// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QComboBox;
class QPlainTextEdit;
class QPushButton;

namespace Hopx::Ui {

/*! \brief What local sandboxes may reach: the default for a new one, the hosts "packages"
 *  stands for, the hosts always allowed, names the egress proxy resolves itself, and the CAs
 *  it trusts when it talks TLS to a secret's host. */
class NetworkPage final : public SettingsPage
{
    Q_OBJECT
public:
    explicit NetworkPage(QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString check() override;
    QString save(Core::Settings &settings) override;

private:
    QComboBox *m_default;
    QPlainTextEdit *m_packageHosts;
    QPlainTextEdit *m_alwaysAllowed;
    QPlainTextEdit *m_hostMap;
    QPlainTextEdit *m_caFiles;
    QPushButton *m_addCa;
};

} // namespace Hopx::Ui
