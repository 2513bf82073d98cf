// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/cgroup/SandboxCgroup.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/cgroup/SandboxCgroupFs.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace Hopx::Local {

namespace {

const QString kBase = QStringLiteral("hopx-desktop");
const QString kAppLeaf = QStringLiteral("hopx-app");

using Placement = SandboxCgroup::Placement;

Placement none(const QString &why)
{
    Placement p;
    p.why = why;
    return p;
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(::strerror(error));
}

QString parentOf(const QString &dir)
{
    return dir.left(dir.lastIndexOf(QLatin1Char('/')));
}

// "+memory +pids +cpu", limited to what \a dir's cgroup.controllers offers: one write enables
// them all, and the kernel refuses the whole write if any one is unavailable.
QByteArray enableLine(const SandboxCgroupFs &fs, const QString &dir, QByteArrayList *missing)
{
    const QByteArrayList available =
        fs.read(dir + QStringLiteral("/cgroup.controllers")).simplified().split(' ');
    QByteArrayList enable;
    for (const QByteArray c : {"memory", "pids", "cpu"}) {
        if (available.contains(c))
            enable << '+' + c;
        else if (missing && c != "cpu") // cpu.max is optional, memory and pids are not
            *missing << c;
    }
    return enable.join(' ');
}

// Empties a cgroup (SIGKILL to every member, repeatedly: a fork bomb keeps adding members
// while we kill) and removes it. rmdir fails while exiting tasks are still accounted.
bool drainAndRemove(SandboxCgroupFs &fs, const QString &dir, bool v2, QElapsedTimer &clock)
{
    if (!fs.exists(dir))
        return true;
    if (v2)
        fs.write(dir + QStringLiteral("/cgroup.kill"), "1"); // 5.14+; the loop covers older
    while (clock.elapsed() < 2000) {
        for (qint64 pid : fs.procs(dir))
            ::kill(pid_t(pid), SIGKILL);
        const int error = fs.removeDir(dir);
        if (error == 0 || error == ENOENT)
            return true;
        QThread::usleep(2000);
    }
    qCWarning(lcLocal) << "could not remove cgroup" << dir;
    return false;
}

// Enables the controllers in each of \a dirs (top down); the last one is the sandboxes' base.
Placement enableFor(SandboxCgroupFs &fs, const QStringList &dirs, const QByteArray &enable)
{
    for (const QString &dir : dirs) {
        if (const int error = fs.write(dir + QStringLiteral("/cgroup.subtree_control"), enable))
            return none(QStringLiteral("cannot enable %1 in %2: %3")
                            .arg(QString::fromLatin1(enable), dir, errnoText(error)));
    }
    Placement p;
    p.mode = SandboxCgroup::Mode::V2;
    p.bases << dirs.last();
    return p;
}

Placement prepareV2Root(SandboxCgroupFs &fs)
{
    QByteArrayList missing;
    const QByteArray enable = enableLine(fs, fs.root(), &missing);
    if (!missing.isEmpty())
        return none(QStringLiteral("the cgroup v2 root has no %1 controller")
                        .arg(QString::fromLatin1(missing.join('/'))));
    const QString base = fs.root() + QLatin1Char('/') + kBase;
    if (const int error = fs.makeDir(base); error != 0 && error != EEXIST)
        return none(QStringLiteral("cannot create %1: %2").arg(base, errnoText(error)));
    // The root cgroup may hold processes and still enable controllers; hopx-desktop holds
    // none, only the sandboxes' cgroups.
    return enableFor(fs, {fs.root(), base}, enable);
}

Placement prepareV2User(SandboxCgroupFs &fs)
{
    const QString own = fs.selfCgroup();
    if (own.isEmpty())
        return none(QStringLiteral("/proc/self/cgroup names no cgroup v2 path for the app"));
    QString parent = fs.root() + (own == QStringLiteral("/") ? QString() : own);
    if (parent.endsWith(QLatin1Char('/') + kAppLeaf))
        parent = parentOf(parent); // moved there by an earlier prepare()
    // Delegation (systemd's Delegate=yes) hands the user the directory and its cgroup.procs
    // and cgroup.subtree_control; without all three the cgroup is not ours to divide.
    for (const QString &path : QStringList {parent, parent + QStringLiteral("/cgroup.procs"),
             parent + QStringLiteral("/cgroup.subtree_control")}) {
        if (!fs.writable(path))
            return none(QStringLiteral("the app's cgroup %1 is not delegated to this user "
                                       "(%2 is not writable); start the app inside the "
                                       "user's systemd manager, e.g. systemd-run --user "
                                       "--scope -p Delegate=yes hopx-desktop")
                            .arg(parent, path));
    }
    QByteArrayList missing;
    const QByteArray enable = enableLine(fs, parent, &missing);
    if (!missing.isEmpty())
        return none(
            QStringLiteral("the delegated cgroup %1 has no %2 controller (its parent does not "
                           "enable it for the user)")
                .arg(parent, QString::fromLatin1(missing.join('/'))));
    // No internal processes: a cgroup that enables controllers for its children holds no
    // processes itself, so everything in it (the app and what it started) moves to a leaf.
    const QString leaf = parent + QLatin1Char('/') + kAppLeaf;
    if (const int error = fs.makeDir(leaf); error != 0 && error != EEXIST)
        return none(QStringLiteral("cannot create %1: %2").arg(leaf, errnoText(error)));
    for (qint64 pid : fs.procs(parent)) {
        const int error = fs.write(leaf + QStringLiteral("/cgroup.procs"), QByteArray::number(pid));
        if (error != 0 && pid == ::getpid())
            return none(
                QStringLiteral("cannot move the app into %1: %2").arg(leaf, errnoText(error)));
    }
    return enableFor(fs, {parent}, enable);
}

Placement prepareV1(SandboxCgroupFs &fs)
{
    Placement p;
    for (const char *controller : {"memory", "pids", "cpu"}) {
        const QString mount = fs.root() + QLatin1Char('/') + QLatin1String(controller);
        const QString base = mount + QLatin1Char('/') + kBase;
        if (!fs.exists(mount + QStringLiteral("/cgroup.procs")))
            continue;
        if (!fs.exists(base) && (!fs.writable(mount) || fs.makeDir(base) != 0))
            continue;
        if (fs.writable(base))
            p.bases << base;
    }
    if (p.bases.isEmpty())
        return none(QStringLiteral("cgroup v1 without writable memory/pids/cpu hierarchies "
                                   "(only root may create cgroups there)"));
    p.mode = SandboxCgroup::Mode::V1;
    return p;
}

QByteArray limitValue(qint64 value)
{
    return value > 0 ? QByteArray::number(value) : QByteArrayLiteral("max"); // 0 = no limit
}

// The v1 files of one controller; false when a limit was refused.
bool writeV1Limits(SandboxCgroupFs &fs, const QString &dir, const SandboxLimits &limits)
{
    const QString controller = parentOf(parentOf(dir)).section(QLatin1Char('/'), -1);
    if (controller == QStringLiteral("memory")) {
        const QByteArray bytes =
            limits.memoryMb > 0 ? QByteArray::number(qint64(limits.memoryMb) << 20) : "-1";
        // No swapping around the limit, where swap accounting exists.
        const bool ok = fs.write(dir + QStringLiteral("/memory.limit_in_bytes"), bytes) == 0;
        fs.write(dir + QStringLiteral("/memory.memsw.limit_in_bytes"), bytes);
        return ok;
    }
    if (controller == QStringLiteral("pids"))
        return fs.write(dir + QStringLiteral("/pids.max"), limitValue(limits.processes)) == 0;
    if (limits.cpuPercent <= 0)
        return true;
    return fs.write(dir + QStringLiteral("/cpu.cfs_period_us"), "100000") == 0
        && fs.write(dir + QStringLiteral("/cpu.cfs_quota_us"),
               QByteArray::number(limits.cpuPercent * 1000))
        == 0;
}

// The v2 files; empty or what was refused.
QString writeV2Limits(SandboxCgroupFs &fs, const QString &dir, const SandboxLimits &limits)
{
    const auto put = [&](const char *file, const QByteArray &value) -> QString {
        const int error = fs.write(dir + QLatin1Char('/') + QLatin1String(file), value);
        return error ? QStringLiteral("%1 refused \"%2\": %3")
                           .arg(QLatin1String(file), QString::fromLatin1(value), errnoText(error))
                     : QString();
    };
    QString refused = put("memory.max", limitValue(qint64(limits.memoryMb) << 20));
    if (refused.isEmpty())
        refused = put("pids.max", limitValue(limits.processes));
    // Only with swap accounting; without it there is no swap to bypass the limit through.
    if (fs.exists(dir + QStringLiteral("/memory.swap.max")))
        put("memory.swap.max", "0");
    // cpu.max is "$MAX $PERIOD" in microseconds. The cpu controller may not be delegated.
    if (refused.isEmpty() && limits.cpuPercent > 0) {
        if (fs.exists(dir + QStringLiteral("/cpu.max")))
            refused = put("cpu.max", QByteArray::number(limits.cpuPercent * 1000) + " 100000");
        else
            qCInfo(lcLocal) << "no cpu controller in" << dir << "- no CPU share limit";
    }
    return refused;
}

QJsonValue number(const QByteArray &text)
{
    bool ok = false;
    const qint64 n = text.trimmed().toLongLong(&ok);
    return ok ? QJsonValue(double(n)) : QJsonValue(QString::fromLatin1(text.trimmed()));
}

} // namespace

