// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/LogEntry.h"

#include <QCache>
#include <QImage>
#include <QObject>
#include <QPixmap>
#include <QSet>
#include <QThreadPool>

#include <functional>
#include <mutex>
#include <vector>

namespace Hopx::Ui {

/*! \brief The Logs view's decoded figures: two thumbnails per figure, the image on demand.
 *
 * Figures come from sandboxes, so they may be large or malformed. They are decoded on a
 * worker thread, one at a time, never while painting: thumbnail() answers from the cache or
 * starts the decode and answers null, and thumbnailReady() says when to ask again. Each figure
 * is decoded once for both of its thumbnails, which the cache keeps (at most kCacheBytes); the
 * enlarged view asks for the image itself, scaled down to what it can show. An image of more
 * than kMaxPixels is not decoded at all.
 */
class FigureCache final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FigureCache)
public:
    using Figure = Core::LogEntry::Figure;
    enum class Size { Row, Preview };

    static constexpr QSize kPreviewSize {200, 150};
    static constexpr qint64 kMaxPixels = 40 * 1000 * 1000;
    static constexpr int kCacheBytes = 16 * 1024 * 1024;

    explicit FigureCache(QObject *parent = nullptr);
    ~FigureCache() override;

    //! The largest row thumbnail (the table's row height, less a margin) and the screen's
    //! device pixel ratio; thumbnails decoded before keep their size.
    void setRowSize(const QSize &size, qreal devicePixelRatio);
    QSize rowSize() const { return m_rowSize; }

    //! The thumbnail, or a null pixmap while it is decoded (thumbnailReady() follows) and
    //! when the figure cannot be shown (failure() says why) or is no longer kept.
    QPixmap thumbnail(const Figure &figure, Size size);
    //! Its size in pixels once it was decoded; invalid before.
    QSize pixelSize(quint64 id) const;
    QString failure(quint64 id) const;

    //! Decodes the image, scaled down to fit `maxSize` (device pixels) if it is larger;
    //! imageReady() follows, with a null image and the reason when it cannot be shown.
    void requestImage(const Figure &figure, const QSize &maxSize);

signals:
    void thumbnailReady(quint64 id);
    void imageReady(quint64 id, const QImage &image, const QSize &pixelSize, const QString &error);
    //! From a decoding thread: what deliver() queued is waiting (queued to runDelivered()).
    void delivered(QPrivateSignal);

private:
    //! On a decoding thread: runs \a onGuiThread on the GUI thread. Through a queue under a
    //! std::mutex and a signal without arguments, not a functor posted with invokeMethod():
    //! the hand-off is then one TSan can see (Qt's posted events go through its futex).
    void deliver(std::function<void()> onGuiThread);
    void runDelivered();

    struct Thumbnails
    {
        QPixmap row;
        QPixmap preview;
        QSize size;
        QString failure;
    };
    void thumbnailsDecoded(quint64 id, const QImage &row, const QImage &preview, const QSize &size,
        const QString &failure);
    //! Why an image is not shown, in words (on the GUI thread, where the translator is).
    static QString problem(bool tooLarge, const QSize &size, const QString &readerError);

    std::mutex m_deliveredLock;
    std::vector<std::function<void()>> m_delivered; // under m_deliveredLock
    QThreadPool m_pool;
    QCache<quint64, Thumbnails> m_cache;
    QSet<quint64> m_decoding;
    QSize m_rowSize {32, 16};
    qreal m_dpr = 1;
};

} // namespace Hopx::Ui
