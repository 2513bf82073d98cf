// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QJsonValue>
#include <QStringList>

namespace Hopx::Core {

/*! \brief What a sandbox may reach on the network: nothing, a list of domains, or everything.
 *
 * The `network` argument of create_sandbox: "none" (the default), "full", "packages" (the
 * package indexes of the settings' default allowlist), a list of domains, or
 * {"allow": [domains], "packages": bool}. A domain "example.com" allows exactly that host;
 * "*.example.com" allows its subdomains (not the domain itself). `internet_access: true` is
 * "full". Raw IP addresses are hosts like any other: only an exact entry allows one.
 */
struct NetworkPolicy
{
    enum class Mode { None, Allowlist, Full };

    Mode mode = Mode::None;
    QStringList allow; // lower case, no trailing dot

    static NetworkPolicy none() { return {}; }
    static NetworkPolicy full() { return {Mode::Full, {}}; }
    static NetworkPolicy allowlist(const QStringList &hosts);

    /*! Parses the tool argument; \a packageHosts is what "packages" stands for. An
     *  InvalidArgument error says what was wrong and what is accepted. */
    static Result<NetworkPolicy> fromJson(const QJsonValue &value, const QStringList &packageHosts);
    //! "none", "full", or {"allow": [...]}: what get_sandbox shows.
    QJsonValue toJson() const;
    //! Whether \a host (a name or an IP literal, any case) matches the allowlist (Full: always).
    bool allows(const QString &host) const;
    //! Adds \a host to an allowlist policy (no effect on None/Full).
    void add(const QString &host);
    //! A host name or pattern as the allowlist keeps it; empty when it is not one.
    static QString normalizeHost(const QString &host);

    bool operator==(const NetworkPolicy &o) const { return mode == o.mode && allow == o.allow; }
    bool operator!=(const NetworkPolicy &o) const { return !(*this == o); }
};

} // namespace Hopx::Core
