// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/egress/SecretBindings.h"

#include <QByteArray>
#include <QString>

namespace Hopx::Local {

/*! \brief The egress proxy's rewriting of one HTTP/1.x request on its way out: the same for
 *  plain HTTP and for HTTPS to a host whose TLS the proxy terminates (a secret's host). */
class EgressRequest
{
public:
    /*! The header block after the request line (each field after a CRLF, no blank line)
     *  without hop-by-hop and proxy fields, ending in "Connection: close" (one request per
     *  connection, so that every request is read and checked again) unless \a keepAlive
     *  (the proxy's own connection to a secret's host, which it reads to the answer's end). */
    static QByteArray originFields(const QByteArray &fields, bool keepAlive = false);
    //! Content-Length of \a fields; -1 without one, or with a transfer coding.
    static qint64 contentLength(const QByteArray &fields);
    //! \a fields have a Transfer-Encoding (the body's end is not known from the head).
    static bool hasTransferCoding(const QByteArray &fields);
    /*! \a head (request line + originFields()) with the secrets for \a host swapped in, the
     *  blank line, then \a body (as far as it arrived) with the secrets that opted in swapped
     *  in when it is complete, Content-Length set again. */
    static QByteArray rewrite(const SecretBindings &secrets, const QByteArray &head,
        const QByteArray &body, const QString &host, SecretBindings::Report *report);
};

} // namespace Hopx::Local
