// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/packages/PackageIndexRewrite.h"

#include "providers/local/packages/PackageStore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Hopx::Local {

namespace {

QString attribute(const QString &tag, const QString &name)
{
    const QRegularExpression re(QStringLiteral("\\s%1\\s*=\\s*\"([^\"]*)\"").arg(name),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(tag);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString htmlUnescape(QString s)
{
    s.replace(QLatin1String("&amp;"), QLatin1String("&"));
    s.replace(QLatin1String("&#43;"), QLatin1String("+"));
    s.replace(QLatin1String("&lt;"), QLatin1String("<"));
    s.replace(QLatin1String("&gt;"), QLatin1String(">"));
    s.replace(QLatin1String("&quot;"), QLatin1String("\""));
    return s;
}

//! "sha512-<base64>" (npm's integrity, maybe several) or a hex shasum as a store key.
QString npmKey(const QJsonObject &dist)
{
    for (const QString &part :
        dist.value(QStringLiteral("integrity")).toString().split(QLatin1Char(' '))) {
        if (part.startsWith(QLatin1String("sha512-"))) {
            const QByteArray raw = QByteArray::fromBase64(part.mid(7).toLatin1());
            if (raw.size() == 64)
                return QStringLiteral("sha512-") + QString::fromLatin1(raw.toHex());
        }
    }
    const QString key =
        QStringLiteral("sha1-") + dist.value(QStringLiteral("shasum")).toString().toLower();
    return PackageStore::isKey(key) ? key : QString();
}

//! The last path segment, decoded after it was cut (an encoded "/" stays inside the name).
QString fileOf(const QUrl &url)
{
    const QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
    return PackageIndexRewrite::safeFileName(
        QUrl::fromPercentEncoding(path.mid(path.lastIndexOf('/') + 1)));
}

} // namespace

QString PackageIndexRewrite::safeFileName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._+-]{0,200}$"));
    return re.match(name).hasMatch() ? name : QString();
}

QByteArray PackageIndexRewrite::pypiPage(
    const QByteArray &html, const QUrl &pageUrl, const QString &filesBase, QList<Link> *links)
{
    static const QRegularExpression anchor(
        QStringLiteral("<a\\s[^>]*>"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression sha(QStringLiteral("^sha256=([0-9a-fA-F]{64})$"));
    QByteArray out = "<!DOCTYPE html>\n<html><head><meta name=\"pypi:repository-version\" "
                     "content=\"1.0\"></head><body>\n";
    const QString text = QString::fromUtf8(html);
    auto it = anchor.globalMatch(text);
    while (it.hasNext()) {
        const QString tag = it.next().captured(0);
        const QUrl href =
            pageUrl.resolved(QUrl(htmlUnescape(attribute(tag, QStringLiteral("href")))));
        const QRegularExpressionMatch hash = sha.match(href.fragment());
        const QString file = fileOf(href);
        if (!hash.hasMatch() || file.isEmpty() || !href.isValid())
            continue;
        const QString hex = hash.captured(1).toLower();
        const QString key = QStringLiteral("sha256-") + hex;
        QUrl upstream = href;
        upstream.setFragment({});
        links->append({key, upstream});
        QString a = QStringLiteral("<a href=\"%1%2/%3#sha256=%4\"").arg(filesBase, key, file, hex);
        // Kept as published (already escaped; inside double quotes by the pattern).
        for (const QString &name :
            {QStringLiteral("data-requires-python"), QStringLiteral("data-yanked")}) {
            const QRegularExpression has(QStringLiteral("\\s%1[\\s=>]").arg(name));
            if (has.match(tag).hasMatch())
                a += QStringLiteral(" %1=\"%2\"").arg(name, attribute(tag, name));
        }
        out += (a + QStringLiteral(">%1</a><br/>\n").arg(file)).toUtf8();
    }
    return out + "</body></html>\n";
}

std::optional<QByteArray> PackageIndexRewrite::npmPackument(
    const QByteArray &json, const QUrl &pageUrl, const QString &tarballBase, QList<Link> *links)
{
    QJsonParseError error;
    QJsonObject doc = QJsonDocument::fromJson(json, &error).object();
    if (error.error != QJsonParseError::NoError)
        return std::nullopt;
    QJsonObject versions = doc.value(QStringLiteral("versions")).toObject();
    for (const QString &version : versions.keys()) {
        QJsonObject v = versions.value(version).toObject();
        QJsonObject dist = v.value(QStringLiteral("dist")).toObject();
        const QString key = npmKey(dist);
        const QUrl tarball =
            pageUrl.resolved(QUrl(dist.value(QStringLiteral("tarball")).toString()));
        const QString file = fileOf(tarball);
        if (key.isEmpty() || file.isEmpty() || !tarball.isValid()) {
            versions.remove(version);
            continue;
        }
        links->append({key, tarball});
        dist.insert(
            QStringLiteral("tarball"), QString(tarballBase + key + QLatin1Char('/') + file));
        v.insert(QStringLiteral("dist"), dist);
        versions.insert(version, v);
    }
    doc.insert(QStringLiteral("versions"), versions);
    return QJsonDocument(doc).toJson(QJsonDocument::Compact);
}

} // namespace Hopx::Local
