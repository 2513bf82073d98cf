// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/Icons.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace Hopx::Ui {

namespace {

constexpr int kAppSizes[] = {16, 22, 24, 32, 48, 64, 128, 256, 512};
constexpr int kTraySizes[] = {16, 22, 24, 32, 48, 64};

} // namespace

QIcon Icons::app()
{
    QIcon bundled;
    // PNGs, not the SVG: they need no image plugin and are what render-icons checked.
    for (int size : kAppSizes)
        bundled.addFile(QStringLiteral(":/icons/hicolor/%1x%1/apps/" HOPX_APP_ID ".png").arg(size),
            QSize(size, size));
    return QIcon::fromTheme(QStringLiteral(HOPX_APP_ID), bundled);
}

QIcon Icons::tray(Tray state)
{
    // Decoding six PNGs is not free, and the tray asks on every state check.
    static QHash<int, QIcon> cache;
    const auto cached = cache.constFind(int(state));
    if (cached != cache.constEnd())
        return *cached;
    QString name;
    switch (state) {
    case Tray::Idle:
        name = QStringLiteral("idle");
        break;
    case Tray::Busy:
        name = QStringLiteral("busy");
        break;
    case Tray::Error:
        name = QStringLiteral("error");
        break;
    case Tray::NoKey:
        name = QStringLiteral("nokey");
        break;
    }
    QIcon icon;
    for (int size : kTraySizes)
        icon.addFile(QStringLiteral(":/icons/tray/%1/hopx-tray-%2.png").arg(size).arg(name),
            QSize(size, size));
    cache.insert(int(state), icon);
    return icon;
}

QIcon Icons::dot(const QColor &color)
{
    static QHash<QRgb, QIcon> cache;
    const auto it = cache.constFind(color.rgba());
    if (it != cache.constEnd())
        return *it;
    QIcon icon;
    for (int size : {12, 16, 24, 32}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        const qreal r = size * 0.3;
        p.drawEllipse(QPointF(size / 2.0, size / 2.0), r, r);
        p.end();
        icon.addPixmap(pm);
    }
    cache.insert(color.rgba(), icon);
    return icon;
}

} // namespace Hopx::Ui
