// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/SandboxListModel.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/models/Format.h"
#include "core/models/SandboxFacts.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <limits>

namespace Hopx::Core {

namespace {

QString templateOf(const SandboxInfo &info)
{
    return info.templateName.isEmpty() ? info.templateId : info.templateName;
}

} // namespace

SandboxListModel::SandboxListModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
    , m_tick(new QTimer(this))
{
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &SandboxListModel::tick);
    m_tick->start();
}

SandboxListModel::~SandboxListModel() = default;

void SandboxListModel::attach(SandboxManager *manager)
{
    if (m_manager)
        disconnect(m_manager, nullptr, this, nullptr);
    m_manager = manager;
    if (!manager)
        return;
    connect(manager, &SandboxManager::sandboxAdded, this, &SandboxListModel::upsert);
    connect(manager, &SandboxManager::sandboxChanged, this, &SandboxListModel::upsert);
    connect(manager, &SandboxManager::sandboxRemoved, this,
        [this](const QString &id, const QString &) { remove(id); });
    for (const SandboxInfo &info : manager->sandboxes())
        upsert(info);
}

void SandboxListModel::setClock(Clock clock)
{
    m_clock = std::move(clock);
}

QDateTime SandboxListModel::now() const
{
    const QDateTime t = m_clock();
    return t.timeSpec() == Qt::UTC ? t : t.toUTC();
}

void SandboxListModel::Row::setInfo(const SandboxInfo &s)
{
    info = s;
    createdUtc = s.createdAt.isValid() ? s.createdAt.toUTC() : QDateTime();
    expiresUtc = s.expiresAt.isValid() ? s.expiresAt.toUTC() : QDateTime();
    activityUtc = s.lastActivity.isValid() ? s.lastActivity.toUTC() : QDateTime();
}

void SandboxListModel::setPackageHosts(const QStringList &hosts)
{
    m_packageHosts = hosts;
    if (!m_rows.empty())
        emit dataChanged(index(0, Network), index(int(m_rows.size()) - 1, Network),
            {Qt::DisplayRole, Qt::ToolTipRole, SortRole});
}

void SandboxListModel::setTickInterval(int ms)
{
    if (ms <= 0) {
        m_tick->stop();
        return;
    }
    m_tick->start(ms);
}

void SandboxListModel::tick()
{
    if (m_rows.empty())
        return;
    // One signal for the three clock columns of every row: the view repaints what is visible.
    // No SortRole: the order by age, expiry or activity does not change with the clock.
    emit dataChanged(index(0, Age), index(int(m_rows.size()) - 1, LastActivity),
        {Qt::DisplayRole, Qt::ToolTipRole});
}

int SandboxListModel::rowOf(const QString &id) const
{
    return m_index.value(id, -1);
}

int SandboxListModel::runningCount() const
{
    return m_running;
}

QList<SandboxInfo> SandboxListModel::mostRecent(int count) const
{
    std::vector<const Row *> rows;
    rows.reserve(m_rows.size());
    for (const Row &r : m_rows)
        rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(),
        [](const Row *a, const Row *b) { return a->createdUtc > b->createdUtc; });
    QList<SandboxInfo> out;
    for (size_t i = 0; i < rows.size() && int(i) < count; ++i)
        out.append(rows[i]->info);
    return out;
}

void SandboxListModel::upsert(const SandboxInfo &info)
{
    if (info.id.isEmpty())
        return;
    const int row = rowOf(info.id);
    if (row < 0)
        insertRow(info);
    else
        updateRow(row, info);
}

void SandboxListModel::remove(const QString &id)
{
    const int row = rowOf(id);
    if (row >= 0)
        removeRowAt(row);
}

void SandboxListModel::applySnapshot(const QString &provider, const QList<SandboxInfo> &list)
{
    QSet<QString> present;
    for (const SandboxInfo &info : list)
        present.insert(info.id);
    // Remove from the bottom up so the rows still to visit keep their numbers.
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        const SandboxInfo &info = m_rows[size_t(row)].info;
        if (info.provider == provider && !present.contains(info.id))
            removeRowAt(row);
    }
    for (const SandboxInfo &info : list)
        upsert(info);
}

