// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The Logs view shows each run's figures, as the model got them: a thumbnail in the row and
// beside the detail, a click opens them large, Save as… writes them as they came. Offscreen,
// through GuiApplication as the app runs it.
#include "GuiFixture.h"

#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"
#include "ui/MainWindow.h"
#include "ui/figures/FigureCache.h"
#include "ui/figures/FigureDialog.h"
#include "ui/views/LogsView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace Hopx;
using HopxTest::GuiFixture;

namespace {

// A figure as matplotlib would make one: white, with a thick red line, encoded as PNG.
QByteArray figurePng(const QSize &size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setPen(QPen(QColor(220, 30, 30), size.height() / 6));
    p.drawLine(0, size.height() / 2, size.width(), size.height() / 2);
    p.end();
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png;
}

bool reddish(QRgb c)
{
    return qRed(c) > 150 && qGreen(c) < 120 && qBlue(c) < 120;
}

} // namespace

class TestLogFigures : public QObject
{
    Q_OBJECT

    std::unique_ptr<GuiFixture> f;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    Ui::LogsView *m_logs = nullptr;

    //! One finished run with these figures, as the execution tools note it.
    void noteRun(const QList<QByteArray> &pngs)
    {
        Core::ExecutionRecord run;
        run.sandboxId = QStringLiteral("local-plot");
        run.language = QStringLiteral("python");
        run.code = QStringLiteral("plt.plot(x, y)\nplt.show()");
        run.finished = true;
        for (const QByteArray &png : pngs)
            run.figures.append({QStringLiteral("image/png"), png});
        f->manager.noteExecution(run);
    }
    //! The table's index of the newest row with figures.
    QModelIndex figureRow() const
    {
        const QAbstractItemModel *m = m_logs->table()->model();
        for (int row = m->rowCount() - 1; row >= 0; --row) {
            const QModelIndex i = m->index(row, Core::LogModel::Message);
            if (!f->gui->logModel()
                     ->entry(m_logs->filter()->mapToSource(i).row())
                     .figures.isEmpty())
                return i;
        }
        return {};
    }
    //! Where the row shows red from the figure's line, in viewport coordinates (empty: nowhere).
    QRect paintedThumbnail(const QModelIndex &index) const
    {
        QWidget *viewport = m_logs->table()->viewport();
        viewport->repaint();
        const QImage shot = viewport->grab().toImage();
        const QRect cell = m_logs->table()->visualRect(index);
        QRect red;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.right(); ++x)
                if (reddish(shot.pixel(QPoint(x, y) * shot.devicePixelRatio())))
                    red |= QRect(x, y, 1, 1);
        return red;
    }

