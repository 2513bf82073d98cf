// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "LogEntry.h"

#include <QAbstractTableModel>

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
    };
    Q_ENUM(Role)

    static constexpr int kDefaultMaxRows = 10000;
    static constexpr int kFlushIntervalMs = 50;
    //! Longer single lines are cut (with "…"); the detail keeps up to kMaxDetail characters.
    static constexpr int kMaxMessage = 1000;
    static constexpr int kMaxDetail = 16 * 1024;

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
    static QString sourceOf(const LogEntry &entry);

signals:
    //! After each flush, with the number of rows added.
    void flushed(int added);

private:
    size_t physical(int row) const { return (m_head + size_t(row)) % m_ring.size(); }

    std::vector<LogEntry> m_ring;
    size_t m_head = 0; // physical index of row 0
    int m_count = 0;
    int m_capacity = kDefaultMaxRows;
    std::vector<LogEntry> m_pending;
    QTimer *m_flushTimer;
    qint64 m_dropped = 0;
};

} // namespace Hopx::Core