Placement SandboxCgroup::prepare(SandboxCgroupFs &fs)
{
    switch (fs.layout()) {
    case SandboxCgroupFs::Layout::V2:
        return fs.privileged() ? prepareV2Root(fs) : prepareV2User(fs);
    case SandboxCgroupFs::Layout::V1:
        return prepareV1(fs);
    case SandboxCgroupFs::Layout::None:
        break;
    }
    return none(QStringLiteral("no cgroup file system at %1").arg(fs.root()));
}

Core::Result<SandboxCgroup> SandboxCgroup::create(
    SandboxCgroupFs &fs, const QString &id, const SandboxLimits &limits)
{
    auto none = [](const QString &why) {
        return Core::Error::make(Core::Error::Code::Unavailable, why);
    };
    SandboxCgroup cg;
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$"));
    if (!safe.match(id).hasMatch() || id == kAppLeaf)
        return none(QStringLiteral("sandbox id unusable as a cgroup name"));
    const Placement placement = prepare(fs);
    if (placement.mode == Mode::None)
        return none(placement.why);
    const bool v2 = placement.mode == Mode::V2;
    QElapsedTimer clock;
    clock.start();
    QString refused;
    for (const QString &base : placement.bases) {
        const QString dir = base + QLatin1Char('/') + id;
        drainAndRemove(fs, dir, v2, clock); // left over from a crashed run
        if (const int error = fs.makeDir(dir)) {
            refused = QStringLiteral("cannot create %1: %2").arg(dir, errnoText(error));
            continue;
        }
        if (v2)
            refused = writeV2Limits(fs, dir, limits);
        else if (!writeV1Limits(fs, dir, limits))
            refused = QStringLiteral("%1 refused a limit").arg(dir);
        if (!refused.isEmpty() && v2) {
            fs.removeDir(dir);
            break;
        }
        if (refused.isEmpty())
            cg.m_dirs << dir;
        else
            fs.removeDir(dir); // v1: the other controllers still apply
    }
    if (cg.m_dirs.isEmpty())
        return none(refused);
    cg.m_fs = &fs;
    cg.m_mode = placement.mode;
    return cg;
}

