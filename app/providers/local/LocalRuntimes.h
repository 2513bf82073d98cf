// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>

namespace Hopx::Local {

/*! \brief The runtimes local sandboxes see (the host's /usr, read-only) and the templates
 *  made of them. */
class LocalRuntimes : public QObject
{
    Q_OBJECT
public:
    explicit LocalRuntimes(QObject *parent = nullptr);

    //! Asks each runtime its version, in the background.
    void detect();
    //! Language -> version string of what was found.
    QJsonObject versions() const { return m_versions; }
    //! code-interpreter and base, with the languages found.
    QJsonArray templates() const;
    //! Template \a name (empty: code-interpreter), or a "Template not found" error naming both.
    Core::Result<QJsonObject> templateNamed(const QString &name) const;

private:
    QJsonObject m_versions;
};

} // namespace Hopx::Local
