// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/figures/FigureCache.h"

#include "core/base/ThreadHandoff.h"
#include "ui/UiLogging.h"

#include <QBuffer>
#include <QImageReader>
#include <QPainter>

namespace Hopx::Ui {

namespace {

// What a worker thread hands back: the image scaled to fit, or why there is none.
struct Decoded
{
    QImage image;
    QSize size; // the original's
    bool tooLarge = false;
    QString readerError;
};

Decoded decode(const QByteArray &data, const QSize &fit)
{
    Decoded d;
    QBuffer buffer;
    buffer.setData(data);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    // The header says how large it is before any pixel is decoded.
    d.size = reader.size();
    if (d.size.isValid() && qint64(d.size.width()) * d.size.height() > FigureCache::kMaxPixels) {
        d.tooLarge = true;
        return d;
    }
    reader.setAllocationLimit(int(FigureCache::kMaxPixels * 4 / (1024 * 1024)) + 1);
    // JPEG decodes straight to a smaller size; PNG decodes whole, then scales.
    if (d.size.isValid() && reader.supportsOption(QImageIOHandler::ScaledSize)
        && (d.size.width() > fit.width() || d.size.height() > fit.height()))
        reader.setScaledSize(d.size.scaled(fit, Qt::KeepAspectRatio));
    d.image = reader.read();
    if (d.image.isNull()) {
        d.readerError = reader.errorString();
        return d;
    }
    if (!d.size.isValid())
        d.size = d.image.size();
    if (d.image.width() > fit.width() || d.image.height() > fit.height())
        d.image = d.image.scaled(fit, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    return d;
}

// A thin frame, so that a white figure on a white row still reads as a picture.
QImage framed(const QImage &image)
{
    QImage out = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    QPainter p(&out);
    p.setPen(QColor(0, 0, 0, 70));
    p.drawRect(out.rect().adjusted(0, 0, -1, -1));
    return out;
}

QSize devicePixels(const QSize &size, qreal dpr)
{
    return QSize(qRound(size.width() * dpr), qRound(size.height() * dpr));
}

} // namespace

FigureCache::FigureCache(QObject *parent)
    : QObject(parent)
    , m_cache(kCacheBytes / 1024)
{
    // One decode at a time: figures are few, and the other cores are for the sandboxes.
    m_pool.setMaxThreadCount(1);
    connect(this, &FigureCache::delivered, this, &FigureCache::runDelivered, Qt::QueuedConnection);
}

void FigureCache::deliver(std::function<void()> onGuiThread)
{
    {
        const std::lock_guard<std::mutex> lock(m_deliveredLock);
        m_delivered.push_back(std::move(onGuiThread));
    }
    emit delivered(QPrivateSignal());
}

void FigureCache::runDelivered()
{
    std::vector<std::function<void()>> delivered;
    {
        const std::lock_guard<std::mutex> lock(m_deliveredLock);
        delivered.swap(m_delivered);
    }
    for (const auto &run : delivered)
        run();
}

FigureCache::~FigureCache()
{
    // No task outlives `this`: those that finish post to it, and QObject drops such events.
    m_pool.clear();
    Core::ThreadHandoff::waitForDone(m_pool);
}

void FigureCache::setRowSize(const QSize &size, qreal devicePixelRatio)
{
    m_rowSize = size;
    m_dpr = devicePixelRatio;
}

QString FigureCache::problem(bool tooLarge, const QSize &size, const QString &readerError)
{
    if (tooLarge)
        return tr("Too large to show here (%1 × %2 pixels); Save as… keeps it.")
            .arg(size.width())
            .arg(size.height());
    return tr("This image cannot be shown: %1").arg(readerError);
}

QPixmap FigureCache::thumbnail(const Figure &figure, Size size)
{
    if (const Thumbnails *t = m_cache.object(figure.id))
        return size == Size::Row ? t->row : t->preview;
    if (figure.data.isEmpty() || m_decoding.contains(figure.id))
        return {};
    m_decoding.insert(figure.id);
    const QSize row = devicePixels(m_rowSize, m_dpr);
    const QSize preview = devicePixels(kPreviewSize, m_dpr);
    Core::ThreadHandoff::start(m_pool, [this, id = figure.id, data = figure.data, row, preview] {
        const Decoded d = decode(data, preview);
        const QImage small = d.image.isNull()
            ? QImage()
            : framed(d.image.scaled(row, Qt::KeepAspectRatio, Qt::SmoothTransformation));
        const QImage preview = d.image.isNull() ? QImage() : framed(d.image);
        deliver([this, id, small, preview, d] {
            thumbnailsDecoded(id, small, preview, d.size,
                d.image.isNull() ? problem(d.tooLarge, d.size, d.readerError) : QString());
        });
    });
    return {};
}

void FigureCache::thumbnailsDecoded(
    quint64 id, const QImage &row, const QImage &preview, const QSize &size, const QString &failure)
{
    m_decoding.remove(id);
    auto *t = new Thumbnails;
    t->size = size;
    t->failure = failure;
    if (!failure.isEmpty()) {
        qCInfo(lcUi) << "figure" << id << "not shown:" << failure;
    } else {
        // Pixmaps here, on the GUI thread; both are small.
        t->row = QPixmap::fromImage(row);
        t->row.setDevicePixelRatio(m_dpr);
        t->preview = QPixmap::fromImage(preview);
        t->preview.setDevicePixelRatio(m_dpr);
    }
    const qint64 bytes = qint64(row.sizeInBytes()) + preview.sizeInBytes();
    m_cache.insert(id, t, int(std::max<qint64>(1, bytes / 1024)));
    emit thumbnailReady(id);
}

QSize FigureCache::pixelSize(quint64 id) const
{
    const Thumbnails *t = m_cache.object(id);
    return t ? t->size : QSize();
}

QString FigureCache::failure(quint64 id) const
{
    const Thumbnails *t = m_cache.object(id);
    return t ? t->failure : QString();
}

void FigureCache::requestImage(const Figure &figure, const QSize &maxSize)
{
    Core::ThreadHandoff::start(m_pool, [this, id = figure.id, data = figure.data, maxSize] {
        const Decoded d = decode(data, maxSize);
        deliver([this, id, d] {
            emit imageReady(id, d.image, d.size,
                d.image.isNull() ? problem(d.tooLarge, d.size, d.readerError) : QString());
        });
    });
}

} // namespace Hopx::Ui