void SandboxListModel::insertRow(const SandboxInfo &info)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    Row r;
    r.setInfo(info);
    r.cpuSampledAt = info.cpuSeconds >= 0 ? now() : QDateTime();
    m_rows.push_back(std::move(r));
    m_index.insert(info.id, row);
    endInsertRows();
    if (info.status.isRunning())
        ++m_running;
    emit countsChanged();
}

void SandboxListModel::removeRowAt(int row)
{
    const bool wasRunning = m_rows[size_t(row)].info.status.isRunning();
    beginRemoveRows({}, row, row);
    m_index.remove(m_rows[size_t(row)].info.id);
    m_rows.erase(m_rows.begin() + row);
    reindexFrom(row);
    endRemoveRows();
    if (wasRunning)
        --m_running;
    emit countsChanged();
}

void SandboxListModel::reindexFrom(int row)
{
    for (int i = row; i < int(m_rows.size()); ++i)
        m_index[m_rows[size_t(i)].info.id] = i;
}

void SandboxListModel::setResources(const QString &id, qint64 memoryBytes, double cpuSeconds)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    SandboxInfo info = m_rows[size_t(row)].info;
    info.memoryBytes = memoryBytes;
    info.cpuSeconds = cpuSeconds;
    updateRow(row, info, true);
}

void SandboxListModel::setDisk(
    const QString &id, qint64 usedBytes, qint64 capBytes, const QJsonArray &checkpoints)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    SandboxInfo info = m_rows[size_t(row)].info;
    info.diskUsedBytes = usedBytes;
    info.diskCapBytes = capBytes;
    if (checkpoints.isEmpty())
        info.extra.remove(QStringLiteral("checkpoints"));
    else
        info.extra.insert(QStringLiteral("checkpoints"), checkpoints);
    updateRow(row, info, false);
}

