// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDBusConnection>
#include <QHash>
#include <QImage>
#include <QList>
#include <QObject>
#include <QString>

namespace Hopx::Ui {

/*! \brief Desktop notifications through the freedesktop Notifications service, with buttons.
 *
 * A tray icon's balloon needs a tray, and GNOME shows none without an extension: a user there
 * would never hear that a run finished or that a tool waits for them. Every Linux desktop (and
 * dunst, mako, …) implements org.freedesktop.Notifications on the session bus, which also
 * takes actions ("Allow"), so that is what the app uses first; without it, the caller falls back
 * to the tray or the window's status bar. Each notification carries a tag of the caller's; an
 * action pressed on it comes back with that tag.
 */
class DesktopNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopNotifier)
public:
    struct Action
    {
        QString key; // "default" is a click on the notification itself
        QString label;
    };

    static constexpr const char *kService = "org.freedesktop.Notifications";

    explicit DesktopNotifier(
        QDBusConnection bus = QDBusConnection::sessionBus(), QObject *parent = nullptr);

    /*! The picture beside the text. Sent as pixels ("image-data"): the app's icon is in the
     *  theme only once it is installed, and a build run from its folder must show it too. */
    void setImage(const QImage &image);
    //! Someone on the session bus shows notifications.
    bool isAvailable() const;
    //! Shows a notification; false when nobody can show it (the caller falls back).
    bool show(const QString &title, const QString &text, const QList<Action> &actions,
        const QString &tag);

signals:
    //! The user pressed \a key on the notification that carried \a tag.
    void actionInvoked(const QString &tag, const QString &key);

private slots:
    void onActionInvoked(uint id, const QString &key);
    void onClosed(uint id, uint reason);

private:
    QDBusConnection m_bus;
    QImage m_image; // RGBA8888, or null
    QHash<uint, QString> m_tags; // notification id → the caller's tag, until it closes
};

} // namespace Hopx::Ui
