// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/SecretStore.h"

#include "core/base/Later.h"
#include "core/secrets/KeyStore.h"
#include "core/settings/NetworkPolicy.h"
#include "core/settings/Settings.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <algorithm>

namespace Hopx::Core {

namespace {

const QString kSettingsKey = QStringLiteral("secrets/entries");

Error invalid(const QString &message, const QString &argument)
{
    return Error::make(Error::Code::InvalidArgument, message,
        QJsonObject {{QStringLiteral("argument"), argument}}, QStringLiteral("Invalid secret"));
}

QJsonObject toJson(const SecretStore::Entry &e)
{
    return {{QStringLiteral("name"), e.name},
        {QStringLiteral("hosts"), QJsonArray::fromStringList(e.hosts)},
        {QStringLiteral("in_query"), e.inQuery}, {QStringLiteral("in_body"), e.inBody},
        {QStringLiteral("always_allow"), e.alwaysAllow}, {QStringLiteral("revision"), e.revision}};
}

SecretStore::Entry fromJson(const QJsonObject &o)
{
    SecretStore::Entry e;
    e.name = o.value(QStringLiteral("name")).toString();
    for (const QJsonValue &h : o.value(QStringLiteral("hosts")).toArray())
        e.hosts << h.toString();
    e.inQuery = o.value(QStringLiteral("in_query")).toBool();
    e.inBody = o.value(QStringLiteral("in_body")).toBool();
    e.alwaysAllow = o.value(QStringLiteral("always_allow")).toBool();
    e.revision = o.value(QStringLiteral("revision")).toString();
    return e;
}

} // namespace

SecretStore::SecretStore(Settings *settings, KeyStore *keys, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_keys(keys)
{
    if (!settings)
        return;
    m_known = list();
    // The directory too: QSettings replaces the file, which ends a watch on the file alone.
    const QString file = settings->fileName();
    m_watcher.addPath(QFileInfo(file).absolutePath());
    if (QFile::exists(file))
        m_watcher.addPath(file);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &SecretStore::reload);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &SecretStore::reload);
}

void SecretStore::reload()
{
    const QString file = m_settings->fileName();
    if (QFile::exists(file) && !m_watcher.files().contains(file))
        m_watcher.addPath(file);
    m_settings->sync();
    const QList<Entry> now = list();
    const QList<Entry> before = std::exchange(m_known, now);
    for (const Entry &old : before) {
        const auto it = std::find_if(
            now.cbegin(), now.cend(), [&](const Entry &e) { return e.name == old.name; });
        if (it == now.cend())
            emit revoked(old.name);
        else if (!(*it == old))
            emit changed(old.name);
    }
}

QList<SecretStore::Entry> SecretStore::list() const
{
    QList<Entry> out;
    if (!m_settings)
        return out;
    const QByteArray text = m_settings->value(kSettingsKey).toString().toUtf8();
    for (const QJsonValue &v : QJsonDocument::fromJson(text).array()) {
        Entry e = fromJson(v.toObject());
        // A hand-edited file must not smuggle in a name or host the checks would refuse.
        if (check(e))
            out << e;
    }
    return out;
}

std::optional<SecretStore::Entry> SecretStore::find(const QString &name) const
{
    for (const Entry &e : list())
        if (e.name == name)
            return e;
    return std::nullopt;
}

void SecretStore::save(const QList<Entry> &entries)
{
    QJsonArray array;
    for (const Entry &e : entries)
        array.append(toJson(e));
    m_settings->setValue(
        kSettingsKey, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
    m_settings->sync();
    m_known = entries;
}

Result<Unit> SecretStore::check(const Entry &entry) const
{
    if (Result<Unit> name = checkName(entry.name); !name)
        return name;
    if (entry.hosts.isEmpty())
        return invalid(
            tr("A secret needs at least one host it belongs to."), QStringLiteral("hosts"));
    for (const QString &h : entry.hosts)
        if (NetworkPolicy::normalizeHost(h) != h)
            return invalid(
                tr("\"%1\" is not a host name or *.pattern.").arg(h), QStringLiteral("hosts"));
    return Unit {};
}

void SecretStore::set(const Entry &entry, const QString &value, Callback<Unit> done)
{
    Result<Unit> ok = check(entry);
    if (ok)
        ok = checkValue(value);
    if (!ok || !m_settings) {
        answerLater<Unit>(this, done,
            ok ? Error::make(Error::Code::Unavailable, tr("The settings are not available."))
               : ok.error());
        return;
    }
    QPointer<SecretStore> self(this);
    Entry stored = entry;
    stored.revision = QString::number(QRandomGenerator::system()->generate64(), 16);
    // The keychain first: metadata without a value would offer a secret that cannot be used.
    m_keys->write(
        value,
        [self, entry = std::move(stored), done](Result<Unit> r) {
            if (!self)
                return;
            if (r) {
                QList<Entry> entries = self->list();
                entries.erase(std::remove_if(entries.begin(), entries.end(),
                                  [&](const Entry &e) { return e.name == entry.name; }),
                    entries.end());
                entries << entry;
                self->save(entries);
                emit self->changed(entry.name);
            }
            done(r);
        },
        keyName(entry.name));
}

Result<Unit> SecretStore::update(const Entry &entry)
{
    if (Result<Unit> ok = check(entry); !ok)
        return ok;
    QList<Entry> entries = list();
    for (Entry &e : entries) {
        if (e.name == entry.name) {
            const QString revision = e.revision; // the value stays as it was
            e = entry;
            e.revision = revision;
            save(entries);
            emit changed(entry.name);
            return Unit {};
        }
    }
    return Error::make(Error::Code::NotFound, tr("No secret named \"%1\".").arg(entry.name));
}

void SecretStore::remove(const QString &name, Callback<Unit> done)
{
    QList<Entry> entries = list();
    const qsizetype before = entries.size();
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                      [&](const Entry &e) { return e.name == name; }),
        entries.end());
    if (entries.size() != before) {
        save(entries);
        emit revoked(name); // before the keychain answers: substitution stops now
    }
    m_keys->remove(std::move(done), keyName(name));
}

