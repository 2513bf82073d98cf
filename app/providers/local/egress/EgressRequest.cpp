// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressRequest.h"

#include <QList>

namespace Hopx::Local {

namespace {

QByteArray fieldName(const QByteArray &line)
{
    return line.left(line.indexOf(':')).trimmed().toLower();
}

} // namespace

QByteArray EgressRequest::originFields(const QByteArray &fields, bool keepAlive)
{
    QByteArray out;
    for (const QByteArray &line : fields.split('\n')) {
        const QByteArray l = line.trimmed();
        const QByteArray name = fieldName(l);
        if (l.isEmpty() || name.startsWith("proxy-") || name == "connection"
            || name == "keep-alive")
            continue;
        out += "\r\n" + l;
    }
    return keepAlive ? out : out + "\r\nConnection: close";
}

bool EgressRequest::hasTransferCoding(const QByteArray &fields)
{
    for (const QByteArray &line : fields.split('\n')) {
        if (fieldName(line) == "transfer-encoding")
            return true;
    }
    return false;
}

qint64 EgressRequest::contentLength(const QByteArray &fields)
{
    qint64 length = -1;
    for (const QByteArray &line : fields.split('\n')) {
        const QByteArray name = fieldName(line);
        if (name == "transfer-encoding")
            return -1;
        if (name == "content-length") {
            bool ok = false;
            length = line.mid(line.indexOf(':') + 1).trimmed().toLongLong(&ok);
            if (!ok || length < 0)
                return -1;
        }
    }
    return length;
}

QByteArray EgressRequest::rewrite(const SecretBindings &secrets, const QByteArray &head,
    const QByteArray &body, const QString &host, SecretBindings::Report *report)
{
    QByteArray outHead = secrets.rewriteHead(head, host, report);
    if (body.isEmpty() || secrets.isEmpty())
        return outHead + "\r\n\r\n" + body;
    if (contentLength(head) != body.size()) {
        // Incomplete or chunked: passed on as it is; a placeholder in it is only reported.
        secrets.scan(body, host, report);
        return outHead + "\r\n\r\n" + body;
    }
    const QByteArray outBody = secrets.rewriteBody(body, host, report);
    if (outBody.size() != body.size()) {
        QByteArray fixed;
        for (const QByteArray &line : outHead.split('\n')) {
            const QByteArray l = line.endsWith('\r') ? line.chopped(1) : line;
            if (!fixed.isEmpty())
                fixed += "\r\n";
            fixed += fieldName(l) == "content-length"
                ? "Content-Length: " + QByteArray::number(outBody.size())
                : l;
        }
        outHead = fixed;
    }
    return outHead + "\r\n\r\n" + outBody;
}

} // namespace Hopx::Local
