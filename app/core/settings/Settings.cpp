// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace Hopx::Core {

Settings::Settings(QObject *parent)
    : QObject(parent)
    , m_settings(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("hopx-desktop"),
          QStringLiteral("hopx-desktop"))
{ }

Settings::Settings(const QString &fileName, QObject *parent)
    : QObject(parent)
    , m_settings(fileName, QSettings::IniFormat)
{ }

QVariant Settings::value(const QString &key, const QVariant &fallback) const
{
    return m_settings.value(key, fallback);
}

void Settings::setValue(const QString &key, const QVariant &value)
{
    if (m_settings.value(key) == value)
        return;
    m_settings.setValue(key, value);
    emit changed(key);
}

#define HOPX_SETTING(Type, getter, setter, key, fallback, conv)                                    \
    Type Settings::getter() const                                                                  \
    {                                                                                              \
        return m_settings.value(QStringLiteral(key), fallback).conv();                             \
    }                                                                                              \
    void Settings::setter(Type v)                                                                  \
    {                                                                                              \
        setValue(QStringLiteral(key), v);                                                          \
    }

HOPX_SETTING(int, defaultSandboxTimeoutSeconds, setDefaultSandboxTimeoutSeconds,
    "sandboxes/defaultTimeoutSeconds", 3600, toInt)
HOPX_SETTING(
    qint64, outputCapBytes, setOutputCapBytes, "execution/outputCapBytes", 1024 * 1024, toLongLong)
HOPX_SETTING(QStringList, approvedFolders, setApprovedFolders, "files/approvedFolders",
    QStringList(), toStringList)
HOPX_SETTING(QStringList, upstreamCaFiles, setUpstreamCaFiles, "network/upstreamCaFiles",
    QStringList(), toStringList)
HOPX_SETTING(int, cloudRootMb, setCloudRootMb, "files/cloudRootMb", 256, toInt)
HOPX_SETTING(
    qint64, inlineReadBytes, setInlineReadBytes, "files/inlineReadBytes", 256 * 1024, toLongLong)
HOPX_SETTING(bool, httpEnabled, setHttpEnabled, "http/enabled", false, toBool)
HOPX_SETTING(int, httpPort, setHttpPort, "http/port", 8765, toInt)
HOPX_SETTING(int, packageCacheMaxMb, setPackageCacheMaxMb, "packages/cacheMaxMb", 2048, toInt)
HOPX_SETTING(QString, packagePypiIndex, setPackagePypiIndex, "packages/pypiIndex",
    QStringLiteral("https://pypi.org/simple/"), toString)
HOPX_SETTING(QString, packageNpmRegistry, setPackageNpmRegistry, "packages/npmRegistry",
    QStringLiteral("https://registry.npmjs.org/"), toString)
HOPX_SETTING(bool, noTrayHintShown, setNoTrayHintShown, "ui/noTrayHintShown", false, toBool)
#undef HOPX_SETTING

namespace {

QString noticeKey(Settings::Notice notice)
{
    switch (notice) {
    case Settings::Notice::Approval:
        return QStringLiteral("notifications/approval");
    case Settings::Notice::RunFinished:
        return QStringLiteral("notifications/runFinished");
    case Settings::Notice::Expiring:
        return QStringLiteral("notifications/expiring");
    case Settings::Notice::WorkspaceFull:
        return QStringLiteral("notifications/workspaceFull");
    case Settings::Notice::NetworkDenied:
        return QStringLiteral("notifications/networkDenied");
    }
    return {};
}

} // namespace

bool Settings::notifies(Notice notice) const
{
    return m_settings.value(noticeKey(notice), true).toBool();
}

void Settings::setNotifies(Notice notice, bool on)
{
    setValue(noticeKey(notice), on);
}

QStringList Settings::packageHosts() const
{
    static const QStringList fallback {QStringLiteral("pypi.org"),
        QStringLiteral("files.pythonhosted.org"), QStringLiteral("registry.npmjs.org"),
        QStringLiteral("proxy.golang.org"), QStringLiteral("sum.golang.org"),
        QStringLiteral("storage.googleapis.com")};
    return m_settings.value(QStringLiteral("network/packageHosts"), fallback).toStringList();
}

void Settings::setPackageHosts(const QStringList &hosts)
{
    setValue(QStringLiteral("network/packageHosts"), hosts);
}

