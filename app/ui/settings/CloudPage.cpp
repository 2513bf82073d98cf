// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/CloudPage.h"

#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>
#include <QUrl>

#include <algorithm>

namespace Hopx::Ui {

using namespace SettingsForm;

namespace {
//! The interval as the page shows it, in whole seconds: an interval set by hand under a second
//! is 1 s there, not "Never" (0).
int shownSeconds(int ms)
{
    return ms <= 0 ? 0 : std::max(1, (ms + 500) / 1000);
}
} // namespace

CloudPage::CloudPage(QWidget *parent)
    : SettingsPage(parent)
    , m_baseUrl(new QLineEdit(this))
    , m_listInterval(
          spin(this, 0, 24 * 60 * 60, 10, tr(" s"), tr("Look for other sandboxes every")))
{
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_baseUrl->setPlaceholderText(QStringLiteral("https://api.hopx.dev"));
    m_baseUrl->setAccessibleName(tr("HOPX base URL"));
    auto *form = new QFormLayout(this);
    addRow(form, tr("HOPX &base URL:"), m_baseUrl);
    addNote(form,
        tr("Leave empty for the public HOPX cloud. HOPX_BASE_URL in the "
           "environment takes precedence."));
    m_listInterval->setObjectName(QStringLiteral("listInterval"));
    m_listInterval->setSpecialValueText(tr("Never"));
    addRow(form, tr("&Look for other sandboxes every:"), m_listInterval);
    addNote(form,
        tr("While an API key is set, sandboxes of your account made elsewhere (another "
           "computer, the HOPX dashboard) show up in the window. Less often, or never, "
           "spares an account with tight rate limits."));
}

void CloudPage::load(const Core::Settings &settings)
{
    m_baseUrl->setText(settings.hopxBaseUrl());
    m_listInterval->setValue(shownSeconds(settings.hopxListIntervalMs()));
}

QString CloudPage::check()
{
    const QString url = m_baseUrl->text().trimmed();
    if (url.isEmpty())
        return {};
    const QUrl parsed(url, QUrl::StrictMode);
    if (parsed.isValid()
        && (parsed.scheme() == QLatin1String("https") || parsed.scheme() == QLatin1String("http"))
        && !parsed.host().isEmpty())
        return {};
    m_baseUrl->setFocus();
    return tr("The HOPX base URL must be an http(s) address, like https://api.hopx.dev.");
}

QString CloudPage::save(Core::Settings &settings)
{
    settings.setHopxBaseUrl(m_baseUrl->text().trimmed());
    // Kept unset while it is the default, so a later version's default applies.
    if (m_listInterval->value() != shownSeconds(settings.hopxListIntervalMs()))
        settings.setHopxListIntervalMs(m_listInterval->value() * 1000);
    return {};
}

} // namespace Hopx::Ui
