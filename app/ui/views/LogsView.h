// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QPair>
#include <QPixmap>
#include <QPointer>
#include <QSet>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QToolButton;

namespace Hopx::Core {
struct LogEntry;
class LogModel;
class LogFilterModel;
} // namespace Hopx::Core

namespace Hopx::Ui {

class FigureCache;
class FigureDialog;
class FigureStrip;

/*! \brief The Logs tab: filters, the log table with follow-tail, the selected line in full.
 *
 * An execution's figures show as a thumbnail in its row and as larger ones beside its detail;
 * a click on either opens them large (FigureDialog). A connection the sandbox's network
 * allowlist refused offers to allow that host for the sandbox.
 */
class LogsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogsView)
public:
    explicit LogsView(Core::LogModel *model, QWidget *parent = nullptr);

    Core::LogFilterModel *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QCheckBox *followCheck() const { return m_follow; }
    FigureCache *figureCache() const { return m_figures; }
    //! The selected row's figures, one button each beside its detail.
    const QList<QToolButton *> &figureButtons() const;
    //! The enlarged view openFigure() opened, while it is open.
    FigureDialog *figureDialog() const;

    //! The thumbnail in a row's message (an index of table()'s model); null when the row has
    //! no figure or while it is decoded.
    QPixmap rowThumbnail(const QModelIndex &index) const;
    //! Opens the row's figures large, at `figure`.
    void openFigure(const QModelIndex &index, int figure);

    //! Shows only this sandbox's lines (empty = all).
    void setSandboxFilter(const QString &sandboxId);
    //! Writes the lines that pass the filters, as text; returns false with `error` set.
    Core::Result<Core::Unit> exportTo(const QString &path) const;
    //! "Allow <host> for this sandbox", shown while a denied connection's line is selected.
    QPushButton *allowHostButton() const { return m_allowHost; }

signals:
    //! The user chose to let \a sandboxId reach \a host from now on.
    void allowHostRequested(const QString &sandboxId, const QString &host);

private:
    void noteSources(int first, int last);
    void addChoice(QComboBox *combo, QSet<QString> &known, const QString &value);
    void showDetail();
    const Core::LogEntry *entryAt(const QModelIndex &index) const;
    void exportWithDialog();

    Core::LogModel *m_model;
    Core::LogFilterModel *m_filter;
    QComboBox *m_sandbox;
    QComboBox *m_client;
    QComboBox *m_level;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QPushButton *m_export;
    QPushButton *m_clear;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    FigureCache *m_figures;
    FigureStrip *m_figureStrip;
    QPointer<FigureDialog> m_dialog;
    QLabel *m_status;
    QPushButton *m_allowHost;
    QPair<QString, QString> m_allowHostFor; // the selected denial's sandbox and host
    QSet<QString> m_knownSandboxes;
    QSet<QString> m_knownClients;
    bool m_atBottom = true;
};

} // namespace Hopx::Ui
