// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/figures/FigureStrip.h"

#include "core/models/Format.h"
#include "ui/figures/FigureCache.h"

#include <QHBoxLayout>
#include <QScrollBar>
#include <QToolButton>

namespace Hopx::Ui {

FigureStrip::FigureStrip(FigureCache *cache, QWidget *parent)
    : QScrollArea(parent)
    , m_cache(cache)
    , m_row(new QHBoxLayout)
{
    setObjectName(QStringLiteral("logFigures"));
    setAccessibleName(tr("Figures of the selected run"));
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    auto *box = new QWidget(this);
    box->setLayout(m_row);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->addStretch(1);
    setWidget(box);
    hide();
}

void FigureStrip::setFigures(const QList<Core::LogEntry::Figure> &figures)
{
    qDeleteAll(m_buttons);
    m_buttons.clear();
    m_figures = figures;
    setVisible(!figures.isEmpty());
    for (int i = 0; i < figures.size(); ++i) {
        auto *button = new QToolButton(widget());
        button->setObjectName(QStringLiteral("logFigure%1").arg(i + 1));
        button->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
        button->setAutoRaise(true);
        connect(button, &QToolButton::clicked, this, [this, i] { emit figureClicked(i); });
        m_row->insertWidget(i, button);
        m_buttons << button;
    }
    refresh();
}

void FigureStrip::refresh()
{
    for (int i = 0; i < m_figures.size(); ++i) {
        const Core::LogEntry::Figure &f = m_figures.at(i);
        QToolButton *button = m_buttons.at(i);
        const QString name = tr("Figure %1").arg(i + 1);
        button->setEnabled(!f.data.isEmpty());
        if (f.data.isEmpty()) {
            button->setIcon({});
            button->setText(tr("%1: no longer kept").arg(name));
            button->setToolTip(tr("The log keeps the figures of its newest runs only"));
        } else {
            const QPixmap thumbnail = m_cache->thumbnail(f, FigureCache::Size::Preview);
            const QSize size = m_cache->pixelSize(f.id);
            const QString failure = m_cache->failure(f.id);
            button->setIcon(thumbnail.isNull() ? QIcon() : QIcon(thumbnail));
            button->setText(size.isValid()
                    ? tr("%1: %2 × %3").arg(name).arg(size.width()).arg(size.height())
                    : name);
            button->setToolTip(failure.isEmpty()
                    ? tr("%1 image, %2: click to enlarge")
                          .arg(Core::Format::imageType(f.mimeType), Core::Format::bytes(f.bytes))
                    : failure);
        }
        button->setAccessibleName(button->text());
    }
    fit();
}

void FigureStrip::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    fit();
}

void FigureStrip::fit()
{
    if (m_buttons.isEmpty())
        return;
    // The icon takes the height the text under it leaves, in the preview's proportions.
    const QSize most = FigureCache::kPreviewSize;
    const int scrollBar = m_buttons.size() > 2 ? horizontalScrollBar()->sizeHint().height() : 0;
    const int height =
        std::clamp(this->height() - scrollBar - fontMetrics().height() - 14, 24, most.height());
    const QSize icon(height * most.width() / most.height(), height);
    int width = 0;
    for (int i = 0; i < m_buttons.size(); ++i) {
        m_buttons.at(i)->setIconSize(icon);
        if (i < 2)
            width += m_buttons.at(i)->sizeHint().width() + (i > 0 ? m_row->spacing() : 0);
    }
    setFixedWidth(width);
}

} // namespace Hopx::Ui
