// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/SandboxRecord.h"

#include "providers/local/LocalReason.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace Hopx::Local {

namespace {
constexpr qint64 kMaxRecord = 4 * 1024 * 1024;

QString isoUtc(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}
} // namespace

bool SandboxRecord::secretLooking(const QString &name, const QString &value)
{
    static const QRegularExpression names(
        QStringLiteral("KEY|TOKEN|SECRET|PASS|CREDENTIAL|AUTH|PRIVATE|COOKIE|"
                       "SESSION|SIGNATURE|CERT|DSN"),
        QRegularExpression::CaseInsensitiveOption);
    // Common credential shapes, whatever the variable is called: provider key prefixes, PEM
    // blocks, and URLs with a password in them.
    static const QRegularExpression values(
        QStringLiteral("^(sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|glpat-|xox[abpr]-|AKIA|ASIA|"
                       "AIza|hopx_|eyJ)|-----BEGIN|://[^/@\\s]+:[^/@\\s]+@"));
    return names.match(name).hasMatch() || values.match(value).hasMatch();
}

SandboxRecord SandboxRecord::from(
    const Core::SandboxInfo &info, const Core::EnvMap &env, const QList<Secret> &secrets)
{
    SandboxRecord r;
    r.network = info.extra.value(QStringLiteral("network"));
    r.secrets = secrets;
    r.id = info.id;
    r.templateName = info.templateName;
    r.createdAt = info.createdAt;
    r.expiresAt = info.expiresAt;
    r.timeoutSeconds = info.timeoutSeconds;
    r.internetAccess = info.internetAccess;
    r.forkedFrom = info.extra.value(QStringLiteral("forked_from")).toObject();
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        const bool placeholder = std::any_of(
            secrets.cbegin(), secrets.cend(), [&](const Secret &s) { return s.name == it.key(); });
        if (placeholder)
            continue; // comes back with its secret
        if (secretLooking(it.key(), it.value()))
            r.envWithheld << it.key();
        else
            r.env.insert(it.key(), it.value());
    }
    return r;
}

Core::Result<Core::Unit> SandboxRecord::save(const QString &dir) const
{
    QJsonObject env;
    for (auto it = this->env.cbegin(); it != this->env.cend(); ++it)
        env.insert(it.key(), it.value());
    QJsonObject o {{QStringLiteral("version"), kFormat}, {QStringLiteral("id"), id},
        {QStringLiteral("template"), templateName},
        {QStringLiteral("created_at"), isoUtc(createdAt)},
        {QStringLiteral("expires_at"), isoUtc(expiresAt)},
        {QStringLiteral("timeout_seconds"), timeoutSeconds},
        {QStringLiteral("internet_access"), internetAccess},
        {QStringLiteral("disk_cap_bytes"), capBytes}, {QStringLiteral("env"), env},
        {QStringLiteral("env_withheld"), QJsonArray::fromStringList(envWithheld)},
        {QStringLiteral("checkpoints"), checkpoints}, {QStringLiteral("forked_from"), forkedFrom},
        {QStringLiteral("network"), network}};
    QJsonArray held;
    for (const Secret &secret : secrets)
        held.append(QJsonObject {{QStringLiteral("name"), secret.name},
            {QStringLiteral("placeholder"), QString::fromLatin1(secret.placeholder)}});
    if (!held.isEmpty())
        o.insert(QStringLiteral("secrets"), held);
    QSaveFile file(dir + QLatin1Char('/') + QLatin1String(kFileName));
    file.setDirectWriteFallback(false);
    // Unbuffered, each write checked: a buffered write that a full disk refuses at commit()
    // was seen to leave an empty record in place of the old one (tests/faults/crashpoints).
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return Core::Error::make(Core::Error::Code::Internal, file.errorString());
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Indented);
    if (file.write(json) != json.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return Core::Error::make(Core::Error::Code::Internal, why);
    }
    if (!file.commit())
        return Core::Error::make(Core::Error::Code::Internal, file.errorString());
    return Core::Unit {};
}