int SandboxCgroup::removeStale(SandboxCgroupFs &fs, int minAgeSeconds)
{
    const Placement placement = prepare(fs);
    int removed = 0;
    for (const QString &base : placement.bases) {
        for (const QString &name : fs.children(base)) {
            const QString dir = base + QLatin1Char('/') + name;
            if (name != kAppLeaf && fs.ageSeconds(dir) >= minAgeSeconds && fs.procs(dir).isEmpty()
                && fs.removeDir(dir) == 0)
                ++removed;
        }
    }
    if (removed)
        qCInfo(lcLocal) << "removed" << removed << "stale sandbox cgroup(s)";
    return removed;
}

QJsonObject SandboxCgroup::describe(const Placement &placement)
{
    if (placement.mode == Mode::None)
        return {{QStringLiteral("enforced_by"), QStringLiteral("rlimits")},
            {QStringLiteral("note"),
                QStringLiteral("cgroup limits are not available: %1. Sandboxes fall back to "
                               "rlimits: RLIMIT_NPROC caps processes (not when the app runs as "
                               "root), RLIMIT_DATA caps each process's memory rather than the "
                               "sandbox's total, and CPU share is not limited.")
                    .arg(placement.why)}};
    const bool v2 = placement.mode == Mode::V2;
    return {{QStringLiteral("enforced_by"),
                v2 ? QStringLiteral("cgroup v2") : QStringLiteral("cgroup v1")},
        {QStringLiteral("cgroup"), placement.bases.join(QStringLiteral(", "))},
        {QStringLiteral("note"),
            QStringLiteral("Each sandbox has its own cgroup below %1: memory, process count and "
                           "CPU share are limited for the sandbox as a whole.")
                .arg(placement.bases.value(0))}};
}

