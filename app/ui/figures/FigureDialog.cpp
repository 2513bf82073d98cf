// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/figures/FigureDialog.h"

#include "core/models/Format.h"
#include "ui/Icons.h"
#include "ui/figures/FigureCache.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace Hopx::Ui {

namespace {

// "png", "jpg", …: the figure's own format, for the file name.
QString extensionOf(const QString &mimeType)
{
    const QString type = Core::Format::imageType(mimeType).toLower();
    return type == QLatin1String("jpeg") ? QStringLiteral("jpg") : type;
}

} // namespace

FigureDialog::FigureDialog(FigureCache *cache, const QList<Figure> &figures, int index,
    const QString &caption, QWidget *parent)
    : QDialog(parent)
    , m_cache(cache)
    , m_figures(figures)
    , m_caption(caption)
    , m_image(new QLabel(this))
    , m_info(new QLabel(this))
    , m_previous(new QPushButton(tr("&Previous"), this))
    , m_next(new QPushButton(tr("&Next"), this))
    , m_save(new QPushButton(tr("&Save as…"), this))
{
    setObjectName(QStringLiteral("figureDialog"));
    setWindowIcon(Icons::app());

    m_image->setObjectName(QStringLiteral("figureImage"));
    m_image->setAlignment(Qt::AlignCenter);
    m_image->setMinimumSize(240, 180);
    m_image->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_image->setWordWrap(true);
    // Figures are drawn for white paper; a dark window theme must not show through them.
    m_image->setAutoFillBackground(true);
    QPalette paper = m_image->palette();
    paper.setColor(QPalette::Window, Qt::white);
    paper.setColor(QPalette::WindowText, QColor(0x40, 0x40, 0x40));
    m_image->setPalette(paper);
    m_info->setObjectName(QStringLiteral("figureInfo"));
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_previous->setObjectName(QStringLiteral("figurePrevious"));
    m_next->setObjectName(QStringLiteral("figureNext"));
    m_save->setObjectName(QStringLiteral("figureSave"));
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Save the figure as the sandbox made it"));
    m_previous->setVisible(m_figures.size() > 1);
    m_next->setVisible(m_figures.size() > 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_previous, &QPushButton::clicked, this, [this] { showFigure(m_index - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { showFigure(m_index + 1); });
    connect(m_save, &QPushButton::clicked, this, &FigureDialog::saveWithDialog);
    connect(m_cache, &FigureCache::imageReady, this, &FigureDialog::imageArrived);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_info, 1);
    bottom->addWidget(m_previous);
    bottom->addWidget(m_next);
    bottom->addWidget(m_save);
    bottom->addWidget(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_image, 1);
    layout->addLayout(bottom);

    // As large as the image, within most of the screen.
    const QSize known =
        m_figures.isEmpty() ? QSize() : m_cache->pixelSize(m_figures.value(index).id);
    const QSize avail = screen()->availableSize() * 85 / 100;
    QSize want = known.isValid() ? known + QSize(24, 72) : QSize(800, 620);
    want = want.boundedTo(avail).expandedTo(QSize(480, 360));
    resize(want);
    showFigure(index);
}

void FigureDialog::showFigure(int index)
{
    if (m_figures.isEmpty())
        return;
    m_index = std::clamp(index, 0, int(m_figures.size()) - 1);
    const Figure &f = m_figures.at(m_index);
    m_decoded = QImage();
    m_previous->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < m_figures.size());
    m_save->setEnabled(!f.data.isEmpty());
    const QString name = m_figures.size() > 1
        ? tr("Figure %1 of %2").arg(m_index + 1).arg(m_figures.size())
        : tr("Figure");
    setWindowTitle(m_caption.isEmpty() ? name : tr("%1: %2").arg(name, m_caption));
    describe(m_cache->pixelSize(f.id));
    m_image->setPixmap({});
    if (f.data.isEmpty()) {
        m_image->setText(tr("The log no longer keeps this figure: it keeps those of the newest "
                            "runs only."));
        return;
    }
    m_image->setText(tr("Loading…"));
    m_cache->requestImage(f, screen()->availableSize() * devicePixelRatioF());
}

void FigureDialog::describe(const QSize &pixelSize)
{
    const Figure &f = m_figures.at(m_index);
    const QString type = Core::Format::imageType(f.mimeType);
    const QString bytes = Core::Format::bytes(f.bytes);
    const QString what = pixelSize.isValid() ? tr("%1 × %2 pixels, %3, %4")
                                                   .arg(pixelSize.width())
                                                   .arg(pixelSize.height())
                                                   .arg(type, bytes)
                                             : tr("%1, %2").arg(type, bytes);
    // Without a window manager's title bar (and in screenshots) the label alone says which.
    m_info->setText(m_figures.size() > 1
            ? tr("Figure %1 of %2: %3").arg(m_index + 1).arg(m_figures.size()).arg(what)
            : what);
}

void FigureDialog::imageArrived(
    quint64 id, const QImage &image, const QSize &pixelSize, const QString &error)
{
    if (m_figures.isEmpty() || id != m_figures.at(m_index).id)
        return; // another dialog's, or a figure this one showed before
    describe(pixelSize);
    m_decoded = image;
    if (image.isNull())
        m_image->setText(error);
    fit();
}

void FigureDialog::fit()
{
    if (m_decoded.isNull())
        return;
    // Fitted to the window, never enlarged past its own pixels: a figure upscaled is blurred.
    const qreal dpr = devicePixelRatioF();
    const QSize room = m_image->contentsRect().size() * dpr;
    QImage shown = m_decoded;
    if (m_decoded.width() > room.width() || m_decoded.height() > room.height())
        shown = m_decoded.scaled(room, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    QPixmap pixmap = QPixmap::fromImage(shown);
    pixmap.setDevicePixelRatio(dpr);
    m_image->setPixmap(pixmap);
}

void FigureDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    fit();
}

QString FigureDialog::suggestedFileName() const
{
    return QStringLiteral("figure-%1-%2.%3")
        .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))
        .arg(m_index + 1)
        .arg(m_figures.isEmpty() ? QStringLiteral("png")
                                 : extensionOf(m_figures.at(m_index).mimeType));
}

Core::Result<Core::Unit> FigureDialog::saveTo(const QString &path) const
{
    QSaveFile file(path);
    const bool ok = !m_figures.isEmpty() && file.open(QIODevice::WriteOnly)
        && file.write(m_figures.at(m_index).data) == m_figures.at(m_index).data.size()
        && file.commit();
    if (!ok)
        return Core::Error::make(Core::Error::Code::Internal, file.errorString());
    return Core::Unit {};
}

void FigureDialog::saveWithDialog()
{
    const QString type = Core::Format::imageType(m_figures.at(m_index).mimeType);
    const QString ext = extensionOf(m_figures.at(m_index).mimeType);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save figure"),
        QStandardPaths::writableLocation(QStandardPaths::PicturesLocation) + QLatin1Char('/')
            + suggestedFileName(),
        tr("%1 images (*.%2)").arg(type, ext));
    if (path.isEmpty())
        return;
    const auto saved = saveTo(path);
    if (saved)
        m_info->setText(tr("Saved to %1").arg(path));
    else
        m_info->setText(tr("Could not save: %1").arg(saved.error().message));
}

} // namespace Hopx::Ui
