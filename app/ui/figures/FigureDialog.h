// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/models/LogEntry.h"

#include <QDialog>
#include <QImage>

class QLabel;
class QPushButton;

namespace Hopx::Ui {

class FigureCache;

/*! \brief One run's figures, large: the image fitted to the window, its size, Save as….
 *
 * The image is decoded off the GUI thread (FigureCache), scaled to the screen at most, and never
 * shown larger than it is. The dialog holds its own copy of the figures, so it keeps working
 * when the log drops them.
 */
class FigureDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FigureDialog)
public:
    using Figure = Core::LogEntry::Figure;

    //! `caption` says where the figures come from (the run, its sandbox and time).
    FigureDialog(FigureCache *cache, const QList<Figure> &figures, int index,
        const QString &caption, QWidget *parent = nullptr);

    int current() const { return m_index; }
    void showFigure(int index);
    //! Writes the current figure's bytes as they came (no re-encoding).
    Core::Result<Core::Unit> saveTo(const QString &path) const;
    //! A file name for it: "figure-<time>-<n>.png".
    QString suggestedFileName() const;

    QLabel *imageLabel() const { return m_image; }
    QLabel *infoLabel() const { return m_info; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *nextButton() const { return m_next; }
    QPushButton *saveButton() const { return m_save; }
    //! The decoded image on show (null while it is decoded or when it cannot be shown).
    const QImage &image() const { return m_decoded; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void imageArrived(
        quint64 id, const QImage &image, const QSize &pixelSize, const QString &error);
    void fit();
    void describe(const QSize &pixelSize);
    void saveWithDialog();

    FigureCache *m_cache;
    QList<Figure> m_figures;
    int m_index = 0;
    QString m_caption;
    QImage m_decoded;
    QLabel *m_image;
    QLabel *m_info;
    QPushButton *m_previous;
    QPushButton *m_next;
    QPushButton *m_save;
};

} // namespace Hopx::Ui
