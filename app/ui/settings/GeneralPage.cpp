// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/GeneralPage.h"

#include "core/settings/Settings.h"
#include "ui/Translations.h"
#include "ui/settings/SettingsForm.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace Hopx::Ui {

using namespace SettingsForm;

GeneralPage::GeneralPage(const QString &program, QWidget *parent)
    : SettingsPage(parent)
    , m_program(program)
    , m_provider(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_startAtLogin(new QCheckBox(tr("Start HOPX Desktop when I log in"), this))
    , m_timeout(spin(this, 1, 7 * 24 * 60, 5, tr(" min"), tr("Default sandbox timeout")))
    , m_outputCap(spin(this, 16, 65536, 64, tr(" KiB"), tr("Output cap per stream")))
{
    m_provider->setObjectName(QStringLiteral("defaultProvider"));
    m_provider->addItem(
        tr("Automatic: HOPX cloud when an API key is set, else local"), QStringLiteral("auto"));
    m_provider->addItem(tr("Local sandboxes on this machine"), QStringLiteral("local"));
    m_provider->addItem(tr("HOPX cloud"), QStringLiteral("hopx"));
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("System default"), QString());
    for (const auto &[code, name] : Translations::available())
        m_language->addItem(name, code);
    m_startAtLogin->setObjectName(QStringLiteral("startAtLogin"));
    m_timeout->setObjectName(QStringLiteral("defaultTimeout"));
    m_outputCap->setObjectName(QStringLiteral("outputCap"));

    auto *form = new QFormLayout(this);
    addRow(form, tr("&Default provider:"), m_provider);
    addNote(form,
        tr("Used when a tool call does not name a provider. An IDE "
           "can override it with HOPX_PROVIDER."));
    // Both hold for local and cloud sandboxes alike, so neither provider's page has them.
    addRow(form, tr("Default &timeout:"), m_timeout);
    addNote(form,
        tr("A new sandbox, local or in the cloud, is deleted this long after it was created, "
           "unless the assistant asks for another timeout or extends it."));
    addRow(form, tr("&Output cap:"), m_outputCap);
    addNote(form, tr("Longer stdout or stderr of a run is cut and marked as truncated."));
    addRow(form, tr("&Language:"), m_language);
    addNote(form,
        tr("A new language applies when HOPX Desktop starts again; you can restart it from "
           "here."));
    form->addRow(QString(), m_startAtLogin);
    addNote(form, tr("Starts in the background, so IDEs find it ready."));
}

void GeneralPage::load(const Core::Settings &settings)
{
    m_provider->setCurrentIndex(std::max(0, m_provider->findData(settings.defaultProvider())));
    m_language->setCurrentIndex(std::max(0, m_language->findData(settings.language())));
    m_startAtLogin->setChecked(settings.startAtLogin());
    m_timeout->setValue(std::max(1, settings.defaultSandboxTimeoutSeconds() / 60));
    m_outputCap->setValue(int(std::max<qint64>(16, settings.outputCapBytes() / 1024)));
}

QString GeneralPage::language() const
{
    return m_language->currentData().toString();
}

QString GeneralPage::save(Core::Settings &settings)
{
    settings.setDefaultProvider(m_provider->currentData().toString());
    settings.setLanguage(language());
    settings.setDefaultSandboxTimeoutSeconds(m_timeout->value() * 60);
    settings.setOutputCapBytes(qint64(m_outputCap->value()) * 1024);
    if (m_startAtLogin->isChecked() != settings.startAtLogin()) {
        const Core::Result<Core::Unit> r =
            settings.setStartAtLogin(m_startAtLogin->isChecked(), m_program);
        if (!r.ok())
            return r.error().message;
    }
    return {};
}

} // namespace Hopx::Ui