private slots:
    void init()
    {
        f = std::make_unique<GuiFixture>();
        QVERIFY(f->listen());
        f->makeGui(QStringLiteral(HOPX_QM_DIR));
        m_tester = std::make_unique<QAbstractItemModelTester>(
            f->gui->logModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        f->gui->start(false);
        Ui::MainWindow *w = f->gui->mainWindow();
        w->resize(1000, 640);
        w->tabs()->setCurrentIndex(Ui::MainWindow::LogsTab);
        m_logs = w->logsView();
        QVERIFY(QTest::qWaitForWindowExposed(w));
    }
    void cleanup()
    {
        m_tester.reset();
        f.reset();
    }

    void aRowWithAFigureShowsItsThumbnail()
    {
        noteRun({figurePng(QSize(640, 480))});
        QTRY_VERIFY(figureRow().isValid());
        const QModelIndex row = figureRow();
        QTRY_VERIFY(!m_logs->rowThumbnail(row).isNull());
        const QSize thumb = m_logs->rowThumbnail(row).deviceIndependentSize().toSize();
        QVERIFY(thumb.height() < m_logs->table()->rowHeight(row.row()));
        QVERIFY(qAbs(thumb.width() * 3 - thumb.height() * 4) < 4); // the figure's proportions

        // The row paints it, before the message.
        const QRect painted = paintedThumbnail(row);
        QVERIFY2(!painted.isEmpty(), "no thumbnail painted in the row");
        QVERIFY(painted.width() <= thumb.width());
        QVERIFY(painted.left() < m_logs->table()->visualRect(row).left() + thumb.width() + 8);

        // Rows without figures have none.
        QVERIFY(m_logs->rowThumbnail(m_logs->table()->model()->index(0, 3)).isNull()
            || figureRow().row() == 0);
    }

    void clickingTheRowThumbnailOpensTheFigureLarge()
    {
        const QByteArray png = figurePng(QSize(640, 480));
        noteRun({png});
        QTRY_VERIFY(figureRow().isValid());
        QTRY_VERIFY(!m_logs->rowThumbnail(figureRow()).isNull());
        QVERIFY(!m_logs->figureDialog());
        // A click on the message text opens nothing; one on the thumbnail opens it.
        const QRect cell = m_logs->table()->visualRect(figureRow());
        QTest::mouseClick(m_logs->table()->viewport(), Qt::LeftButton, {},
            QPoint(cell.right() - 10, cell.center().y()));
        QVERIFY(!m_logs->figureDialog());
        const QRect painted = paintedThumbnail(figureRow());
        QVERIFY(!painted.isEmpty());
        QTest::mouseClick(m_logs->table()->viewport(), Qt::LeftButton, {}, painted.center());
        QTRY_VERIFY(m_logs->figureDialog() && m_logs->figureDialog()->isVisible());
        Ui::FigureDialog *dialog = m_logs->figureDialog();
        QTRY_VERIFY(!dialog->image().isNull());
        QCOMPARE(dialog->image().size(), QSize(640, 480)); // never larger than it is
        QVERIFY2(dialog->infoLabel()->text().contains(QStringLiteral("640 × 480")),
            qPrintable(dialog->infoLabel()->text()));
        QVERIFY(!dialog->imageLabel()->pixmap().isNull());
        QVERIFY(!dialog->previousButton()->isVisible()); // one figure: no paging

        // Save as… writes the bytes the sandbox made, not a re-encoding.
        const QString path = f->dir.path() + QStringLiteral("/") + dialog->suggestedFileName();
        QVERIFY(path.endsWith(QStringLiteral("-1.png")));
        const auto written = dialog->saveTo(path);
        QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), png);
        dialog->close();
        QTRY_VERIFY(!m_logs->figureDialog());
    }

    void theDetailShowsEveryFigureAndEachOpens()
    {
        noteRun({figurePng(QSize(640, 480)), figurePng(QSize(300, 600))});
        QTRY_VERIFY(figureRow().isValid());
        m_logs->table()->setCurrentIndex(figureRow());
        QCOMPARE(m_logs->figureButtons().size(), 2);
        QTRY_VERIFY(!m_logs->figureButtons().at(1)->icon().isNull());
        QToolButton *second = m_logs->figureButtons().at(1);
        QVERIFY(second->isVisible());
        QTRY_VERIFY(second->text().contains(QStringLiteral("300 × 600")));
        const QSize icon = second->icon().actualSize(Ui::FigureCache::kPreviewSize);
        QCOMPARE(icon.height(), Ui::FigureCache::kPreviewSize.height());
        QCOMPARE(icon.width(), icon.height() / 2);

        QTest::mouseClick(second, Qt::LeftButton);
        QTRY_VERIFY(m_logs->figureDialog() && m_logs->figureDialog()->isVisible());
        Ui::FigureDialog *dialog = m_logs->figureDialog();
        QCOMPARE(dialog->current(), 1);
        QVERIFY(dialog->windowTitle().contains(QStringLiteral("2 of 2")));
        QTRY_COMPARE(dialog->image().size(), QSize(300, 600));
        QVERIFY(!dialog->nextButton()->isEnabled());
        QTest::mouseClick(dialog->previousButton(), Qt::LeftButton);
        QCOMPARE(dialog->current(), 0);
        QTRY_COMPARE(dialog->image().size(), QSize(640, 480));
        QVERIFY(dialog->infoLabel()->text().contains(QStringLiteral("640 × 480")));
    }

    void figuresTheLogNoLongerKeepsSaySo()
    {
        noteRun({figurePng(QSize(64, 48))});
        for (int i = 0; i < Core::LogModel::kMaxFigureRuns; ++i)
            noteRun({figurePng(QSize(32, 24))});
        f->gui->logModel()->flush();
        const QAbstractItemModel *m = m_logs->table()->model();
        QModelIndex oldest;
        for (int row = 0; row < m->rowCount() && !oldest.isValid(); ++row)
            if (!f->gui->logModel()
                     ->entry(m_logs->filter()->mapToSource(m->index(row, 0)).row())
                     .figures.isEmpty())
                oldest = m->index(row, Core::LogModel::Message);
        QVERIFY(oldest.isValid());
        QCOMPARE(oldest.data(Core::LogModel::FigureCountRole).toInt(), 0);
        QVERIFY(m_logs->rowThumbnail(oldest).isNull());
        m_logs->table()->setCurrentIndex(oldest);
        QCOMPARE(m_logs->figureButtons().size(), 1);
        QVERIFY(!m_logs->figureButtons().first()->isEnabled());
        QVERIFY(m_logs->figureButtons().first()->text().contains(QStringLiteral("no longer")));
    }

    void anImageThatCannotBeDecodedSaysWhy()
    {
        noteRun({QByteArray("\x89PNG\r\n\x1a\n") + QByteArray(100, 'x')});
        QTRY_VERIFY(figureRow().isValid());
        m_logs->table()->setCurrentIndex(figureRow());
        QTRY_VERIFY(
            m_logs->figureButtons().first()->toolTip().contains(QStringLiteral("cannot be shown")));
        QTest::mouseClick(m_logs->figureButtons().first(), Qt::LeftButton);
        QTRY_VERIFY(m_logs->figureDialog());
        QTRY_VERIFY(m_logs->figureDialog()->imageLabel()->text().contains(
            QStringLiteral("cannot be shown")));
        QVERIFY(m_logs->figureDialog()->saveButton()->isEnabled()); // the bytes are still there
    }
};

QTEST_MAIN(TestLogFigures)
#include "tst_logfigures.moc"
