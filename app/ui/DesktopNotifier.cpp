// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/DesktopNotifier.h"

#include "ui/UiLogging.h"

#include <QDBusArgument>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QPointer>
#include <QVariantMap>

namespace Hopx::Ui {

namespace {
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");
// The app's id: its icon in the theme, and its .desktop file for desktops that group by app.
const QString kAppId = QStringLiteral("dev.hopx.Desktop");
// The server's own default: long enough to read, and the user can keep it in the history.
constexpr int kExpireDefault = -1;

//! The spec's image-data hint, (iiibiiay): width, height, rowstride, alpha, bits, channels, data.
struct ImageData
{
    QImage image;
};

QDBusArgument &operator<<(QDBusArgument &out, const ImageData &in)
{
    const QImage &i = in.image;
    out.beginStructure();
    out << i.width() << i.height() << int(i.bytesPerLine()) << true << 8 << 4
        << QByteArray(reinterpret_cast<const char *>(i.constBits()), int(i.sizeInBytes()));
    out.endStructure();
    return out;
}

const QDBusArgument &operator>>(const QDBusArgument &in, ImageData &)
{
    return in; // only ever sent
}
} // namespace
} // namespace Hopx::Ui

Q_DECLARE_METATYPE(Hopx::Ui::ImageData)

namespace Hopx::Ui {

DesktopNotifier::DesktopNotifier(QDBusConnection bus, QObject *parent)
    : QObject(parent)
    , m_bus(std::move(bus))
{
    if (!m_bus.isConnected())
        return;
    // QtDBus connects a bus signal by its name only (no member-pointer form).
    // Only the notification server's signals count: any program on the session bus could send
    // an ActionInvoked of its own, and an approval must not be answerable by one.
    m_bus.connect(QLatin1String(kService), kPath, kInterface, QStringLiteral("ActionInvoked"), this,
        SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(QLatin1String(kService), kPath, kInterface, QStringLiteral("NotificationClosed"),
        this, SLOT(onClosed(uint, uint)));
}

void DesktopNotifier::setImage(const QImage &image)
{
    qDBusRegisterMetaType<ImageData>();
    m_image = image.convertToFormat(QImage::Format_RGBA8888);
}

bool DesktopNotifier::isAvailable() const
{
    return m_bus.isConnected() && m_bus.interface()
        && m_bus.interface()->isServiceRegistered(QLatin1String(kService)).value();
}

bool DesktopNotifier::show(
    const QString &title, const QString &text, const QList<Action> &actions, const QString &tag)
{
    if (!isAvailable())
        return false;
    QStringList pairs;
    for (const Action &a : actions)
        pairs << a.key << a.label;
    QVariantMap hints {{QStringLiteral("desktop-entry"), kAppId}};
    if (!m_image.isNull())
        hints.insert(QStringLiteral("image-data"), QVariant::fromValue(ImageData {m_image}));
    QDBusMessage call = QDBusMessage::createMethodCall(
        QLatin1String(kService), kPath, kInterface, QStringLiteral("Notify"));
    // The body is markup on many servers: the text names paths and hosts, never markup.
    call << QStringLiteral("HOPX Desktop") << uint(0) << kAppId << title << text.toHtmlEscaped()
         << pairs << hints << kExpireDefault;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(
        watcher, &QDBusPendingCallWatcher::finished, this, [this, tag](QDBusPendingCallWatcher *w) {
            w->deleteLater();
            const QDBusPendingReply<uint> reply = *w;
            if (reply.isError()) {
                qCWarning(lcUi).noquote() << "notification not shown:" << reply.error().message();
                return;
            }
            m_tags.insert(reply.value(), tag);
        });
    return true;
}

void DesktopNotifier::onActionInvoked(uint id, const QString &key)
{
    // Other apps' notifications raise the same signal: only ours have a tag.
    const auto it = m_tags.constFind(id);
    if (it != m_tags.constEnd())
        emit actionInvoked(it.value(), key);
}

void DesktopNotifier::onClosed(uint id, uint)
{
    m_tags.remove(id);
}

} // namespace Hopx::Ui