void SandboxListModel::updateRow(int row, const SandboxInfo &incoming, bool sample)
{
    Row &r = m_rows[size_t(row)];
    const SandboxInfo old = r.info;
    // "Not measured" in an update means this update has no sample, not that usage vanished.
    SandboxInfo info = incoming;
    if (info.memoryBytes < 0)
        info.memoryBytes = old.memoryBytes;
    if (info.cpuSeconds < 0)
        info.cpuSeconds = old.cpuSeconds;
    if (info.diskUsedBytes < 0) {
        info.diskUsedBytes = old.diskUsedBytes;
        info.diskCapBytes = old.diskCapBytes;
    }
    QList<int> roles;
    int first = ColumnCount, last = -1;
    auto touch = [&](int column, std::initializer_list<int> extra) {
        first = std::min(first, column);
        last = std::max(last, column);
        for (int role : extra)
            if (!roles.contains(role))
                roles.append(role);
    };

    if (old.provider != info.provider)
        touch(Provider, {Qt::DisplayRole, SortRole, ProviderRole});
    if (templateOf(old) != templateOf(info))
        touch(Template, {Qt::DisplayRole, SortRole});
    if (old.status != info.status || old.problem.english() != info.problem.english())
        touch(Status, {Qt::DisplayRole, SortRole, StatusRole, Qt::ToolTipRole});
    if (old.createdAt != info.createdAt)
        touch(Age, {Qt::DisplayRole, SortRole, CreatedAtRole});
    if (old.expiresAt != info.expiresAt)
        touch(TimeLeft, {Qt::DisplayRole, SortRole, ExpiresAtRole, Qt::ToolTipRole});
    if (old.lastActivity != info.lastActivity)
        touch(LastActivity, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    if (old.cpuSeconds != info.cpuSeconds || (sample && info.cpuSeconds >= 0)) {
        const QDateTime now = this->now();
        const double before = r.cpuPercent;
        if (old.cpuSeconds >= 0 && info.cpuSeconds >= old.cpuSeconds && r.cpuSampledAt.isValid()) {
            const double wall = r.cpuSampledAt.msecsTo(now) / 1000.0;
            if (wall > 0.05)
                r.cpuPercent = (info.cpuSeconds - old.cpuSeconds) / wall * 100.0;
        }
        r.cpuSampledAt = info.cpuSeconds >= 0 ? now : QDateTime();
        if (info.cpuSeconds < 0)
            r.cpuPercent = -1;
        if (old.cpuSeconds != info.cpuSeconds || r.cpuPercent != before)
            touch(Cpu, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    }
    if (old.memoryBytes != info.memoryBytes)
        touch(Memory, {Qt::DisplayRole, SortRole});
    if (old.diskUsedBytes != info.diskUsedBytes || old.diskCapBytes != info.diskCapBytes)
        touch(Disk, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    if (old.region != info.region || old.internetAccess != info.internetAccess
        || old.timeoutSeconds != info.timeoutSeconds || old.templateId != info.templateId
        || SandboxFacts::workspaceOf(old) != SandboxFacts::workspaceOf(info)
        || SandboxFacts::parentOf(old) != SandboxFacts::parentOf(info))
        touch(Id, {Qt::ToolTipRole, WorkspaceRole});
    if (SandboxFacts::parentOf(old) != SandboxFacts::parentOf(info))
        touch(Parent, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    if (old.internetAccess != info.internetAccess
        || old.extra.value(QStringLiteral("network"))
            != info.extra.value(QStringLiteral("network")))
        touch(Network, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    if (SandboxFacts::secretsOf(old) != SandboxFacts::secretsOf(info))
        touch(Secrets, {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
    if (old.extra != info.extra)
        touch(Disk, {Qt::ToolTipRole});

    r.setInfo(info);
    if (last < 0)
        return; // nothing a view shows changed
    emit dataChanged(index(row, first), index(row, last), roles);
    const bool wasRunning = old.status.isRunning();
    const bool isRunning = info.status.isRunning();
    if (wasRunning != isRunning) {
        m_running += isRunning ? 1 : -1;
        emit countsChanged();
    }
}

int SandboxListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SandboxListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SandboxListModel::providerName(const SandboxManager *manager, const QString &provider)
{
    if (!manager)
        return provider;
    // The providers name themselves in English, marked for this context (QT_TRANSLATE_NOOP).
    const QByteArray name = manager->providerKind(provider).displayName.toUtf8();
    return QCoreApplication::translate("Hopx::Core::SandboxListModel", name.constData());
}

QStringList SandboxListModel::providerNames() const
{
    QStringList names;
    if (m_manager)
        for (const SandboxProvider *p : m_manager->providers())
            names << providerName(m_manager, p->id());
    return names;
}

QString SandboxListModel::statusName(const SandboxStatus &status)
{
    switch (status.state()) {
    case SandboxStatus::Creating:
        return tr("creating");
    case SandboxStatus::Running:
        return tr("running");
    case SandboxStatus::Paused:
        return tr("paused");
    case SandboxStatus::Stopped:
        return tr("stopped");
    case SandboxStatus::Dead:
        return tr("dead");
    case SandboxStatus::Unavailable:
        return tr("unavailable"); // on disk, but this version cannot use it (a newer one's)
    case SandboxStatus::Deleted:
        return tr("deleted");
    case SandboxStatus::Failed:
        return tr("error"); // a cloud sandbox that failed to start or broke
    case SandboxStatus::Other:
        break;
    }
    return status.name(); // the provider's own word
}

QVariant SandboxListModel::display(const Row &row, int column) const
{
    const SandboxInfo &s = row.info;
    switch (column) {
    case Provider:
        return providerName(m_manager, s.provider);
    case Id:
        return s.id;
    case Parent:
        return SandboxFacts::parentText(s);
    case Network:
        return SandboxFacts::networkText(s, m_packageHosts);
    case Secrets:
        return SandboxFacts::secretsText(s);
    case Template:
        return templateOf(s).isEmpty() ? Format::none() : templateOf(s);
    case Status:
        return statusName(s.status);
    case Age:
        return row.createdUtc.isValid() ? Format::duration(row.createdUtc.secsTo(now()))
                                        : Format::none();
    case TimeLeft:
        return row.expiresUtc.isValid() ? Format::countdown(now().secsTo(row.expiresUtc))
                                        : Format::none();
    case LastActivity:
        return Format::ago(row.activityUtc, now());
    case Cpu:
        if (row.cpuPercent >= 0)
            return tr("%1 %").arg(row.cpuPercent, 0, 'f', row.cpuPercent < 10 ? 1 : 0);
        return Format::none();
    case Memory:
        return Format::bytes(s.memoryBytes);
    case Disk:
        if (s.diskUsedBytes < 0)
            return Format::none();
        return diskText(s.diskUsedBytes, s.diskCapBytes);
    }
    return {};
}

QString SandboxListModel::diskText(qint64 usedBytes, qint64 capBytes)
{
    if (capBytes <= 0)
        return Format::bytes(usedBytes);
    return tr("%1 of %2").arg(Format::bytes(usedBytes), Format::bytes(capBytes));
}

QVariant SandboxListModel::sortValue(const Row &row, int column) const
{
    const SandboxInfo &s = row.info;
    switch (column) {
    case Age:
        // Youngest first when ascending. Sort values change only with the data, never with
        // the clock: a tick must not make the proxy re-sort 1,000 rows.
        return row.createdUtc.isValid() ? -row.createdUtc.toMSecsSinceEpoch()
                                        : std::numeric_limits<qint64>::min();
    case TimeLeft:
        return row.expiresUtc.isValid() ? row.expiresUtc.toMSecsSinceEpoch()
                                        : std::numeric_limits<qint64>::max();
    case LastActivity:
        return row.activityUtc.isValid() ? row.activityUtc.toMSecsSinceEpoch() : qint64(0);
    case Cpu:
        return row.cpuPercent;
    case Memory:
        return s.memoryBytes;
    case Disk:
        return s.diskUsedBytes;
    default:
        return display(row, column);
    }
}

QVariant SandboxListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const SandboxInfo &s = row.info;
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case SortRole:
        return sortValue(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() >= Age && index.column() != LastActivity)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Id:
            return SandboxFacts::idToolTip(s);
        case Status:
            // Why it cannot be used, where the user looks first (the Logs say it too). As rich
            // text, which Qt wraps: a plain Chinese sentence would run off the screen.
            if (!s.problem.isEmpty())
                return QStringLiteral("<p>%1</p>").arg(s.problem.translated().toHtmlEscaped());
            return {};
        case Parent:
            return SandboxFacts::parentToolTip(s);
        case Network:
            return SandboxFacts::networkToolTip(s);
        case Secrets:
            return SandboxFacts::secretsToolTip(s);
        case TimeLeft:
            if (s.expiresAt.isValid())
                return tr("Deleted automatically at %1")
                    .arg(QLocale().toString(s.expiresAt, QLocale::ShortFormat));
            return tr("No timeout: runs until deleted");
        case LastActivity:
            return s.lastActivity.isValid()
                ? QLocale().toString(s.lastActivity, QLocale::LongFormat)
                : tr("Nothing has run yet");
        case Cpu:
            if (s.cpuSeconds >= 0)
                return tr("CPU time used: %1 s").arg(s.cpuSeconds, 0, 'f', 1);
            return tr("Measured for local sandboxes only");
        case Memory:
            if (s.memoryBytes < 0)
                return tr("Measured for local sandboxes only");
            return {};
        case Disk:
            return SandboxFacts::diskToolTip(s, now());
        default:
            return {};
        }
    case IdRole:
        return s.id;
    case ProviderRole:
        return s.provider;
    case StatusRole:
        return QVariant::fromValue(s.status);
    case CreatedAtRole:
        return s.createdAt;
    case ExpiresAtRole:
        return s.expiresAt;
    case WorkspaceRole:
        return SandboxFacts::workspaceOf(s);
    default:
        return {};
    }
}

QVariant SandboxListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Provider:
        return tr("Provider");
    case Id:
        return tr("ID");
    case Parent:
        return tr("Forked from");
    case Network:
        return tr("Network");
    case Secrets:
        return tr("Secrets");
    case Template:
        return tr("Template");
    case Status:
        return tr("Status");
    case Age:
        return tr("Age");
    case TimeLeft:
        return tr("Time left");
    case LastActivity:
        return tr("Last activity");
    case Cpu:
        return tr("CPU");
    case Memory:
        return tr("Memory");
    case Disk:
        return tr("Disk");
    }
    return {};
}

QHash<int, QByteArray> SandboxListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(IdRole, "sandboxId");
    names.insert(ProviderRole, "provider");
    names.insert(StatusRole, "status");
    names.insert(SortRole, "sortValue");
    names.insert(CreatedAtRole, "createdAt");
    names.insert(ExpiresAtRole, "expiresAt");
    names.insert(WorkspaceRole, "workspace");
    return names;
}

} // namespace Hopx::Core
