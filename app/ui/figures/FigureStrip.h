// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/LogEntry.h"

#include <QScrollArea>

class QHBoxLayout;
class QToolButton;

namespace Hopx::Ui {

class FigureCache;

/*! \brief One run's figures as thumbnails side by side, each a button that opens it large.
 *
 * The thumbnails take the strip's height (the Logs view's detail pane, which the user sizes),
 * up to FigureCache::kPreviewSize; the strip is as wide as two of them, and scrolls for more.
 */
class FigureStrip final : public QScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FigureStrip)
public:
    explicit FigureStrip(FigureCache *cache, QWidget *parent = nullptr);

    //! Shows these figures (none: the strip hides).
    void setFigures(const QList<Core::LogEntry::Figure> &figures);
    //! Thumbnails, sizes and reasons as the cache knows them now.
    void refresh();
    const QList<QToolButton *> &buttons() const { return m_buttons; }

signals:
    void figureClicked(int index);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fit();

    FigureCache *m_cache;
    QHBoxLayout *m_row;
    QList<Core::LogEntry::Figure> m_figures;
    QList<QToolButton *> m_buttons;
};

} // namespace Hopx::Ui