QStringList Settings::alwaysAllowedHosts() const
{
    return m_settings.value(QStringLiteral("network/alwaysAllowed")).toStringList();
}

void Settings::setAlwaysAllowedHosts(const QStringList &hosts)
{
    setValue(QStringLiteral("network/alwaysAllowed"), hosts);
}

QStringList Settings::egressHostMap() const
{
    return m_settings.value(QStringLiteral("network/hostMap")).toStringList();
}

void Settings::setEgressHostMap(const QStringList &pairs)
{
    setValue(QStringLiteral("network/hostMap"), pairs);
}

QString Settings::defaultProvider() const
{
    return m_settings.value(QStringLiteral("providers/default"), QStringLiteral("auto")).toString();
}

void Settings::setDefaultProvider(const QString &provider)
{
    setValue(QStringLiteral("providers/default"), provider);
}

QString Settings::hopxBaseUrl() const
{
    return m_settings.value(QStringLiteral("hopx/baseUrl")).toString();
}

void Settings::setHopxBaseUrl(const QString &url)
{
    setValue(QStringLiteral("hopx/baseUrl"), url);
}

int Settings::hopxListIntervalMs() const
{
    return std::max(0, m_settings.value(QStringLiteral("hopx/listIntervalMs"), 30000).toInt());
}

void Settings::setHopxListIntervalMs(int ms)
{
    setValue(QStringLiteral("hopx/listIntervalMs"), std::max(0, ms));
}

QString Settings::language() const
{
    return m_settings.value(QStringLiteral("ui/language")).toString();
}

void Settings::setLanguage(const QString &language)
{
    setValue(QStringLiteral("ui/language"), language);
}

QByteArray Settings::mainWindowState() const
{
    return m_settings.value(QStringLiteral("ui/mainWindowState")).toByteArray();
}

void Settings::setMainWindowState(const QByteArray &state)
{
    // Window geometry is not a user choice: no changed() for it.
    m_settings.setValue(QStringLiteral("ui/mainWindowState"), state);
}

QString Settings::autostartPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/autostart/" HOPX_APP_ID ".desktop");
}

bool Settings::startAtLogin() const
{
    return QFileInfo::exists(autostartPath());
}

namespace {

// Desktop Entry Exec quoting: reserved characters force double quotes, inside which ", `, $
// and \ are escaped.
QString execQuote(const QString &arg)
{
    static const QString reserved = QStringLiteral(" \t\n\"'\\><~|&;$*?#()`");
    bool needs = arg.isEmpty();
    for (const QChar c : arg)
        needs = needs || reserved.contains(c);
    if (!needs)
        return arg;
    QString out;
    for (const QChar c : arg) {
        if (c == QLatin1Char('"') || c == QLatin1Char('`') || c == QLatin1Char('$')
            || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    // The Exec key is itself an escaped string: each backslash is written twice.
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace

Result<Unit> Settings::setStartAtLogin(bool on, const QString &program)
{
    const QString path = autostartPath();
    if (!on) {
        if (QFileInfo::exists(path) && !QFile::remove(path))
            return Error::make(
                Error::Code::Internal, tr("Cannot remove %1.").arg(QDir::toNativeSeparators(path)));
        emit changed(QStringLiteral("ui/startAtLogin"));
        return Unit {};
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error::make(
            Error::Code::Internal, tr("Cannot create %1.").arg(QFileInfo(path).absolutePath()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(path, file.errorString()));
    const QString entry = QStringLiteral("[Desktop Entry]\n"
                                         "Type=Application\n"
                                         "Name=HOPX Desktop\n"
                                         "Comment=Run AI-written code in isolated sandboxes\n"
                                         "Comment[zh_CN]=在隔离沙箱中运行 AI 编写的代码\n"
                                         "Exec=%1 --background\n"
                                         "Icon=" HOPX_APP_ID "\n"
                                         "Terminal=false\n"
                                         "Categories=Development;Utility;Qt;\n"
                                         "X-GNOME-Autostart-enabled=true\n")
                              .arg(execQuote(QFileInfo(program).absoluteFilePath()));
    file.write(entry.toUtf8());
    if (!file.commit())
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(path, file.errorString()));
    emit changed(QStringLiteral("ui/startAtLogin"));
    return Unit {};
}

} // namespace Hopx::Core
