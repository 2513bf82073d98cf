// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>

#include <optional>

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
    //! Why create_sandbox cannot use template \a name ("Template not found", naming both);
    //! nothing for code-interpreter, base and no name (code-interpreter).
    static std::optional<Core::Error> unknownTemplate(const QString &name);

private:
    QJsonObject m_versions;
};

} // namespace Hopx::Local
