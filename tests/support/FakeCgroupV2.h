// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/cgroup/SandboxCgroupFs.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include <cerrno>
#include <csignal>
#include <functional>
#include <unistd.h>

namespace Hopx::Test {

/*! \brief A cgroup v2 hierarchy in a temporary directory, with the kernel's rules.
 *
 * A plain directory neither creates a cgroup's interface files on mkdir nor refuses anything,
 * so this class stands in for the kernel behind the SandboxCgroupFs calls the product makes:
 * mkdir populates the new cgroup's files from its parent's cgroup.subtree_control, writes are
 * parsed and refused with the kernel's errno when malformed or against the rules, rmdir
 * refuses a populated cgroup, and cgroup.procs / cgroup.events / /proc/self/cgroup are
 * computed from where processes are. The files on disk always show the current state, so a
 * test reads what the code wrote with plain QFile. Processes are real (pids of this test and
 * its children): cgroup.kill really sends SIGKILL.
 *
 * Section names below are those of the kernel's Documentation/admin-guide/cgroup-v2.rst.
 */
class FakeCgroupV2 final : public Local::SandboxCgroupFs
{
public:
    //! One write(2), mkdir(2) or rmdir(2) the code under test made, with the kernel's answer.
    struct Write
    {
        QString path; // relative to the root, e.g. "/user.slice/…/memory.max"
        QByteArray data; // what was written; "mkdir" or "rmdir" for those
        int error = 0;
        bool isWrite() const { return data != "mkdir" && data != "rmdir"; }
    };

    //! \a uid is the caller's identity: 0 is root (may do anything), others only what the
    //! tree grants them (see delegate()).
    explicit FakeCgroupV2(uid_t uid, const QTemporaryDir &dir)
        : SandboxCgroupFs(dir.path() + QStringLiteral("/cgroup"),
            dir.path() + QStringLiteral("/proc-self-cgroup"))
        , m_uid(uid)
        , m_selfFile(dir.path() + QStringLiteral("/proc-self-cgroup"))
    {
        // "Mounting": the root cgroup lists every controller the kernel has; it has no
        // resource limit files of its own (no memory.max on the root).
        QDir().mkpath(root());
        m_owner.insert(QString(), 0);
        for (const char *f :
            {"cgroup.procs", "cgroup.threads", "cgroup.subtree_control", "cgroup.max.depth",
                "cgroup.max.descendants", "cgroup.stat", "cpu.stat", "memory.stat"})
            put(QString(), QLatin1String(f), defaultValue(QLatin1String(f)));
        put(QString(), QStringLiteral("cgroup.controllers"), m_all.join(' '));
        place(::getpid(), QStringLiteral("/"));
    }

    // --- building a tree as systemd would, outside the rules the product is held to ---

    //! mkdir as \a owner with \a subtreeControl enabled, as systemd sets up slices.
    void makeCgroup(const QString &path, uid_t owner, const QByteArray &subtreeControl = {})
    {
        const uid_t self = m_uid;
        m_uid = 0;
        makeDir(root() + path);
        m_uid = self;
        for (const QString &f : files(path))
            m_owner.insert(path + QLatin1Char('/') + f, owner);
        m_owner.insert(path, owner);
        if (!subtreeControl.isEmpty())
            applySubtreeControl(path, subtreeControl.split(' '));
    }
    /*! "Model of Delegation": a cgroup is delegated to a user by giving them its directory
     *  and its cgroup.procs, cgroup.threads and cgroup.subtree_control files (systemd does so
     *  for user@UID.service); its other files stay the parent's, so the user cannot raise
     *  the limits set on them. */
    void delegate(const QString &path, uid_t uid)
    {
        for (const QString &f : {QString(), QStringLiteral("/cgroup.procs"),
                 QStringLiteral("/cgroup.threads"), QStringLiteral("/cgroup.subtree_control")})
            m_owner.insert(path + f, uid);
    }
    //! Puts \a pid into \a path without any checks (where it was when the test began).
    void place(qint64 pid, const QString &path)
    {
        m_where.insert(pid, path);
        sync();
    }
    //! The systemd layout of a desktop session: the user's manager user@UID.service owns
    //! everything below it; the app runs in a scope of app.slice. Returns the scope's path.
    QString buildSystemdUser(uid_t uid, const QByteArray &userSliceControllers = "cpu memory pids")
    {
        const QString slice = QStringLiteral("/user.slice/user-%1.slice").arg(uid);
        const QString manager = slice + QStringLiteral("/user@%1.service").arg(uid);
        const QString scope =
            manager + QStringLiteral("/app.slice/app-hopx\\x2ddesktop-4242.scope");
        applySubtreeControl(QString(), QByteArrayLiteral("cpu io memory pids").split(' '));
        makeCgroup(QStringLiteral("/user.slice"), 0, userSliceControllers);
        makeCgroup(slice, 0, userSliceControllers);
        makeCgroup(manager, 0);
        delegate(manager, uid);
        // The user's manager enables for its children what it was given.
        const uid_t self = m_uid;
        m_uid = uid;
        const QByteArrayList given =
            read(root() + manager + QStringLiteral("/cgroup.controllers")).simplified().split(' ');
        m_uid = self;
        QByteArrayList enable;
        for (const QByteArray &c : given)
            if (!c.isEmpty())
                enable << c;
        // The manager itself lives in a leaf ("init.scope"), as the rule below demands.
        makeCgroup(manager + QStringLiteral("/init.scope"), uid);
        applySubtreeControl(manager, enable);
        makeCgroup(manager + QStringLiteral("/app.slice"), uid, enable.join(' '));
        makeCgroup(scope, uid);
        place(::getpid(), scope);
        return scope;
    }

