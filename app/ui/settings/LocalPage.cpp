// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/LocalPage.h"

#include "core/settings/PythonPreload.h"
#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>

namespace Hopx::Ui {

using namespace SettingsForm;

namespace {
// main.cpp reads it once at start (LocalProvider::Options).
const QString kWarmSpares = QStringLiteral("local/warmSpares");
} // namespace

LocalPage::LocalPage(QWidget *parent)
    : SettingsPage(parent)
    , m_memory(spin(this, 64, 262144, 256, tr(" MiB"), tr("Memory limit per sandbox")))
    , m_cpu(spin(this, 0, 86400, 10, tr(" s"), tr("CPU time limit per run")))
    , m_processes(spin(this, 8, 65536, 32, QString(), tr("Process limit per sandbox")))
    , m_disk(spin(this, 16, 1048576, 256, tr(" MiB"), tr("Size of /tmp per sandbox")))
    , m_workspace(spin(this, 64, 16777216, 512, tr(" MiB"), tr("Disk space per sandbox")))
    , m_totalDisk(spin(this, 64, 67108864, 1024, tr(" MiB"), tr("Disk space for all sandboxes")))
    , m_deleteOnQuit(new QCheckBox(tr("Delete local sandboxes when HOPX Desktop quits"), this))
    , m_timeout(spin(this, 1, 7 * 24 * 60, 5, tr(" min"), tr("Default sandbox timeout")))
    , m_outputCap(spin(this, 16, 65536, 64, tr(" KiB"), tr("Output cap per stream")))
    , m_warmSpares(spin(this, 0, 8, 1, QString(), tr("Sandboxes kept ready")))
    , m_preload(new QCheckBox(tr("Import Python packages ahead in spare sandboxes"), this))
    , m_preloadModules(new QLineEdit(this))
{
    m_memory->setObjectName(QStringLiteral("localMemory"));
    m_cpu->setObjectName(QStringLiteral("localCpu"));
    m_cpu->setSpecialValueText(tr("No limit"));
    m_processes->setObjectName(QStringLiteral("localProcesses"));
    m_disk->setObjectName(QStringLiteral("localDisk"));
    m_workspace->setObjectName(QStringLiteral("localWorkspace"));
    m_totalDisk->setObjectName(QStringLiteral("localTotalDisk"));
    m_deleteOnQuit->setObjectName(QStringLiteral("localDeleteOnQuit"));
    m_timeout->setObjectName(QStringLiteral("defaultTimeout"));
    m_outputCap->setObjectName(QStringLiteral("outputCap"));
    m_warmSpares->setObjectName(QStringLiteral("localWarmSpares"));
    m_preload->setObjectName(QStringLiteral("localPreload"));
    m_preloadModules->setObjectName(QStringLiteral("localPreloadModules"));
    m_preloadModules->setAccessibleName(tr("Python modules to import ahead"));
    connect(m_preload, &QCheckBox::toggled, m_preloadModules, &QLineEdit::setEnabled);

    auto *form = new QFormLayout(this);
    addRow(form, tr("&Memory:"), m_memory);
    addRow(form, tr("&CPU time per run:"), m_cpu);
    addRow(form, tr("&Processes:"), m_processes);
    addRow(form, tr("&Disk space:"), m_workspace);
    addRow(form, tr("Disk space in tot&al:"), m_totalDisk);
    addNote(form,
        tr("Each sandbox's /workspace, /home/user and checkpoints share its disk space; "
           "a program that writes more gets \"no space left\". New sandboxes use a new "
           "size. The files stay on this computer until the sandbox is deleted or "
           "expires."));
    form->addRow(QString(), m_deleteOnQuit);
    addRow(form, tr("T&emporary files:"), m_disk);
    addRow(form, tr("Default &timeout:"), m_timeout);
    addNote(form,
        tr("A new sandbox is deleted this long after it was created, "
           "unless the assistant asks for another timeout or "
           "extends it."));
    addRow(form, tr("&Output cap:"), m_outputCap);
    addNote(form, tr("Longer stdout or stderr is cut and marked as truncated."));
    addRow(form, tr("&Kept ready:"), m_warmSpares);
    addNote(form,
        tr("Sandboxes started ahead, so a new one is ready at once; each uses a little "
           "memory while it waits. Applies when HOPX Desktop starts again."));
    form->addRow(QString(), m_preload);
    addRow(form, tr("Mod&ules:"), m_preloadModules);
    addNote(form,
        tr("The Python of a sandbox waiting for its first use imports these, so a first "
           "run that needs them starts sooner."));
}

void LocalPage::load(const Core::Settings &settings)
{
    m_memory->setValue(settings.localMemoryMb());
    m_cpu->setValue(settings.localCpuSecondsPerRun());
    m_processes->setValue(settings.localProcesses());
    m_disk->setValue(settings.localDiskMb());
    m_workspace->setValue(settings.localWorkspaceMb());
    m_totalDisk->setValue(settings.localTotalDiskMb());
    m_deleteOnQuit->setChecked(settings.localDeleteOnQuit());
    m_timeout->setValue(std::max(1, settings.defaultSandboxTimeoutSeconds() / 60));
    m_outputCap->setValue(int(std::max<qint64>(16, settings.outputCapBytes() / 1024)));
    m_warmSpares->setValue(settings.value(kWarmSpares, 1).toInt());
    m_preload->setChecked(Core::PythonPreload::enabled(settings));
    m_preloadModules->setText(Core::PythonPreload::modules(settings).join(QStringLiteral(", ")));
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
    settings.setLocalMemoryMb(m_memory->value());
    settings.setLocalCpuSecondsPerRun(m_cpu->value());
    settings.setLocalProcesses(m_processes->value());
    settings.setLocalDiskMb(m_disk->value());
    settings.setLocalWorkspaceMb(m_workspace->value());
    settings.setLocalTotalDiskMb(m_totalDisk->value());
    settings.setLocalDeleteOnQuit(m_deleteOnQuit->isChecked());
    settings.setDefaultSandboxTimeoutSeconds(m_timeout->value() * 60);
    settings.setOutputCapBytes(qint64(m_outputCap->value()) * 1024);
    // Kept unset while it is the default, so a later version's default applies.
    if (m_warmSpares->value() != settings.value(kWarmSpares, 1).toInt())
        settings.setValue(kWarmSpares, m_warmSpares->value());
    settings.setValue(QLatin1String(Core::PythonPreload::kEnabledKey), m_preload->isChecked());
    const QStringList list = modules();
    if (list != Core::PythonPreload::modules(settings))
        settings.setValue(QLatin1String(Core::PythonPreload::kModulesKey), list);
    return {};
}

} // namespace Hopx::Ui
