// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"
#include "ui/settings/SettingsPage.h"

#include <QList>

class QComboBox;
class QFormLayout;
class QLabel;

namespace Hopx::Ui {

/*! \brief Settings → Tools: the tool profile each connected IDE gets, changeable.
 *
 * A client's profile is what its config tells hopx-mcp (`--tools`); there is no other place
 * it is decided. So this page reads each connected IDE's config (IdeToolProfile) and, for a
 * changed one, connects that IDE again with the new profile: its other servers stay and the
 * file is backed up first, as Connect an IDE does.
 */
class ToolsPage final : public SettingsPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolsPage)
public:
    explicit ToolsPage(const Core::IdeConfig &config, QWidget *parent = nullptr);

    void load(const Core::Settings &settings) override;
    QString save(Core::Settings &settings) override;

    //! The profile box of \a ide; null when the IDE is not connected.
    QComboBox *profileBox(Core::IdeConfig::Ide ide) const;

private:
    struct Row
    {
        Core::IdeConfig::Ide ide;
        QComboBox *box;
        QString loaded; // what the config said when the page was filled
    };

    Core::IdeConfig m_config;
    QFormLayout *m_form;
    QLabel *m_none;
    QList<Row> m_rows;
};

} // namespace Hopx::Ui