    // --- what a test inspects ---

    QString path(const QString &cgroup) const { return root() + cgroup; }
    QByteArray file(const QString &cgroup, const char *name) const
    {
        QFile f(root() + cgroup + QLatin1Char('/') + QLatin1String(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
    }
    QString cgroupOf(qint64 pid) { return lookup(pid); }
    const QList<Write> &writes() const { return m_writes; }
    //! Writes the kernel refused, as "path: data (errno)" (a mkdir of an existing cgroup is
    //! how the code asks "is it there", not a mistake).
    QStringList refused() const
    {
        QStringList out;
        for (const Write &w : m_writes)
            if (w.error && w.isWrite())
                out << QStringLiteral("%1: %2 (%3)")
                           .arg(w.path, QString::fromLatin1(w.data), QString::number(w.error));
        return out;
    }
    //! Whether any processes are in \a cgroup or below ("[Un]populated Notification").
    bool populated(const QString &cgroup)
    {
        prune();
        for (auto it = m_where.cbegin(); it != m_where.cend(); ++it)
            if (it.value() == cgroup || it.value().startsWith(cgroup + QLatin1Char('/')))
                return true;
        return false;
    }

    // --- SandboxCgroupFs: what the product calls ---

    Layout layout() const override { return Layout::V2; }
    bool privileged() const override { return m_uid == 0; }

    QByteArray read(const QString &file) const override
    {
        const_cast<FakeCgroupV2 *>(this)->sync();
        return SandboxCgroupFs::read(file);
    }

    bool writable(const QString &file) const override
    {
        return m_uid == 0 || m_owner.value(relative(file), 0) == m_uid;
    }

    int makeDir(const QString &dir) override
    {
        const QString cg = relative(dir);
        const QString parent = cg.left(cg.lastIndexOf(QLatin1Char('/')));
        if (!isCgroup(parent))
            return record(cg, "mkdir", ENOENT);
        if (isCgroup(cg))
            return record(cg, "mkdir", EEXIST);
        if (!writable(dir.left(dir.lastIndexOf(QLatin1Char('/')))))
            return record(cg, "mkdir", EACCES);
        QDir().mkdir(dir);
        m_owner.insert(cg, m_uid);
        // "Enabling and Disabling": a child's cgroup.controllers is what its parent enabled
        // in cgroup.subtree_control, and only those controllers' files appear in it.
        const QByteArrayList enabled = subtree(parent);
        put(cg, QStringLiteral("cgroup.controllers"), enabled.join(' '));
        for (const char *f :
            {"cgroup.procs", "cgroup.threads", "cgroup.type", "cgroup.subtree_control",
                "cgroup.events", "cgroup.max.depth", "cgroup.max.descendants", "cgroup.stat",
                "cgroup.freeze", "cgroup.kill", "cpu.stat"})
            put(cg, QLatin1String(f), defaultValue(QLatin1String(f)));
        for (const QByteArray &c : enabled)
            addControllerFiles(cg, c);
        return record(cg, "mkdir", 0);
    }

    int removeDir(const QString &dir) override
    {
        const QString cg = relative(dir);
        if (!isCgroup(cg) || cg.isEmpty())
            return record(cg, "rmdir", ENOENT);
        if (!writable(dir.left(dir.lastIndexOf(QLatin1Char('/')))))
            return record(cg, "rmdir", EACCES);
        // "Organizing Processes": a cgroup with no children and no live processes can be
        // removed; otherwise EBUSY.
        if (!QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty() || populated(cg))
            return record(cg, "rmdir", EBUSY);
        QDir(dir).removeRecursively();
        return record(cg, "rmdir", 0);
    }

    int write(const QString &file, const QByteArray &data) override
    {
        const QString rel = relative(file);
        const QString cg = rel.left(rel.lastIndexOf(QLatin1Char('/')));
        const QString name = rel.mid(rel.lastIndexOf(QLatin1Char('/')) + 1);
        if (!isCgroup(cg) || !QFile::exists(file))
            return record(rel, data, ENOENT); // the controller is not enabled here
        if (!writable(file))
            return record(rel, data, EACCES);
        return record(rel, data, apply(cg, name, data.trimmed()));
    }

private:
    int apply(const QString &cg, const QString &name, const QByteArray &v)
    {
        static const QRegularExpression number(QStringLiteral("^[0-9]+$"));
        const QString text = QString::fromLatin1(v);
        if (name == QStringLiteral("cgroup.procs"))
            return move(v.toLongLong(), cg);
        if (name == QStringLiteral("cgroup.subtree_control"))
            return subtreeWrite(cg, v);
        if (name == QStringLiteral("cgroup.kill")) {
            // "Core Interface Files": writing "1" kills every process in the subtree.
            if (v != "1")
                return EINVAL;
            prune();
            for (auto it = m_where.cbegin(); it != m_where.cend(); ++it)
                if (it.value() == cg || it.value().startsWith(cg + QLatin1Char('/')))
                    ::kill(pid_t(it.key()), SIGKILL);
            return 0;
        }
        // "Memory Interface Files": memory.max/high/swap.max take "max" or bytes (the kernel
        // also allows K/M/G suffixes, which the product does not use).
        if (name == QStringLiteral("memory.max") || name == QStringLiteral("memory.high")
            || name == QStringLiteral("memory.swap.max")) {
            if (v != "max" && !number.match(text).hasMatch())
                return EINVAL;
            return putValue(cg, name, v);
        }
        // "PID Interface Files": pids.max is "max" or a count.
        if (name == QStringLiteral("pids.max")) {
            if (v != "max" && !number.match(text).hasMatch())
                return EINVAL;
            return putValue(cg, name, v);
        }
        // "CPU Interface Files": cpu.max is "$MAX $PERIOD" in microseconds, $MAX "max" or at
        // least 1000, $PERIOD 1000..1000000 (100000 when left out).
        if (name == QStringLiteral("cpu.max")) {
            const QByteArrayList parts = v.split(' ');
            if (parts.size() > 2 || (parts[0] != "max" && parts[0].toLongLong() < 1000))
                return EINVAL;
            const qint64 period = parts.size() == 2 ? parts[1].toLongLong() : 100000;
            if (period < 1000 || period > 1000000)
                return EINVAL;
            return putValue(cg, name, parts[0] + ' ' + QByteArray::number(period));
        }
        return EINVAL; // read-only or not emulated
    }

    int move(qint64 pid, const QString &to)
    {
        prune();
        // "Processes": a zombie is not in cgroup.procs and cannot be moved.
        if (pid <= 0 || !alive(pid))
            return ESRCH;
        // "No Internal Process Constraint": a non-root cgroup that distributes controllers
        // to its children (non-empty cgroup.subtree_control) cannot hold processes.
        if (!to.isEmpty() && !subtree(to).isEmpty())
            return EBUSY;
        // "Delegation Containment": a non-root writer needs write access to the cgroup.procs
        // of the common ancestor of the source and the destination.
        const QString from = lookup(pid);
        QString common = from == QStringLiteral("/") ? QString() : from;
        while (!common.isEmpty() && to != common && !to.startsWith(common + QLatin1Char('/')))
            common = common.left(common.lastIndexOf(QLatin1Char('/')));
        if (m_uid != 0 && m_owner.value(common + QStringLiteral("/cgroup.procs"), 0) != m_uid)
            return EACCES;
        place(pid, to.isEmpty() ? QStringLiteral("/") : to);
        return 0;
    }

    int subtreeWrite(const QString &cg, const QByteArray &v)
    {
        const QByteArrayList available =
            read(path(cg) + QStringLiteral("/cgroup.controllers")).simplified().split(' ');
        QByteArrayList tokens = v.simplified().split(' ');
        for (const QByteArray &t : tokens) {
            if (t.size() < 2 || (t[0] != '+' && t[0] != '-') || !m_all.contains(t.mid(1)))
                return EINVAL;
            // "Enabling and Disabling": only controllers the cgroup itself has.
            if (t[0] == '+' && !available.contains(t.mid(1)))
                return ENOENT;
        }
        // "No Internal Process Constraint": enabling for children needs an empty cgroup
        // (the root cgroup is exempt).
        prune();
        if (!cg.isEmpty() && m_where.values().contains(cg))
            return EBUSY;
        QByteArrayList now = subtree(cg);
        for (const QByteArray &t : tokens) {
            if (t[0] == '+' && !now.contains(t.mid(1)))
                now << t.mid(1);
            if (t[0] == '-')
                now.removeAll(t.mid(1));
        }
        applySubtreeControl(cg, now);
        return 0;
    }

    void applySubtreeControl(const QString &cg, QByteArrayList enabled)
    {
        enabled.removeAll(QByteArray());
        QByteArrayList ordered;
        for (const QByteArray &c : m_all)
            if (enabled.contains(c))
                ordered << c;
        putValue(cg, QStringLiteral("cgroup.subtree_control"), ordered.join(' '));
        // The children's cgroup.controllers and controller files follow their parent.
        for (const QString &child : QDir(path(cg)).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QString c = cg + QLatin1Char('/') + child;
            putValue(c, QStringLiteral("cgroup.controllers"), ordered.join(' '));
            for (const QByteArray &ctl : ordered)
                addControllerFiles(c, ctl);
        }
    }

    void addControllerFiles(const QString &cg, const QByteArray &controller)
    {
        const QHash<QByteArray, QStringList> files {
            {"memory",
                {QStringLiteral("memory.current"), QStringLiteral("memory.min"),
                    QStringLiteral("memory.low"), QStringLiteral("memory.high"),
                    QStringLiteral("memory.max"), QStringLiteral("memory.events"),
                    QStringLiteral("memory.stat"), QStringLiteral("memory.swap.current"),
                    QStringLiteral("memory.swap.max")}},
            {"pids",
                {QStringLiteral("pids.current"), QStringLiteral("pids.max"),
                    QStringLiteral("pids.events")}},
            {"cpu", {QStringLiteral("cpu.weight"), QStringLiteral("cpu.max")}},
            {"io", {QStringLiteral("io.stat"), QStringLiteral("io.max")}}};
        for (const QString &f : files.value(controller)) {
            if (!QFile::exists(path(cg) + QLatin1Char('/') + f)) {
                put(cg, f, defaultValue(f));
                m_owner.insert(cg + QLatin1Char('/') + f, m_owner.value(cg, 0));
            }
        }
    }

    static QByteArray defaultValue(const QString &file)
    {
        static const QHash<QString, QByteArray> values {{QStringLiteral("cgroup.type"), "domain"},
            {QStringLiteral("cgroup.max.depth"), "max"},
            {QStringLiteral("cgroup.max.descendants"), "max"},
            {QStringLiteral("cgroup.freeze"), "0"}, {QStringLiteral("cpu.stat"), "usage_usec 0"},
            {QStringLiteral("memory.high"), "max"}, {QStringLiteral("memory.max"), "max"},
            {QStringLiteral("memory.swap.max"), "max"}, {QStringLiteral("memory.current"), "0"},
            {QStringLiteral("pids.max"), "max"}, {QStringLiteral("pids.current"), "0"},
            {QStringLiteral("cpu.max"), "max 100000"}, {QStringLiteral("cpu.weight"), "100"}};
        return values.value(file);
    }

    bool isCgroup(const QString &cg) const
    {
        return QFile::exists(path(cg) + QStringLiteral("/cgroup.controllers"));
    }
    QByteArrayList subtree(const QString &cg) const
    {
        QFile f(path(cg) + QStringLiteral("/cgroup.subtree_control"));
        QByteArrayList out;
        if (f.open(QIODevice::ReadOnly))
            for (const QByteArray &c : f.readAll().simplified().split(' '))
                if (!c.isEmpty())
                    out << c;
        return out;
    }
    QStringList files(const QString &cg) const { return QDir(path(cg)).entryList(QDir::Files); }
    QString relative(const QString &file) const
    {
        QString rel = file.mid(root().size());
        while (rel.endsWith(QLatin1Char('/')))
            rel.chop(1);
        return rel;
    }
    void put(const QString &cg, const QString &name, const QByteArray &value)
    {
        QFile f(path(cg) + QLatin1Char('/') + name);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(value.isEmpty() ? value : value + '\n');
        if (!m_owner.contains(cg + QLatin1Char('/') + name))
            m_owner.insert(cg + QLatin1Char('/') + name, m_owner.value(cg, m_uid));
    }
    int putValue(const QString &cg, const QString &name, const QByteArray &value)
    {
        put(cg, name, value);
        return 0;
    }
    int record(const QString &path, const QByteArray &data, int error)
    {
        m_writes.append({path, data, error});
        return error;
    }

    static bool alive(qint64 pid)
    {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return false;
        const QByteArray s = stat.readAll();
        const int close = s.lastIndexOf(')');
        return close > 0 && s.mid(close + 2, 1) != "Z" && s.mid(close + 2, 1) != "X";
    }
    static qint64 parentPid(qint64 pid)
    {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return 0;
        const QByteArray s = stat.readAll();
        return s.mid(s.lastIndexOf(')') + 2).split(' ').value(1).toLongLong();
    }
    //! "Processes": a child is born in its parent's cgroup; pids we never saw inherit so.
    QString lookup(qint64 pid)
    {
        for (qint64 p = pid; p > 1; p = parentPid(p)) {
            if (m_where.contains(p)) {
                if (p != pid)
                    m_where.insert(pid, m_where.value(p));
                return m_where.value(pid);
            }
        }
        return QStringLiteral("/");
    }
    void prune()
    {
        for (auto it = m_where.begin(); it != m_where.end();)
            it = alive(it.key()) ? std::next(it) : m_where.erase(it);
    }
    //! Rewrites the computed files: cgroup.procs, cgroup.events, /proc/self/cgroup.
    void sync()
    {
        prune();
        QMap<QString, QByteArray> procs;
        for (auto it = m_where.cbegin(); it != m_where.cend(); ++it)
            procs[it.value() == QStringLiteral("/") ? QString() : it.value()] +=
                QByteArray::number(it.key()) + '\n';
        std::function<bool(const QString &)> walk = [&](const QString &cg) {
            bool pop = procs.contains(cg);
            for (const QString &child : QDir(path(cg)).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                pop = walk(cg + QLatin1Char('/') + child) || pop;
            QFile f(path(cg) + QStringLiteral("/cgroup.procs"));
            if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                f.write(procs.value(cg));
            if (!cg.isEmpty())
                put(cg, QStringLiteral("cgroup.events"),
                    pop ? "populated 1\nfrozen 0" : "populated 0\nfrozen 0");
            return pop;
        };
        walk(QString());
        QFile self(m_selfFile);
        if (self.open(QIODevice::WriteOnly | QIODevice::Truncate))
            self.write("0::" + m_where.value(::getpid(), QStringLiteral("/")).toUtf8() + '\n');
    }

    uid_t m_uid;
    QString m_selfFile;
    const QByteArrayList m_all {"cpuset", "cpu", "io", "memory", "hugetlb", "pids", "rdma", "misc"};
    QHash<QString, uid_t> m_owner; // relative path -> owner; absent = root
    QHash<qint64, QString> m_where; // pid -> cgroup ("/" = the root)
    QList<Write> m_writes;
};

} // namespace Hopx::Test
