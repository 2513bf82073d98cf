// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/LocalPage.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>

namespace Hopx::Ui {

using namespace SettingsForm;

LocalPage::LocalPage(QWidget *parent)
    : SettingsPage(parent)
    , m_memory(spin(this, 64, 262144, 256, tr(" MiB"), tr("Memory limit per sandbox")))
    , m_cpu(spin(this, 0, 86400, 10, tr(" s"), tr("CPU time limit per run")))
    , m_processes(spin(this, 8, 65536, 32, QString(), tr("Process limit per sandbox")))
    , m_openFiles(spin(this, 64, 1048576, 256, QString(), tr("Open files per process")))
    , m_disk(spin(this, 16, 1048576, 256, tr(" MiB"), tr("Size of /tmp per sandbox")))
    , m_workspace(spin(this, 64, 16777216, 512, tr(" MiB"), tr("Disk space per sandbox")))
    , m_totalDisk(spin(this, 64, 67108864, 1024, tr(" MiB"), tr("Disk space for all sandboxes")))
    , m_deleteOnQuit(new QCheckBox(tr("Delete local sandboxes when HOPX Desktop quits"), this))
    , m_warmSpares(spin(this, 0, 8, 1, QString(), tr("Sandboxes kept ready")))
    , m_preload(new QCheckBox(tr("Import Python packages ahead in spare sandboxes"), this))
    , m_preloadModules(new QLineEdit(this))
{
    m_memory->setObjectName(QStringLiteral("localMemory"));
    m_cpu->setObjectName(QStringLiteral("localCpu"));
    m_cpu->setSpecialValueText(tr("No limit"));
    m_processes->setObjectName(QStringLiteral("localProcesses"));
    m_openFiles->setObjectName(QStringLiteral("localOpenFiles"));
    m_disk->setObjectName(QStringLiteral("localDisk"));
    m_workspace->setObjectName(QStringLiteral("localWorkspace"));
    m_totalDisk->setObjectName(QStringLiteral("localTotalDisk"));
    m_deleteOnQuit->setObjectName(QStringLiteral("localDeleteOnQuit"));
    m_warmSpares->setObjectName(QStringLiteral("localWarmSpares"));
    m_preload->setObjectName(QStringLiteral("localPreload"));
    m_preloadModules->setObjectName(QStringLiteral("localPreloadModules"));
    m_preloadModules->setAccessibleName(tr("Python modules to import ahead"));
    connect(m_preload, &QCheckBox::toggled, m_preloadModules, &QLineEdit::setEnabled);

    auto *form = new QFormLayout(this);
    addRow(form, tr("&Memory:"), m_memory);
    addRow(form, tr("&CPU time per run:"), m_cpu);
    addRow(form, tr("&Processes:"), m_processes);
    addRow(form, tr("Open &files per process:"), m_openFiles);
    addRow(form, tr("&Disk space:"), m_workspace);
    addRow(form, tr("Disk space in tot&al:"), m_totalDisk);
    addNote(form,
        tr("Each sandbox's /workspace, /home/user and checkpoints share its disk space; "
           "a program that writes more gets \"no space left\". New sandboxes use a new "
           "size. The files stay on this computer until the sandbox is deleted or "
           "expires."));
    form->addRow(QString(), m_deleteOnQuit);
    addRow(form, tr("T&emporary files:"), m_disk);
    addRow(form, tr("&Kept ready:"), m_warmSpares);
    addNote(form,
        tr("Sandboxes started ahead, so a new one is ready at once; each uses a little "
           "memory while it waits."));
    form->addRow(QString(), m_preload);
    addRow(form, tr("Mod&ules:"), m_preloadModules);
    addNote(form,
        tr("The Python of a sandbox waiting for its first use imports these, so a first "
           "run that needs them starts sooner."));
}

void LocalPage::load(const Core::Settings &settings)
{
    const Core::LocalSettings local(&settings);
    m_memory->setValue(local.memoryMb());
    m_cpu->setValue(local.cpuSecondsPerRun());
    m_processes->setValue(local.processes());
    m_openFiles->setValue(local.openFiles());
    m_disk->setValue(local.tmpMb());
    m_workspace->setValue(local.workspaceMb());
    m_totalDisk->setValue(local.totalDiskMb());
    m_deleteOnQuit->setChecked(local.deleteOnQuit());
    m_warmSpares->setValue(local.warmSpares());
    m_preload->setChecked(local.preload());
    m_preloadModules->setText(local.preloadModules().join(QStringLiteral(", ")));
    m_preloadModules->setCursorPosition(0); // the list's start, not its end
    m_preloadModules->setEnabled(m_preload->isChecked());
}

QStringList LocalPage::modules() const
{
    return m_preloadModules->text().split(
        QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
}

QString LocalPage::check()
{
    static const QRegularExpression moduleName(
        QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$"));
    for (const QString &m : modules()) {
        if (!moduleName.match(m).hasMatch()) {
            m_preloadModules->setFocus();
            return tr("\"%1\" is not a Python module name; write names like numpy "
                      "or matplotlib.pyplot, separated by commas.")
                .arg(m);
        }
    }
    return {};
}

QString LocalPage::save(Core::Settings &settings)
{
    Core::LocalSettings local(&settings);
    local.setMemoryMb(m_memory->value());
    local.setCpuSecondsPerRun(m_cpu->value());
    local.setProcesses(m_processes->value());
    local.setOpenFiles(m_openFiles->value());
    local.setTmpMb(m_disk->value());
    local.setWorkspaceMb(m_workspace->value());
    local.setTotalDiskMb(m_totalDisk->value());
    local.setDeleteOnQuit(m_deleteOnQuit->isChecked());
    local.setWarmSpares(m_warmSpares->value());
    local.setPreload(m_preload->isChecked());
    local.setPreloadModules(modules());
    return {};
}

} // namespace Hopx::Ui
