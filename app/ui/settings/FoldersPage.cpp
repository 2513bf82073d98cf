// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/FoldersPage.h"

#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace Hopx::Ui {

using namespace SettingsForm;

FoldersPage::FoldersPage(QWidget *parent)
    : SettingsPage(parent)
    , m_folders(lineList(this, QStringLiteral("approvedFolders"), tr("Approved folders")))
    , m_add(new QPushButton(tr("A&dd folder…"), this))
    , m_cloudRoot(spin(this, 1, 65536, 64, tr(" MiB"), tr("Largest folder copied to the cloud")))
    , m_inlineRead(spin(this, 4, 65536, 64, tr(" KiB"), tr("Largest file read inline")))
{
    m_add->setObjectName(QStringLiteral("addApprovedFolder"));
    m_cloudRoot->setObjectName(QStringLiteral("cloudRootMb"));
    m_inlineRead->setObjectName(QStringLiteral("inlineReadKb"));
    QFormLayout *form = formAtTop(this);
    addPathListRow(form, tr("&Approved folders:"), m_folders, m_add,
        [this] { return QFileDialog::getExistingDirectory(this, tr("Approve a folder")); });
    addNote(form,
        tr("Sandboxes may read these folders, and tools may copy files into them, without "
           "asking you each time. \"Always for this folder\" adds a folder here; remove a "
           "line to be asked again. One folder per line."));
    addRow(form, tr("&Cloud copy up to:"), m_cloudRoot);
    addNote(form,
        tr("A HOPX cloud sandbox cannot see your folders: what git would commit of them is "
           "copied in, up to this size in all."));
    addRow(form, tr("&Inline files up to:"), m_inlineRead);
    addNote(form,
        tr("A text file this size or smaller is read straight into the conversation; a "
           "larger one comes as a link the assistant can download."));
}

void FoldersPage::load(const Core::Settings &settings)
{
    m_loaded = settings.approvedFolders();
    setLines(m_folders, m_loaded);
    m_cloudRoot->setValue(settings.cloudRootMb());
    m_inlineRead->setValue(int(std::max<qint64>(4, settings.inlineReadBytes() / 1024)));
}

QString FoldersPage::check()
{
    for (const QString &folder : lines(m_folders)) {
        const QString clean = QDir::cleanPath(folder);
        if (!QDir::isAbsolutePath(clean) || clean == QLatin1String("/")) {
            m_folders->setFocus();
            return tr("\"%1\" is not a folder's full path; write paths like /home/you/project, "
                      "one per line (never / itself).")
                .arg(folder);
        }
    }
    return {};
}

void FoldersPage::changed(const Core::Settings &settings, const QString &key)
{
    if (key != QLatin1String("files/approvedFolders"))
        return;
    // Shown at once, below what the user may be editing, which stays as it is.
    const QStringList shown = lines(m_folders);
    for (const QString &folder : settings.approvedFolders()) {
        if (m_loaded.contains(folder))
            continue;
        m_loaded << folder;
        if (!shown.contains(folder))
            m_folders->appendPlainText(folder);
    }
}

QString FoldersPage::save(Core::Settings &settings)
{
    QStringList folders;
    for (const QString &folder : lines(m_folders))
        if (!folders.contains(QDir::cleanPath(folder)))
            folders << QDir::cleanPath(folder);
    // A folder approved since the form last looked ("Always for this folder") is kept: only
    // what the user removed from the form leaves the list.
    for (const QString &folder : settings.approvedFolders())
        if (!m_loaded.contains(folder) && !folders.contains(folder))
            folders << folder;
    m_loaded = folders;
    settings.setApprovedFolders(folders);
    settings.setCloudRootMb(m_cloudRoot->value());
    settings.setInlineReadBytes(qint64(m_inlineRead->value()) * 1024);
    return {};
}

} // namespace Hopx::Ui
