// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/LogEntry.h"

#include <QAbstractTableModel>

#include <deque>
#include <vector>

class QTimer;
class QIODevice;

namespace Hopx::Core {

/*! \brief The activity log: a bounded ring of LogEntry rows fed in 50 ms batches.
 *
 * append() only queues; a timer flushes the queue at most every 50 ms with one
 * beginInsertRows(), so a sandbox printing thousands of lines cannot flood the view. When the
 * ring is full the oldest rows go first, with beginRemoveRows(), so memory stays bounded and
 * the view never sees a reset.
 *
 * Figures (the images of executions) are bounded apart from the rows, as they are much larger:
 * the log keeps the images of the newest kMaxFigureRuns rows that have any, at most
 * kMaxFigureBytes of encoded images in all; older rows keep what their figures were (type,
 * size) without the images.
 */
class LogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogModel)
public:
    enum Column { Time, Level, Source, Message, ColumnCount };
    enum Role {
        LevelRole = Qt::UserRole + 1, // int(LogEntry::Level)
        KindRole, // int(LogEntry::Kind)
        ClientRole,
        SandboxRole,
        DetailRole, // the full text
        TimeRole, // QDateTime
        StreamRole,
        DurationRole, // µs, -1 when not timed
        FigureCountRole, // the row's figures whose images the log still keeps
    };
    Q_ENUM(Role)

    static constexpr int kDefaultMaxRows = 10000;
    static constexpr int kFlushIntervalMs = 50;
    //! Longer single lines are cut (with "…"); the detail keeps up to kMaxDetail characters.
    static constexpr int kMaxMessage = 1000;
    static constexpr int kMaxDetail = 16 * 1024;
    static constexpr int kMaxFigureRuns = 20;
    static constexpr qint64 kMaxFigureBytes = 32 * 1024 * 1024;

    explicit LogModel(QObject *parent = nullptr);
    ~LogModel() override;

    void append(LogEntry entry);
    //! Moves the queue into the model now (the timer calls it; tests and export may too).
    void flush();
    int pendingCount() const { return int(m_pending.size()); }

    int maxRows() const { return m_capacity; }
    void setMaxRows(int rows);
    //! Rows dropped because the ring was full, since the start.
    qint64 droppedCount() const { return m_dropped; }
    //! Encoded figure bytes the log holds (rows and queue), and the rows that hold them.
    qint64 figureBytes() const { return m_figureBytes + m_pendingFigureBytes; }
    int figureRows() const { return int(m_figureRows.size()); }
    void clear();

    const LogEntry &entry(int row) const { return m_ring[physical(row)]; }
    //! One row as a line of text ("2026-01-02 10:00:00.123  INFO  client  message").
    QString toText(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString levelName(LogEntry::Level level);
    //! \a text of \a e (its message or detail) as the view shows it.
    static QString shown(const LogEntry &e, const QString &text);
    static QString sourceOf(const LogEntry &entry);

signals:
    //! After each flush, with the number of rows added.
    void flushed(int added);

private:
    size_t physical(int row) const { return (m_head + size_t(row)) % m_ring.size(); }
    //! A row's number among all rows ever inserted, which does not change as older rows go.
    qint64 serial(int row) const { return m_inserted - m_count + row; }
    //! Rows 0 to count - 1 are about to go: their figures no longer count.
    void releaseFigures(int count);
    //! Drops the images of the oldest rows that hold some until the bounds hold.
    void trimFigures();

    std::vector<LogEntry> m_ring;
    size_t m_head = 0; // physical index of row 0
    int m_count = 0;
    int m_capacity = kDefaultMaxRows;
    std::vector<LogEntry> m_pending;
    QTimer *m_flushTimer;
    qint64 m_dropped = 0;
    qint64 m_inserted = 0; // rows ever inserted
    quint64 m_lastFigureId = 0;
    std::deque<qint64> m_figureRows; // serials of the rows whose images are kept, oldest first
    qint64 m_figureBytes = 0; // their images' bytes
    qint64 m_pendingFigureBytes = 0; // the queue's
};

} // namespace Hopx::Core
