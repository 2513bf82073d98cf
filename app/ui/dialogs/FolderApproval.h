// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <functional>

namespace Hopx::Core {
class Settings;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief The app's own question before a sandbox may read or write one of the user's folders,
 *  for clients that cannot ask their user (no elicitation): Allow, Always allow (the folder
 *  joins Settings::approvedFolders()) or Deny. Closing the dialog denies. */
class FolderApproval final : public QObject
{
    Q_OBJECT
public:
    explicit FolderApproval(Core::Settings *settings, QObject *parent = nullptr);

    void ask(
        const QString &folder, bool write, const QString &what, std::function<void(bool)> answer);

private:
    Core::Settings *m_settings;
};

} // namespace Hopx::Ui
