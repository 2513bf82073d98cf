// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/SecretBindings.h"

#include "core/settings/NetworkPolicy.h"

#include <QRandomGenerator>

#include <algorithm>

namespace Hopx::Local {

namespace {

bool hostMatches(const SecretBindings::Binding &b, const QString &host)
{
    return Core::NetworkPolicy::allowlist(b.hosts).allows(host);
}

void note(QStringList *list, const QString &name)
{
    if (list && !list->contains(name))
        list->append(name);
}

} // namespace

QByteArray SecretBindings::newPlaceholder()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    QByteArray raw(reinterpret_cast<const char *>(words), sizeof(words));
    // Letters and digits only: it survives URLs, headers, JSON and shells unquoted.
    return "hopxph_" + raw.toHex();
}

void SecretBindings::add(const Binding &binding)
{
    revoke(binding.name);
    m_bindings.append(binding);
}

void SecretBindings::update(const QString &name, const QByteArray &value, const QStringList &hosts,
    bool inQuery, bool inBody)
{
    for (Binding &b : m_bindings) {
        if (b.name != name)
            continue;
        b.value = value;
        b.hosts = hosts;
        b.inQuery = inQuery;
        b.inBody = inBody;
    }
}

void SecretBindings::revoke(const QString &name)
{
    m_bindings.erase(std::remove_if(m_bindings.begin(), m_bindings.end(),
                         [&](const Binding &b) { return b.name == name; }),
        m_bindings.end());
}

QStringList SecretBindings::names() const
{
    QStringList out;
    for (const Binding &b : m_bindings)
        out << b.name;
    return out;
}

bool SecretBindings::boundTo(const QString &host) const
{
    return std::any_of(m_bindings.cbegin(), m_bindings.cend(),
        [&](const Binding &b) { return hostMatches(b, host); });
}

bool SecretBindings::bodyFor(const QString &host) const
{
    return std::any_of(m_bindings.cbegin(), m_bindings.cend(),
        [&](const Binding &b) { return b.inBody && hostMatches(b, host); });
}

QByteArray SecretBindings::rewriteHead(
    const QByteArray &head, const QString &host, Report *report) const
{
    if (m_bindings.isEmpty())
        return head;
    const int lineEnd = head.indexOf("\r\n");
    QByteArray requestLine = lineEnd < 0 ? head : head.left(lineEnd);
    QByteArray fields = lineEnd < 0 ? QByteArray() : head.mid(lineEnd);
    for (const Binding &b : m_bindings) {
        if (!head.contains(b.placeholder))
            continue;
        if (!hostMatches(b, host)) {
            note(report ? &report->offered : nullptr, b.name);
            continue;
        }
        bool used = fields.contains(b.placeholder);
        fields.replace(b.placeholder, b.value);
        if (b.inQuery && requestLine.contains(b.placeholder)) {
            // The value goes into a URL: percent-encoded, so it cannot end the request line.
            requestLine.replace(b.placeholder, b.value.toPercentEncoding());
            used = true;
        }
        if (used)
            note(report ? &report->used : nullptr, b.name);
        else
            note(report ? &report->offered : nullptr, b.name);
    }
    return requestLine + fields;
}

QByteArray SecretBindings::rewriteBody(
    const QByteArray &body, const QString &host, Report *report) const
{
    QByteArray out = body;
    for (const Binding &b : m_bindings) {
        if (!out.contains(b.placeholder))
            continue;
        if (b.inBody && hostMatches(b, host)) {
            out.replace(b.placeholder, b.value);
            note(report ? &report->used : nullptr, b.name);
        } else {
            note(report ? &report->offered : nullptr, b.name);
        }
    }
    return out;
}

void SecretBindings::scan(const QByteArray &bytes, const QString &host, Report *report) const
{
    for (const Binding &b : m_bindings)
        if (bytes.contains(b.placeholder) && report)
            note(&report->offered, b.name);
    Q_UNUSED(host)
}

} // namespace Hopx::Local
