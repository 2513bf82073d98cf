// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/ResponseFraming.h"

#include <QList>

namespace Hopx::Local {

namespace {

constexpr qsizetype kMaxHead = 64 * 1024;
constexpr qsizetype kMaxLine = 8 * 1024; // a chunk-size or trailer line

QByteArray fieldName(const QByteArray &line)
{
    return line.left(line.indexOf(':')).trimmed().toLower();
}

QByteArray fieldValue(const QByteArray &line)
{
    return line.mid(line.indexOf(':') + 1).trimmed();
}

} // namespace

ResponseFraming::ResponseFraming(const QByteArray &method)
    : m_method(method)
{ }

bool ResponseFraming::reusable() const
{
    return m_state == State::Done && m_keepAlive && !m_trailing && !m_malformed;
}

QByteArray ResponseFraming::rest()
{
    QByteArray held;
    if (m_state == State::Head)
        held.swap(m_line);
    return held;
}

bool ResponseFraming::takeLine(const QByteArray &bytes, qsizetype *at, QByteArray *line)
{
    const qsizetype newline = bytes.indexOf('\n', *at);
    const qsizetype end = newline < 0 ? bytes.size() : newline + 1;
    m_line.append(bytes.constData() + *at, end - *at);
    *at = end;
    if (newline < 0)
        return false;
    *line = m_line.trimmed();
    m_line.clear();
    return true;
}

void ResponseFraming::onHead(const QByteArray &head, QByteArray *out)
{
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> status = lines.first().trimmed().split(' ');
    bool ok = false;
    const int code = status.size() >= 2 ? status.at(1).toInt(&ok) : 0;
    if (!ok || !status.first().startsWith("HTTP/1.")) {
        m_malformed = true;
        m_state = State::UntilClose;
        *out += head;
        return;
    }
    if (code >= 100 && code < 200 && code != 101) {
        *out += head; // an interim answer (100 Continue): the real one follows
        return;
    }
    QByteArray fields = lines.first().trimmed();
    QList<QByteArray> connection;
    QByteArray coding;
    qint64 length = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const QByteArray name = fieldName(line);
        if (line.isEmpty())
            continue;
        if (name == "connection") {
            for (const QByteArray &token : fieldValue(line).toLower().split(','))
                connection << token.trimmed();
            continue; // hop-by-hop: ours towards the sandbox is below
        }
        if (name == "keep-alive") {
            for (const QByteArray &param : fieldValue(line).toLower().split(',')) {
                const QByteArray p = param.trimmed();
                if (p.startsWith("timeout=")) // a second less: not kept to the very end
                    m_idleTimeoutMs = qBound(0, p.mid(8).toInt() - 1, 3600) * 1000;
            }
            continue;
        }
        if (name == "proxy-connection")
            continue;
        if (name == "transfer-encoding")
            coding = fieldValue(line).toLower().split(',').last().trimmed();
        if (name == "content-length") {
            const qint64 n = fieldValue(line).toLongLong(&ok);
            if (!ok || n < 0 || (length >= 0 && n != length))
                m_malformed = true; // two different lengths: smuggling, or a broken API
            length = n;
        }
        fields += "\r\n" + line;
    }
    *out += fields + "\r\nConnection: close\r\n\r\n";

    m_keepAlive = status.first() == "HTTP/1.1" ? !connection.contains("close")
                                               : connection.contains("keep-alive");
    if (code == 101) {
        m_keepAlive = false; // another protocol from here on
        m_state = State::UntilClose;
    } else if (m_method == "HEAD" || code == 204 || code == 304) {
        m_state = State::Done;
    } else if (!coding.isEmpty()) {
        m_state = coding == "chunked" ? State::ChunkSize : State::UntilClose;
        m_keepAlive = m_keepAlive && coding == "chunked";
    } else if (length >= 0 && !m_malformed) {
        m_left = length;
        m_state = length == 0 ? State::Done : State::Length;
    } else {
        m_keepAlive = false; // the end is where the API closes
        m_state = State::UntilClose;
    }
}

QByteArray ResponseFraming::feed(const QByteArray &bytes)
{
    m_started = m_started || !bytes.isEmpty();
    QByteArray out;
    qsizetype at = 0;
    while (at < bytes.size()) {
        switch (m_state) {
        case State::Head: {
            const qsizetype before = m_line.size();
            m_line.append(bytes.constData() + at, bytes.size() - at);
            const qsizetype end = m_line.indexOf("\r\n\r\n", qMax<qsizetype>(0, before - 3));
            if (end < 0) {
                at = bytes.size();
                if (m_line.size() > kMaxHead) {
                    m_malformed = true;
                    m_state = State::UntilClose;
                    out += m_line;
                    m_line.clear();
                }
                break;
            }
            at = bytes.size() - (m_line.size() - (end + 4));
            const QByteArray head = m_line.left(end + 4);
            m_line.clear();
            onHead(head, &out);
            break;
        }
        case State::Length:
        case State::ChunkData: {
            const qint64 n = qMin<qint64>(m_left, bytes.size() - at);
            out.append(bytes.constData() + at, n);
            at += n;
            m_left -= n;
            if (m_left == 0)
                m_state = m_state == State::Length ? State::Done : State::ChunkEnd;
            break;
        }
        case State::ChunkSize:
        case State::ChunkEnd:
        case State::Trailers: {
            const qsizetype from = at;
            QByteArray line;
            const bool whole = takeLine(bytes, &at, &line);
            out.append(bytes.constData() + from, at - from);
            if (!whole) {
                if (m_line.size() > kMaxLine) {
                    m_malformed = true;
                    m_state = State::UntilClose;
                }
                break;
            }
            if (m_state == State::ChunkSize) {
                bool ok = false;
                m_left = line.split(';').first().trimmed().toLongLong(&ok, 16);
                if (!ok || m_left < 0) {
                    m_malformed = true;
                    m_state = State::UntilClose;
                } else {
                    m_state = m_left == 0 ? State::Trailers : State::ChunkData;
                }
            } else if (m_state == State::ChunkEnd) {
                m_malformed = !line.isEmpty();
                m_state = m_malformed ? State::UntilClose : State::ChunkSize;
            } else if (line.isEmpty()) {
                m_state = State::Done;
            }
            break;
        }
        case State::UntilClose:
            out.append(bytes.constData() + at, bytes.size() - at);
            at = bytes.size();
            break;
        case State::Done:
            m_trailing = true; // not the sandbox's: it asked for one answer
            at = bytes.size();
            break;
        }
    }
    return out;
}

} // namespace Hopx::Local
