// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"
#include "core/models/Format.h"

#include <QObject>
#include <QPointer>

namespace Hopx::Core {
class SandboxManager;
class SandboxProvider;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief What the Sandboxes view and the tray menu do to sandboxes, through SandboxManager. */
class SandboxActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxActions)
public:
    explicit SandboxActions(Core::SandboxManager *manager, QObject *parent = nullptr);

    void deleteSandboxes(const QStringList &ids);
    //! Adds `seconds` to each sandbox's time left (HOPX counts a new timeout from now).
    void extend(const QStringList &ids, int seconds);
    void openWorkspace(const QString &path);
    //! Lets the sandbox reach \a host from now on (its network allowlist gains it).
    void allowHost(const QString &id, const QString &host);

signals:
    //! One sentence for the status bar.
    void message(const QString &text, bool error);

private:
    /*! Why an action failed, for the status bar: shortly, in the user's language, where the
     *  error's kind says enough (the provider's own text is written for the model, e.g.
     *  "… list_sandboxes shows the ones that exist"); its text as it is otherwise. */
    static QString reasonFor(const Core::Error &error)
    {
        return Core::Format::failure(error.code, error.message);
    }
    Core::SandboxProvider *providerOf(const QString &id) const;

    QPointer<Core::SandboxManager> m_manager;
};

} // namespace Hopx::Ui
