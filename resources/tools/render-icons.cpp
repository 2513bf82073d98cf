// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// render-icons SVG OUT.png SIZE [SVG OUT.png SIZE ...]: renders SVGs with Qt's own renderer, the
// one the app uses at run time, so the committed PNGs look like what users see.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty() || args.size() % 3 != 0) {
        std::fprintf(stderr, "usage: render-icons SVG OUT.png SIZE [...]\n");
        return 2;
    }
    for (int i = 0; i < args.size(); i += 3) {
        QSvgRenderer svg(args.at(i));
        const int size = args.at(i + 2).toInt();
        if (!svg.isValid() || size <= 0) {
            std::fprintf(stderr, "render-icons: cannot render %s\n", qPrintable(args.at(i)));
            return 1;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        svg.render(&painter, QRectF(0, 0, size, size));
        painter.end();
        if (!image.save(args.at(i + 1), "PNG")) {
            std::fprintf(stderr, "render-icons: cannot write %s\n", qPrintable(args.at(i + 1)));
            return 1;
        }
    }
    return 0;
}
