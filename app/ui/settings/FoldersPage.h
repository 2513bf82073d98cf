// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

#include <QStringList>

class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace Hopx::Ui {

/*! \brief The user's folders tools may use without asking (what "Always for this folder"
 *  adds to), and how much of a folder moves at once. */
class FoldersPage final : public SettingsPage
{
    Q_OBJECT
public:
    explicit FoldersPage(QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString check() override;
    QString save(Core::Settings &settings) override;
    void changed(const Core::Settings &settings, const QString &key) override;

    QPushButton *addButton() const { return m_add; }

private:
    QPlainTextEdit *m_folders;
    QStringList m_loaded; // the list as the form last took it from the settings
    QPushButton *m_add;
    QSpinBox *m_cloudRoot;
    QSpinBox *m_inlineRead;
};

} // namespace Hopx::Ui
