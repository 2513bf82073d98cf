// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "Settings.h"

namespace Hopx::Core {

Settings::Settings(QObject *parent)
    : QObject(parent)
    , m_settings(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("hopx-desktop"),
                 QStringLiteral("hopx-desktop"))
{
}

Settings::Settings(const QString &fileName, QObject *parent)
    : QObject(parent)
    , m_settings(fileName, QSettings::IniFormat)
{
}

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
    Type Settings::getter() const { return m_settings.value(QStringLiteral(key), fallback).conv(); } \
    void Settings::setter(Type v) { setValue(QStringLiteral(key), v); }

HOPX_SETTING(int, defaultSandboxTimeoutSeconds, setDefaultSandboxTimeoutSeconds, "sandboxes/defaultTimeoutSeconds", 3600, toInt)
HOPX_SETTING(qint64, outputCapBytes, setOutputCapBytes, "execution/outputCapBytes", 1024 * 1024, toLongLong)
HOPX_SETTING(bool, localNetworkDefault, setLocalNetworkDefault, "local/networkDefault", false, toBool)
HOPX_SETTING(int, localMemoryMb, setLocalMemoryMb, "local/memoryMb", 1024, toInt)
HOPX_SETTING(int, localProcesses, setLocalProcesses, "local/processes", 256, toInt)
HOPX_SETTING(int, localCpuSecondsPerRun, setLocalCpuSecondsPerRun, "local/cpuSecondsPerRun", 0, toInt)
HOPX_SETTING(int, localDiskMb, setLocalDiskMb, "local/diskMb", 512, toInt)
HOPX_SETTING(int, localOpenFiles, setLocalOpenFiles, "local/openFiles", 1024, toInt)
HOPX_SETTING(bool, httpEnabled, setHttpEnabled, "http/enabled", false, toBool)
HOPX_SETTING(int, httpPort, setHttpPort, "http/port", 8765, toInt)
#undef HOPX_SETTING

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

QString Settings::language() const
{
    return m_settings.value(QStringLiteral("ui/language")).toString();
}

void Settings::setLanguage(const QString &language)
{
    setValue(QStringLiteral("ui/language"), language);
}

} // namespace Hopx::Core