bool SandboxCgroup::attach(qint64 pid)
{
    QStringList attached;
    for (const QString &dir : std::as_const(m_dirs)) {
        if (const int error =
                m_fs->write(dir + QStringLiteral("/cgroup.procs"), QByteArray::number(pid)))
            qCWarning(lcLocal) << "could not move" << pid << "into" << dir << errnoText(error);
        else
            attached << dir;
    }
    return !attached.isEmpty();
}

bool SandboxCgroup::contains(qint64 pid) const
{
    if (m_dirs.isEmpty())
        return false;
    for (const QString &dir : m_dirs) {
        if (!m_fs->procs(dir).contains(pid))
            return false;
    }
    return true;
}

QJsonObject SandboxCgroup::report() const
{
    if (m_mode == Mode::None)
        return {};
    const auto read = [this](const QString &file) {
        for (const QString &dir : m_dirs) {
            if (m_fs->exists(dir + QLatin1Char('/') + file))
                return m_fs->read(dir + QLatin1Char('/') + file).trimmed();
        }
        return QByteArray();
    };
    QJsonObject out {{QStringLiteral("version"), m_mode == Mode::V2 ? 2 : 1},
        {QStringLiteral("path"), m_dirs.value(0)}};
    const auto add = [&out](const char *key, const QByteArray &value) {
        if (!value.isEmpty())
            out.insert(QLatin1String(key), number(value));
    };
    add("pids_max", read(QStringLiteral("pids.max")));
    add("pids_current", read(QStringLiteral("pids.current")));
    if (m_mode == Mode::V2) {
        add("memory_max_bytes", read(QStringLiteral("memory.max")));
        add("memory_current_bytes", read(QStringLiteral("memory.current")));
        out.insert(QStringLiteral("cpu_max"), QString::fromLatin1(read(QStringLiteral("cpu.max"))));
    } else {
        add("memory_max_bytes", read(QStringLiteral("memory.limit_in_bytes")));
        add("memory_current_bytes", read(QStringLiteral("memory.usage_in_bytes")));
        const QByteArray quota = read(QStringLiteral("cpu.cfs_quota_us"));
        if (!quota.isEmpty()) // v1's -1 is v2's "max"
            out.insert(QStringLiteral("cpu_max"),
                QString::fromLatin1((quota == "-1" ? QByteArray("max") : quota) + ' '
                    + read(QStringLiteral("cpu.cfs_period_us"))));
    }
    return out;
}

void SandboxCgroup::destroy()
{
    QElapsedTimer clock;
    clock.start();
    for (const QString &dir : std::as_const(m_dirs))
        drainAndRemove(*m_fs, dir, m_mode == Mode::V2, clock);
    m_dirs.clear();
    m_mode = Mode::None;
}

} // namespace Hopx::Local