Core::Result<SandboxRecord> SandboxRecord::load(const QString &dir)
{
    // Each reason is worded (localError) for the Logs as well: recovery shows why a sandbox
    // cannot come back.
    QFile file(dir + QLatin1Char('/') + QLatin1String(kFileName));
    if (!file.open(QIODevice::ReadOnly))
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot read %1: %2"),
            {file.fileName(), file.errorString()});
    if (file.size() > kMaxRecord)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "%1 is %2 bytes, more than any record (damaged?)"),
            {file.fileName(), QString::number(file.size())});
    QJsonParseError parsed;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parsed);
    if (parsed.error != QJsonParseError::NoError || !doc.isObject())
        return localError(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                "%1 is damaged (%2 at byte %3), perhaps cut short by a full disk or a crash"),
            {file.fileName(),
                parsed.error != QJsonParseError::NoError ? parsed.errorString()
                                                         : QStringLiteral("not an object"),
                QString::number(parsed.offset)});
    const QJsonObject o = doc.object();
    // Absent: format 1, the only one before the field could have been left out.
    const QJsonValue version = o.value(QStringLiteral("version"));
    const double format = version.isUndefined() ? 1 : version.toDouble(-1);
    if (!(format >= 1) || std::floor(format) != format)
        return localError(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "%1 has no valid format version (%2)"),
            {file.fileName(),
                QString::fromUtf8(
                    QJsonDocument(QJsonArray {version}).toJson(QJsonDocument::Compact))});
    if (format > kFormat)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "it was made by a newer version of HOPX Desktop (sandbox format "
                              "%1; this version reads formats up to %2): use it with that "
                              "version, or update this one"),
            {version.toVariant().toString(), QString::number(kFormat)},
            Core::Error::Code::Unsupported);
    SandboxRecord r;
    r.id = o.value(QStringLiteral("id")).toString();
    r.templateName = o.value(QStringLiteral("template")).toString();
    r.createdAt =
        QDateTime::fromString(o.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs);
    r.expiresAt =
        QDateTime::fromString(o.value(QStringLiteral("expires_at")).toString(), Qt::ISODateWithMs);
    r.timeoutSeconds = o.value(QStringLiteral("timeout_seconds")).toInt();
    r.internetAccess = o.value(QStringLiteral("internet_access")).toBool();
    r.capBytes = o.value(QStringLiteral("disk_cap_bytes")).toInteger();
    const QJsonObject env = o.value(QStringLiteral("env")).toObject();
    for (auto it = env.begin(); it != env.end(); ++it)
        r.env.insert(it.key(), it.value().toString());
    for (const QJsonValue &v : o.value(QStringLiteral("env_withheld")).toArray())
        r.envWithheld << v.toString();
    r.checkpoints = o.value(QStringLiteral("checkpoints")).toArray();
    r.forkedFrom = o.value(QStringLiteral("forked_from")).toObject();
    r.network = o.value(QStringLiteral("network"));
    for (const QJsonValue &v : o.value(QStringLiteral("secrets")).toArray()) {
        const QJsonObject secret = v.toObject();
        const QString name = secret.value(QStringLiteral("name")).toString();
        const QByteArray placeholder =
            secret.value(QStringLiteral("placeholder")).toString().toLatin1();
        if (!name.isEmpty() && !placeholder.isEmpty())
            r.secrets.append({name, placeholder});
    }
    if (r.id.isEmpty() || !r.createdAt.isValid() || r.capBytes <= 0)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "%1 lacks the sandbox's id, creation time or disk cap"),
            {file.fileName()});
    return r;
}

Core::SandboxInfo SandboxRecord::restoredInfo(const QString &provider) const
{
    Core::SandboxInfo info;
    info.id = id;
    info.provider = provider;
    info.status = Core::SandboxStatus::Creating;
    info.templateName = templateName;
    info.templateId = templateName;
    info.createdAt = createdAt.toLocalTime();
    info.expiresAt = expiresAt.toLocalTime();
    info.timeoutSeconds = timeoutSeconds;
    info.internetAccess = internetAccess;
    if (!forkedFrom.isEmpty())
        info.extra.insert(QStringLiteral("forked_from"), forkedFrom);
    if (!network.isNull() && !network.isUndefined())
        info.extra.insert(QStringLiteral("network"), network);
    if (!secrets.isEmpty()) {
        QJsonArray names;
        for (const Secret &secret : secrets)
            names.append(secret.name);
        info.extra.insert(QStringLiteral("secrets"), names);
    }
    return info;
}

QString SandboxRecord::restartNote() const
{
    QString note = QStringLiteral(
        "HOPX Desktop restarted since this sandbox's last call: its files in /workspace and "
        "/home/user are as they were, but the Python interpreter started fresh (variables and "
        "imports from before are gone) and background processes were stopped.");
    if (!envWithheld.isEmpty())
        note += QStringLiteral(" These environment variables were not kept, because their "
                               "values looked secret: %1; set them again with env_set.")
                    .arg(envWithheld.join(QStringLiteral(", ")));
    if (!secretsLost.isEmpty())
        note += QStringLiteral(" These secrets were removed from HOPX Desktop meanwhile: %1; "
                               "their variables still hold placeholders, which are no longer "
                               "replaced by anything. Ask the user to add them again, then "
                               "create a new sandbox with them.")
                    .arg(secretsLost.join(QStringLiteral(", ")));
    return note;
}

} // namespace Hopx::Local
