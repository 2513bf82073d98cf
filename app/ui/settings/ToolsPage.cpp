// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/ToolsPage.h"

#include "core/ide/IdeToolProfile.h"
#include "ui/UiLogging.h"
#include "ui/settings/SettingsForm.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

namespace Hopx::Ui {

using Core::IdeConfig;
using Core::IdeToolProfile;

ToolsPage::ToolsPage(const IdeConfig &config, QWidget *parent)
    : SettingsPage(parent)
    , m_config(config)
    , m_form(new QFormLayout(this))
    , m_none(SettingsForm::note(this,
          tr("No IDE is connected yet. Connect one (File → Connect an IDE…), then choose its "
             "tools here.")))
{
    m_form->addRow(SettingsForm::note(this,
        tr("Which tools each IDE offers its assistant. <b>compact</b> (the default): every "
           "capability in a few tools, for clients that limit how many tools a model sees. "
           "<b>full</b>: one tool per operation. <b>hopx-mcp</b>: the Python hopx-mcp "
           "server's tools by their names, for prompts written for it. A change rewrites that "
           "IDE's config (a backup is kept); the IDE uses it once it restarts its MCP "
           "servers.")));
    m_none->setObjectName(QStringLiteral("toolsNoIde"));
    m_form->addRow(m_none);
}

QComboBox *ToolsPage::profileBox(IdeConfig::Ide ide) const
{
    for (const Row &row : m_rows)
        if (row.ide == ide)
            return row.box;
    return nullptr;
}

void ToolsPage::load(const Core::Settings &)
{
    // The IDEs connected now, each with the profile its config names.
    for (const Row &row : std::as_const(m_rows))
        m_form->removeRow(row.box);
    m_rows.clear();
    for (IdeConfig::Ide ide : IdeConfig::all()) {
        const QString profile = IdeToolProfile::read(m_config, ide);
        if (profile.isEmpty())
            continue;
        auto *box = new QComboBox(this);
        box->setObjectName(QStringLiteral("toolProfile-") + IdeConfig::id(ide));
        box->setAccessibleName(tr("Tools for %1").arg(IdeConfig::displayName(ide)));
        // Named as hopx-mcp --tools spells them: that is what the config file shows.
        box->addItem(tr("compact (default)"), QStringLiteral("compact"));
        box->addItem(tr("full"), QStringLiteral("full"));
        box->addItem(tr("hopx-mcp"), QStringLiteral("hopx-mcp"));
        if (box->findData(profile) < 0)
            box->addItem(profile, profile); // a profile this version does not know: kept as is
        box->setCurrentIndex(box->findData(profile));
        //: A form label: an IDE's name, then the colon of the language.
        m_form->addRow(tr("%1:").arg(IdeConfig::displayName(ide)), box);
        m_rows.append({ide, box, profile});
    }
    m_none->setVisible(m_rows.isEmpty());
}

QString ToolsPage::save(Core::Settings &)
{
    QStringList failed;
    for (Row &row : m_rows) {
        const QString profile = row.box->currentData().toString();
        if (profile == row.loaded)
            continue;
        const IdeConfig changed(
            IdeConfig::withToolProfile(m_config.launch(), profile), m_config.paths());
        const auto r = changed.install(row.ide);
        if (!r) {
            failed << tr("%1: %2").arg(IdeConfig::displayName(row.ide), r.error().message);
            continue;
        }
        qCInfo(lcUi).noquote() << "tools: connected" << IdeConfig::id(row.ide) << "with profile"
                               << profile << "in" << r.value().path;
        row.loaded = profile;
    }
    if (failed.isEmpty())
        return {};
    return tr("Could not change the tools of %1").arg(failed.join(QStringLiteral("; ")));
}

} // namespace Hopx::Ui
