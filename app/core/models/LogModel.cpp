// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/LogModel.h"

#include "core/settings/NetworkLog.h"

#include <QLocale>
#include <QTimer>

#include <algorithm>

namespace Hopx::Core {

namespace {

QString cut(const QString &text, int max)
{
    if (text.size() <= max)
        return text;
    return text.left(max) + QStringLiteral("…");
}

qint64 keptFigureBytes(const LogEntry &e)
{
    qint64 bytes = 0;
    for (const LogEntry::Figure &f : e.figures)
        bytes += f.data.size();
    return bytes;
}

} // namespace

LogModel::LogModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_flushTimer(new QTimer(this))
{
    // Single-shot, armed by the first append of a batch: an idle log costs no wake-ups.
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(kFlushIntervalMs);
    connect(m_flushTimer, &QTimer::timeout, this, &LogModel::flush);
}

LogModel::~LogModel() = default;

void LogModel::append(LogEntry entry)
{
    if (!entry.time.isValid())
        entry.time = QDateTime::currentDateTime();
    // One line in the table; the full text stays in `detail` (bounded too).
    const qsizetype nl = entry.message.indexOf(QLatin1Char('\n'));
    if (nl >= 0) {
        if (entry.detail.isEmpty())
            entry.detail = entry.message;
        entry.message = entry.message.left(nl) + QStringLiteral(" …");
    }
    entry.message = cut(entry.message, kMaxMessage);
    entry.detail = cut(entry.detail, kMaxDetail);
    for (LogEntry::Figure &f : entry.figures) {
        f.id = ++m_lastFigureId;
        f.bytes = std::max(f.bytes, qint64(f.data.size()));
    }
    m_pendingFigureBytes += keptFigureBytes(entry);
    m_pending.push_back(std::move(entry));
    // A burst larger than the ring would only be trimmed again at the flush.
    if (int(m_pending.size()) > 2 * m_capacity) {
        const size_t drop = m_pending.size() - size_t(m_capacity);
        for (size_t i = 0; i < drop; ++i)
            m_pendingFigureBytes -= keptFigureBytes(m_pending[i]);
        m_pending.erase(m_pending.begin(), m_pending.begin() + qsizetype(drop));
        m_dropped += qint64(drop);
    }
    // Figures waiting for the timer count against the bound too: past it, trim now (rare: a
    // figure row is the end of a run, and only once the log holds that many bytes of them).
    if (figureBytes() > kMaxFigureBytes)
        flush();
    else if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void LogModel::flush()
{
    m_flushTimer->stop();
    if (m_pending.empty())
        return;
    std::vector<LogEntry> batch;
    batch.swap(m_pending);
    m_pendingFigureBytes = 0;
    if (int(batch.size()) > m_capacity) {
        const size_t drop = batch.size() - size_t(m_capacity);
        batch.erase(batch.begin(), batch.begin() + qsizetype(drop));
        m_dropped += qint64(drop);
    }
    const int n = int(batch.size());

    // Grow the storage while the ring has never wrapped (m_head is still 0 then).
    if (int(m_ring.size()) < m_capacity && m_count + n > int(m_ring.size()))
        m_ring.resize(size_t(std::min(m_capacity, std::max(m_count + n, int(m_ring.size()) * 2))));

    const int overflow = m_count + n - m_capacity;
    if (overflow > 0) {
        beginRemoveRows({}, 0, overflow - 1);
        releaseFigures(overflow);
        for (int i = 0; i < overflow; ++i)
            m_ring[physical(i)] = LogEntry(); // release the strings now
        m_head = (m_head + size_t(overflow)) % m_ring.size();
        m_count -= overflow;
        m_dropped += overflow;
        endRemoveRows();
    }

    beginInsertRows({}, m_count, m_count + n - 1);
    for (LogEntry &e : batch) {
        const qint64 bytes = keptFigureBytes(e);
        if (bytes > 0) {
            m_figureRows.push_back(m_inserted);
            m_figureBytes += bytes;
        }
        m_ring[physical(m_count)] = std::move(e);
        ++m_count;
        ++m_inserted;
    }
    endInsertRows();
    trimFigures();
    emit flushed(n);
}

void LogModel::setMaxRows(int rows)
{
    rows = std::max(1, rows);
    if (rows == m_capacity)
        return;
    flush();
    if (m_count > rows) {
        const int excess = m_count - rows;
        beginRemoveRows({}, 0, excess - 1);
        releaseFigures(excess);
        m_head = (m_head + size_t(excess)) % m_ring.size();
        m_count = rows;
        m_dropped += excess;
        endRemoveRows();
    }
    // Linearise into storage of the new size; rows keep their numbers, so no signal.
    std::vector<LogEntry> fresh;
    fresh.reserve(size_t(std::min(rows, std::max(m_count, 64))));
    for (int i = 0; i < m_count; ++i)
        fresh.push_back(std::move(m_ring[physical(i)]));
    m_ring.swap(fresh);
    m_head = 0;
    m_capacity = rows;
}

void LogModel::releaseFigures(int count)
{
    while (!m_figureRows.empty() && m_figureRows.front() < serial(count)) {
        m_figureBytes -= keptFigureBytes(entry(int(m_figureRows.front() - serial(0))));
        m_figureRows.pop_front();
    }
}

void LogModel::trimFigures()
{
    while (!m_figureRows.empty()
        && (int(m_figureRows.size()) > kMaxFigureRuns || m_figureBytes > kMaxFigureBytes)) {
        const int row = int(m_figureRows.front() - serial(0));
        m_figureRows.pop_front();
        LogEntry &e = m_ring[physical(row)];
        m_figureBytes -= keptFigureBytes(e);
        for (LogEntry::Figure &f : e.figures)
            f.data = QByteArray(); // `bytes` still says how large it was
        const QModelIndex changed = index(row, Message);
        emit dataChanged(changed, changed, {FigureCountRole});
    }
}

void LogModel::clear()
{
    m_pending.clear();
    m_pendingFigureBytes = 0;
    m_flushTimer->stop();
    if (m_count == 0)
        return;
    beginRemoveRows({}, 0, m_count - 1);
    releaseFigures(m_count);
    m_ring.clear();
    m_head = 0;
    m_count = 0;
    endRemoveRows();
}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_count;
}

int LogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LogModel::levelName(LogEntry::Level level)
{
    switch (level) {
    case LogEntry::Level::Debug:
        return tr("Debug");
    case LogEntry::Level::Info:
        return tr("Info");
    case LogEntry::Level::Warning:
        return tr("Warning");
    case LogEntry::Level::Error:
        return tr("Error");
    }
    return {};
}

QString LogModel::sourceOf(const LogEntry &e)
{
    const bool byClient = e.kind == LogEntry::Kind::Client || e.kind == LogEntry::Kind::ToolCall;
    if (byClient && !e.client.isEmpty())
        return e.client;
    if (!e.sandboxId.isEmpty())
        return e.sandboxId;
    if (!e.client.isEmpty())
        return e.client;
    return tr("HOPX Desktop");
}

QString LogModel::shown(const LogEntry &e, const QString &text)
{
    // The egress proxy's lines are the app's own words (the sandbox's stream keeps them English
    // for the model); a saved or copied log keeps them as written (toText()).
    if (e.stream != QLatin1String("network"))
        return text;
    // The table's line of a longer message ends in the mark append() gave it.
    static const QString more = QStringLiteral(" …");
    return text.endsWith(more) ? NetworkLog::translated(text.chopped(more.size())) + more
                               : NetworkLog::translated(text);
}

QString LogModel::toText(int row) const
{
    const LogEntry &e = entry(row);
    QString line = e.time.toString(Qt::ISODateWithMs) + QLatin1Char('\t') + levelName(e.level)
        + QLatin1Char('\t') + sourceOf(e) + QLatin1Char('\t');
    if (!e.stream.isEmpty())
        line += QLatin1Char('[') + e.stream + QStringLiteral("] ");
    line += e.message;
    if (!e.detail.isEmpty() && e.detail != e.message) {
        QString detail = e.detail;
        detail.replace(QLatin1Char('\n'), QStringLiteral("\n\t\t\t    "));
        line += QStringLiteral("\n\t\t\t    ") + detail;
    }
    return line;
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LogEntry &e = entry(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Time:
            return e.time.toString(QStringLiteral("HH:mm:ss.zzz"));
        case Level:
            return levelName(e.level);
        case Source:
            return sourceOf(e);
        case Message:
            if (!e.stream.isEmpty())
                return QString(
                    QLatin1Char('[') + e.stream + QStringLiteral("] ") + shown(e, e.message));
            return e.message;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Time:
            return QLocale().toString(e.time, QLocale::LongFormat);
        case Source:
            if (!e.client.isEmpty() && !e.sandboxId.isEmpty())
                return tr("Client: %1\nSandbox: %2").arg(e.client, e.sandboxId);
            return sourceOf(e);
        case Message:
            return cut(shown(e, e.detail.isEmpty() ? e.message : e.detail), 2000);
        }
        return {};
    case LevelRole:
        return int(e.level);
    case KindRole:
        return int(e.kind);
    case ClientRole:
        return e.client;
    case SandboxRole:
        return e.sandboxId;
    case DetailRole:
        return shown(e, e.detail.isEmpty() ? e.message : e.detail);
    case TimeRole:
        return e.time;
    case StreamRole:
        return e.stream;
    case DurationRole:
        return e.durationUs;
    case FigureCountRole:
        return int(std::count_if(e.figures.begin(), e.figures.end(),
            [](const LogEntry::Figure &f) { return !f.data.isEmpty(); }));
    default:
        return {};
    }
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time");
    case Level:
        return tr("Level");
    case Source:
        return tr("Client or sandbox");
    case Message:
        return tr("Message");
    }
    return {};
}

} // namespace Hopx::Core