void SecretStore::readValue(const QString &name, Callback<QString> done)
{
    m_keys->read(std::move(done), keyName(name));
}

bool SecretStore::boundTo(const Entry &entry, const QString &host)
{
    return NetworkPolicy::allowlist(entry.hosts).allows(host);
}

Result<QStringList> SecretStore::parseHosts(const QString &commaSeparated)
{
    QStringList hosts;
    for (const QString &raw : commaSeparated.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString h = NetworkPolicy::normalizeHost(raw);
        if (h.isEmpty())
            return invalid(tr("\"%1\" is not a host name or *.pattern (e.g. api.example.com or "
                              "*.example.org).")
                               .arg(raw.trimmed()),
                QStringLiteral("hosts"));
        if (!hosts.contains(h))
            hosts << h;
    }
    if (hosts.isEmpty())
        return invalid(tr("A secret needs at least one host it belongs to (e.g. --hosts "
                          "api.example.com,*.example.org)."),
            QStringLiteral("hosts"));
    return hosts;
}

Result<Unit> SecretStore::checkName(const QString &name)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Z_][A-Z0-9_]{0,63}$"));
    if (!shape.match(name).hasMatch())
        return invalid(tr("A secret's name is its environment variable in the sandbox: capital "
                          "letters, digits and _, not starting with a digit, at most 64 (e.g. "
                          "GITHUB_TOKEN)."),
            QStringLiteral("name"));
    // Names the sandbox itself relies on: a placeholder there would break it.
    static const QStringList reserved {QStringLiteral("PATH"), QStringLiteral("HOME"),
        QStringLiteral("USER"), QStringLiteral("LANG"), QStringLiteral("TERM"),
        QStringLiteral("SHELL"), QStringLiteral("PWD"), QStringLiteral("HTTP_PROXY"),
        QStringLiteral("HTTPS_PROXY"), QStringLiteral("ALL_PROXY"), QStringLiteral("NO_PROXY"),
        QStringLiteral("PIP_PROXY"), QStringLiteral("GOPROXY"), QStringLiteral("SSL_CERT_FILE"),
        QStringLiteral("REQUESTS_CA_BUNDLE"), QStringLiteral("NODE_EXTRA_CA_CERTS"),
        QStringLiteral("PIP_CERT"), QStringLiteral("NODE_OPTIONS")};
    static const QStringList reservedPrefixes {
        QStringLiteral("HOPX_"), QStringLiteral("LD_"), QStringLiteral("PYTHON")};
    bool clash = reserved.contains(name);
    for (const QString &p : reservedPrefixes)
        clash = clash || name.startsWith(p);
    if (clash)
        return invalid(
            tr("%1 is an environment variable sandboxes need for themselves; choose another "
               "name.")
                .arg(name),
            QStringLiteral("name"));
    return Unit {};
}

Result<Unit> SecretStore::checkValue(const QString &value)
{
    if (value.isEmpty())
        return invalid(tr("The secret's value is empty."), QStringLiteral("value"));
    if (value.toUtf8().size() > kMaxValueBytes)
        return invalid(tr("The secret's value is longer than %1 bytes.").arg(kMaxValueBytes),
            QStringLiteral("value"));
    // It goes into HTTP headers: a line break there would split the request.
    for (const QChar c : value)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return invalid(tr("The secret's value contains a control character (a line break?); "
                              "it goes into HTTP headers as it is."),
                QStringLiteral("value"));
    return Unit {};
}

} // namespace Hopx::Core
