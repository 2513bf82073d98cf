// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>

typedef struct ssl_ctx_st SSL_CTX;

namespace Hopx::Local {

/*! \brief This installation's own certificate authority for the egress proxy: the proxy
 *  shows its certificates to a sandbox only for the hosts of the secrets that sandbox holds.
 *
 * Made once (ECDSA P-256, ten years) and kept in `dir` (the app's state directory, never
 * mounted into a sandbox): ca.key is 0600 in a 0700 directory, ca.crt the public part that
 * sandboxes trust. The key never leaves this process and this directory. Certificates for
 * hosts are made in memory as they are needed (a day valid, a fresh key each), one TLS
 * server context per host name, kept for the app's run.
 */
class EgressCa
{
public:
    explicit EgressCa(QString dir);
    ~EgressCa();
    EgressCa(const EgressCa &) = delete;
    EgressCa &operator=(const EgressCa &) = delete;

    //! Loads the CA, or makes it on first use; an error says why neither worked.
    Core::Result<Core::Unit> prepare();
    bool isReady() const;
    QString certificatePath() const;
    QByteArray certificatePem() const { return m_certPem; }
    //! A TLS server context presenting a certificate for \a host; null on failure.
    SSL_CTX *serverContext(const QString &host);

private:
    struct Keys;
    Core::Result<Core::Unit> load();
    Core::Result<Core::Unit> create();

    QString m_dir;
    QByteArray m_certPem;
    std::unique_ptr<Keys> m_keys;
    QHash<QString, SSL_CTX *> m_contexts;
};

} // namespace Hopx::Local
