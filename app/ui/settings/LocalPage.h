// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/settings/SettingsPage.h"

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace Hopx::Ui {

//! What each local sandbox gets: memory, CPU, processes, disk, timeout, output, spares.
class LocalPage final : public SettingsPage
{
    Q_OBJECT
public:
    explicit LocalPage(QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString check() override;
    QString save(Core::Settings &settings) override;

private:
    QStringList modules() const;

    QSpinBox *m_memory;
    QSpinBox *m_cpu;
    QSpinBox *m_processes;
    QSpinBox *m_openFiles;
    QSpinBox *m_disk;
    QSpinBox *m_workspace;
    QSpinBox *m_totalDisk;
    QCheckBox *m_deleteOnQuit;
    QSpinBox *m_warmSpares;
    QCheckBox *m_preload;
    QLineEdit *m_preloadModules;
};

} // namespace Hopx::Ui
