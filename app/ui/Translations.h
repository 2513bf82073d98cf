// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QLocale>
#include <QObject>

#include <memory>

class QTranslator;

namespace Hopx::Ui {

/*! \brief Loads the app's and Qt's translations for the system locale or a chosen language.
 *
 * The app's .qm files are embedded under :/i18n (qt_add_translations); Qt's own come from the
 * Qt installation, so standard buttons and dialogs match.
 */
class Translations final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Translations)
public:
    explicit Translations(QObject *parent = nullptr);
    ~Translations() override;

    //! `language` empty = follow the system ("zh_CN", "en", …). `directory` holds
    //! hopx-desktop_<locale>.qm (tests pass the build tree). Returns the locale now in use.
    QLocale install(const QString &language, const QString &directory = QStringLiteral(":/i18n"));
    //! Removes the installed translators (tests switch languages).
    void uninstall();

    //! The languages the app ships, as {code, native name}; English first.
    static QList<QPair<QString, QString>> available();

private:
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
};

} // namespace Hopx::Ui
