// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/Translations.h"

#include "ui/UiLogging.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace Hopx::Ui {

Translations::Translations(QObject *parent)
    : QObject(parent)
{ }

Translations::~Translations()
{
    uninstall();
}

QList<QPair<QString, QString>> Translations::available()
{
    // Native names on purpose: a user who cannot read the current language must find theirs.
    return {{QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

void Translations::uninstall()
{
    if (m_app)
        QCoreApplication::removeTranslator(m_app.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
    m_app.reset();
    m_qt.reset();
}

QLocale Translations::install(const QString &language, const QString &directory)
{
    uninstall();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);

    m_app = std::make_unique<QTranslator>();
    // load(QLocale, …) walks the locale's UI languages (zh_Hans_CN → zh_CN → zh).
    // No file for the locale (C, POSIX, a language we lack): English, which holds the plural
    // forms of the source strings.
    if (m_app->load(locale, QStringLiteral("hopx-desktop"), QStringLiteral("_"), directory)
        || m_app->load(QStringLiteral("hopx-desktop_en"), directory)) {
        QCoreApplication::installTranslator(m_app.get());
        qCDebug(lcUi) << "UI language" << m_app->language() << "from" << m_app->filePath();
    } else {
        m_app.reset();
    }
    m_qt = std::make_unique<QTranslator>();
    if (m_qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(m_qt.get());
    else
        m_qt.reset();
    return locale;
}

} // namespace Hopx::Ui
