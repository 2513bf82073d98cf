// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QPointer>

#include <functional>
#include <vector>

class QTimer;

namespace Hopx::Core {

class SandboxManager;

/*! \brief Every live sandbox of every provider, one row each, updated row by row.
 *
 * Changes arrive one sandbox at a time (upsert/remove, wired to SandboxManager by attach())
 * or as a provider's full list (applySnapshot(), diffed by id). Either way the model never
 * resets: rows are inserted, removed, or get dataChanged() with the roles that changed, so
 * the view keeps its selection and scroll position. A one-second tick refreshes only the
 * clock columns (age, time left, last activity) of all rows in one signal.
 */
class SandboxListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxListModel)
public:
    enum Column {
        Provider,
        Id,
        Parent, // the sandbox a fork came from, and the checkpoint it branched at
        Template,
        Status,
        Network,
        Secrets,
        Age, // this and the columns after it are right-aligned figures
        TimeLeft,
        LastActivity,
        Cpu,
        Memory,
        Disk,
        ColumnCount
    };
    enum Role {
        IdRole = Qt::UserRole + 1,
        ProviderRole,
        StatusRole,
        SortRole, // raw value to sort by (seconds, bytes, …)
        CreatedAtRole,
        ExpiresAtRole,
        WorkspaceRole, // host directory of a local sandbox's /workspace, when known
    };
    Q_ENUM(Role)

    using Clock = std::function<QDateTime()>;

    explicit SandboxListModel(QObject *parent = nullptr);
    ~SandboxListModel() override;

    //! Follows the manager's events, starting from what it tracks now.
    void attach(SandboxManager *manager);

    void upsert(const SandboxInfo &info);
    void remove(const QString &id);
    //! Replaces the rows of one provider with `list`, diffed by id.
    void applySnapshot(const QString &provider, const QList<SandboxInfo> &list);
    //! A resource sample (ResourceSampler). Later updates that carry no sample (-1) keep it.
    void setResources(const QString &id, qint64 memoryBytes, double cpuSeconds);
    //! A disk sample: what the sandbox's files use of its cap, and its checkpoints.
    void setDisk(
        const QString &id, qint64 usedBytes, qint64 capBytes, const QJsonArray &checkpoints = {});

    int rowOf(const QString &id) const;
    const SandboxInfo &sandboxAt(int row) const { return m_rows[size_t(row)].info; }
    int runningCount() const;
    //! The most recently created sandboxes first (the tray's submenu).
    QList<SandboxInfo> mostRecent(int count) const;

    /*! What the `network: "packages"` policy stands for (Settings::packageHosts()), so an
     *  allowlist that holds them reads "packages" rather than a list of index hosts. */
    void setPackageHosts(const QStringList &hosts);

    //! Tests inject a clock; the default is QDateTime::currentDateTimeUtc.
    void setClock(Clock clock);
    //! Now, in UTC: the clock columns compare UTC times only (local times would cost a time
    //! zone lookup per cell and per tick).
    QDateTime now() const;
    //! 0 stops the live countdown (tests call tick() themselves).
    void setTickInterval(int ms);
    void tick();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    //! The provider's name in the user's language (its id when \a manager does not know it).
    static QString providerName(const SandboxManager *manager, const QString &provider);
    //! The names of every provider of the attached manager (for column widths).
    QStringList providerNames() const;
    static QString statusName(const SandboxStatus &status);
    //! The Disk column: "512.0 MiB of 2.0 GiB".
    static QString diskText(qint64 usedBytes, qint64 capBytes);

signals:
    //! The number of running sandboxes (or of rows) changed.
    void countsChanged();

private:
    struct Row
    {
        SandboxInfo info;
        double cpuPercent = -1; // from two CPU-time samples
        QDateTime cpuSampledAt;
        // The info's times in UTC, converted once per update.
        QDateTime createdUtc;
        QDateTime expiresUtc;
        QDateTime activityUtc;
        void setInfo(const SandboxInfo &s);
    };

    //! `sample`: a resource sample, which counts even when the CPU time did not move (idle).
    void updateRow(int row, const SandboxInfo &info, bool sample = false);
    void insertRow(const SandboxInfo &info);
    void removeRowAt(int row);
    void reindexFrom(int row);
    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;

    std::vector<Row> m_rows;
    QHash<QString, int> m_index; // id → row
    Clock m_clock;
    QTimer *m_tick;
    QPointer<SandboxManager> m_manager;
    QStringList m_packageHosts;
    int m_running = 0;
};

} // namespace Hopx::Core
