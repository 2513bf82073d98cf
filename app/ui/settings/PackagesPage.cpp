// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/PackagesPage.h"

#include "core/models/Format.h"
#include "core/settings/PackageCacheFolder.h"
#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>

namespace Hopx::Ui {

using namespace SettingsForm;

namespace {

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && !url.host().isEmpty()
        && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"));
}

} // namespace

PackagesPage::PackagesPage(const QString &cacheDir, QWidget *parent)
    : SettingsPage(parent)
    , m_cacheDir(cacheDir)
    , m_pypi(new QLineEdit(this))
    , m_npm(new QLineEdit(this))
    , m_cacheMax(spin(this, 64, 1048576, 256, tr(" MiB"), tr("Package cache size")))
    , m_contents(new QLabel(this))
    , m_clear(new QPushButton(tr("C&lear"), this))
{
    m_pypi->setObjectName(QStringLiteral("pypiIndex"));
    m_pypi->setAccessibleName(tr("Python package index"));
    m_npm->setObjectName(QStringLiteral("npmRegistry"));
    m_npm->setAccessibleName(tr("npm registry"));
    m_cacheMax->setObjectName(QStringLiteral("packageCacheMax"));
    m_contents->setObjectName(QStringLiteral("packageCacheContents"));
    m_contents->setWordWrap(true);
    m_contents->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_clear->setObjectName(QStringLiteral("clearPackageCache"));
    m_clear->setAccessibleName(tr("Clear the package cache"));
    m_clear->setEnabled(!m_cacheDir.isEmpty());
    connect(m_clear, &QPushButton::clicked, this, &PackagesPage::clearCache);

    auto *form = new QFormLayout(this);
    addRow(form, tr("&Python index:"), m_pypi);
    addRow(form, tr("&npm registry:"), m_npm);
    addNote(form,
        tr("Where pip and npm in local sandboxes really fetch from (a simple index and an "
           "npm registry). Every file is checked against the index's hash before a "
           "sandbox gets it."));
    addRow(form, tr("Cache si&ze:"), m_cacheMax);
    // The label straight in the form, the button under it: a wrapped label inside a row's own
    // layout loses its height for width, and its second line was cut off.
    form->addRow(tr("Holds:"), m_contents);
    m_clear->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed); // not the row's width
    form->addRow(QString(), m_clear);
    addNote(form,
        tr("Sandboxes share what one of them downloaded, so a second install of the same "
           "package needs no network. The least recently used files go first when it is "
           "full."));
}

void PackagesPage::load(const Core::Settings &settings)
{
    m_pypi->setText(settings.packagePypiIndex());
    m_npm->setText(settings.packageNpmRegistry());
    m_cacheMax->setValue(settings.packageCacheMaxMb());
    showContents();
}

QString PackagesPage::check()
{
    for (QLineEdit *edit : {m_pypi, m_npm}) {
        if (!isHttpUrl(edit->text().trimmed())) {
            edit->setFocus();
            return tr("\"%1\" is not an http(s) address, like https://pypi.org/simple/.")
                .arg(edit->text().trimmed());
        }
    }
    return {};
}

QString PackagesPage::save(Core::Settings &settings)
{
    settings.setPackagePypiIndex(m_pypi->text().trimmed());
    settings.setPackageNpmRegistry(m_npm->text().trimmed());
    settings.setPackageCacheMaxMb(m_cacheMax->value());
    return {};
}

void PackagesPage::showContents()
{
    if (m_cacheDir.isEmpty()) {
        m_contents->setText(tr("No local sandboxes in this run."));
        return;
    }
    const Core::PackageCacheFolder::Contents c = Core::PackageCacheFolder(m_cacheDir).contents();
    m_contents->setText(tr("%n file(s), %1, in %2", nullptr, c.files)
                            .arg(Core::Format::bytes(c.bytes), m_cacheDir));
    m_clear->setEnabled(c.files + c.pages > 0);
}

void PackagesPage::clearCache()
{
    const Core::Result<Core::Unit> r = Core::PackageCacheFolder(m_cacheDir).clear();
    showContents();
    if (!r.ok())
        m_contents->setText(tr("Some files could not be deleted: %1").arg(r.error().message));
}

} // namespace Hopx::Ui
