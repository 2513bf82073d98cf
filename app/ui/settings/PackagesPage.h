// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace Hopx::Ui {

/*! \brief The sandboxes' shared package cache: where it fetches from, how large it may grow,
 *  what it holds now, and emptying it. */
class PackagesPage final : public SettingsPage
{
    Q_OBJECT
public:
    //! \a cacheDir is the cache's folder (empty: no local provider, nothing to show).
    explicit PackagesPage(const QString &cacheDir, QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString check() override;
    QString save(Core::Settings &settings) override;

    QLabel *contentsLabel() const { return m_contents; }
    QPushButton *clearButton() const { return m_clear; }
    //! Empties the cache now (the Clear button); the label tells how that went.
    void clearCache();

private:
    void showContents();

    QString m_cacheDir;
    QLineEdit *m_pypi;
    QLineEdit *m_npm;
    QSpinBox *m_cacheMax;
    QLabel *m_contents;
    QPushButton *m_clear;
};

} // namespace Hopx::Ui
