// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT

// What sandboxed code must not be able to do, tried for real from inside (Debian's
// /usr/bin/python3), plus the limits (fork bomb, memory) and the lifecycle edges (agent
// killed from inside, teardown leaving nothing behind, cgroup placement).

#include "LocalTestSupport.h"

#include "providers/local/cgroup/SandboxCgroupFs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace LocalTest;
using namespace Hopx::Local;

namespace {

// Each probe prints "name=outcome", outcome "ok" or the errno name of the failure.
const char kProbes[] = R"PY(
import ctypes, errno, os, socket, sys
libc = ctypes.CDLL(None, use_errno=True)
host_dir, host_port, abstract, host_pid = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def name(e): return errno.errorcode.get(e, str(e))
def probe(label, fn):
    try:
        r = fn()
        print(label + "=" + ("ok" if r is None or r is True else str(r)))
    except OSError as e:
        print(label + "=" + name(e.errno))
    except Exception as e:
        print(label + "=" + type(e).__name__)
def sysc(nr, *args):
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    if r == -1: raise OSError(ctypes.get_errno(), "")
def read(path):
    with open(path, "rb") as f: f.read(1)
def write(path):
    with open(path, "wb") as f: f.write(b"x")
def connect(family, addr, kind=socket.SOCK_STREAM):
    s = socket.socket(family, kind); s.settimeout(3); s.connect(addr)

probe("read_root", lambda: os.listdir("/root"))
probe("read_shadow", lambda: read("/etc/shadow"))
probe("read_host_dir", lambda: os.listdir(host_dir))
probe("read_home", lambda: ",".join(sorted(os.listdir("/home"))))
probe("read_sys", lambda: os.listdir("/sys/fs/cgroup"))
probe("read_agent_environ", lambda: read("/proc/2/environ"))
for d in ["/", "/etc", "/usr", "/bin", "/var", "/run", "/run/sbx", "/dev", "/proc/sys/kernel"]:
    probe("write_" + d, lambda d=d: write(os.path.join(d, "hopx-probe")))
for d in ["/workspace", "/home/user", "/tmp", "/dev/shm"]:
    probe("write_" + d, lambda d=d: write(os.path.join(d, "hopx-probe")))
probe("net_host_loopback", lambda: connect(socket.AF_INET, ("127.0.0.1", host_port)))
probe("net_outside", lambda: connect(socket.AF_INET, ("1.1.1.1", 53)))
probe("net_outside6", lambda: connect(socket.AF_INET6, ("2606:4700:4700::1111", 53)))
probe("dns", lambda: socket.getaddrinfo("example.com", 80))
probe("net_abstract", lambda: connect(socket.AF_UNIX, "\0" + abstract))
probe("af_vsock", lambda: socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM))
probe("af_packet", lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW))
probe("af_alg", lambda: socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET))
probe("af_unix", lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close())
probe("af_inet6", lambda: socket.socket(socket.AF_INET6, socket.SOCK_STREAM).close())
def loopback():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
    connect(socket.AF_INET, s.getsockname())
probe("loopback_inside", loopback)
probe("unshare_user", lambda: sysc(272, 0x10000000))
probe("unshare_mount", lambda: sysc(272, 0x00020000))
probe("unshare_net", lambda: sysc(272, 0x40000000))
probe("clone_newuser", lambda: sysc(56, 0x10000000 | 17, 0, 0, 0, 0))
probe("clone3", lambda: sysc(435, 0, 0))
probe("mount", lambda: sysc(165, 0, 0, 0, 0, 0))
probe("fsopen", lambda: sysc(430, 0, 0))
probe("ptrace", lambda: sysc(101, 0, 0, 0, 0))
probe("io_uring_setup", lambda: sysc(425, 1, 0))
probe("bpf", lambda: sysc(321, 0, 0, 0))
probe("keyctl", lambda: sysc(250, 0, 0, 0, 0, 0))
probe("userfaultfd", lambda: sysc(323, 0))
probe("perf_event_open", lambda: sysc(298, 0, 0, -1, -1, 0))
probe("open_by_handle_at", lambda: sysc(304, 0, 0, 0))
probe("name_to_handle_at", lambda: sysc(303, -100, 0, 0, 0, 0))
probe("personality", lambda: sysc(135, 0x0040000))
probe("tiocsti", lambda: (lambda m, s: sysc(16, s, 0x5412, ctypes.addressof(ctypes.c_char(b"x"))))(*os.openpty()))
probe("setns", lambda: sysc(308, 0, 0))
probe("chroot", lambda: sysc(161, 0))
probe("process_vm_readv", lambda: sysc(310, 1, 0, 0, 0, 0, 0))
import subprocess
probe("unshare_cmd", lambda: subprocess.run(["unshare", "-U", "true"], capture_output=True).returncode == 0 or "exit-nonzero")
probe("su", lambda: subprocess.run(["su", "-c", "true"], input=b"", capture_output=True, timeout=10).returncode == 0 or "exit-nonzero")
pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
print("proc_count=%d" % len(pids))
print("proc_max=%d" % max(pids))
cmds = []
for p in pids:
    if p == os.getpid(): continue  # our own argv names the host's temporary directory
    try: cmds.append(open("/proc/%d/cmdline" % p, "rb").read())
    except OSError: pass
marker = ("tst_local" + "isolation").encode()
print("proc_sees_host=%s" % any(marker in c for c in cmds))
print("uid=%d gid=%d" % (os.getuid(), os.getgid()))
print("hostname=" + socket.gethostname())
status = open("/proc/self/status").read()
for key in ["CapEff", "NoNewPrivs", "Seccomp"]:
    print(key + "=" + [l.split()[1] for l in status.splitlines() if l.startswith(key + ":")][0])
print("ifaces=" + ",".join(sorted(n for _, n in socket.if_nameindex())))
)PY";

QHash<QString, QString> parse(const QByteArray &out)
{
    QHash<QString, QString> m;
    for (const QByteArray &line : out.split('\n')) {
        for (const QByteArray &part : line.split(' ')) {
            const int eq = part.indexOf('=');
            if (eq > 0)
                m.insert(QString::fromUtf8(part.left(eq)), QString::fromUtf8(part.mid(eq + 1)));
        }
    }
    return m;
}

// An abstract unix socket on the host, like D-Bus or X11 would have.
class AbstractListener
{
public:
    explicit AbstractListener(const QByteArray &name)
    {
        m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        struct sockaddr_un addr = {};
        addr.sun_family = AF_UNIX;
        std::memcpy(addr.sun_path + 1, name.constData(), size_t(name.size()));
        const socklen_t len = socklen_t(offsetof(struct sockaddr_un, sun_path) + 1 + name.size());
        m_ok =
            ::bind(m_fd, reinterpret_cast<sockaddr *>(&addr), len) == 0 && ::listen(m_fd, 4) == 0;
    }
    ~AbstractListener() { ::close(m_fd); }
    bool ok() const { return m_ok; }
    bool gotConnection() const
    {
        const int c = ::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
        if (c >= 0)
            ::close(c);
        return c >= 0;
    }

private:
    int m_fd = -1;
    bool m_ok = false;
};

} // namespace

class TestLocalIsolation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void probesFromInside();
    void forkBombIsContained();
    void shellForkBombIsContained();
    void memoryIsCapped();
    void tmpIsSizeCapped();
    void agentKilledFromInside();
    void teardownLeavesNothing();
    void cgroupPlacement();
    void cgroupsRemovedAfterCrash();

private:
    Host m_host;
};

void TestLocalIsolation::initTestCase()
{
    const QString why = m_host.prepare();
    if (!why.isEmpty())
        QSKIP(qPrintable(why));
}

void TestLocalIsolation::probesFromInside()
{
    auto sp = m_host.start(QStringLiteral("probes"));
    QVERIFY(sp);
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const QByteArray abstractName =
        "hopx-test-" + QByteArray::number(QCoreApplication::applicationPid());
    AbstractListener abstract(abstractName);
    QVERIFY(abstract.ok());

    const Run r = run(sp->agent(),
        {"/usr/bin/python3", "-c", kProbes, QFile::encodeName(m_host.path()),
            QByteArray::number(server.serverPort()), abstractName,
            QByteArray::number(QCoreApplication::applicationPid())});
    QVERIFY(!r.error);
    QVERIFY2(r.code() == 0, r.err.constData());
    const auto m = parse(r.out);
    qDebug().noquote() << r.out;
    auto expect = [&](const char *key, const QStringList &allowed) {
        const QString got = m.value(QLatin1String(key), QStringLiteral("<missing>"));
        QVERIFY2(allowed.contains(got),
            qPrintable(QStringLiteral("%1=%2, expected one of %3")
                           .arg(QLatin1String(key), got, allowed.join(QLatin1Char(',')))));
    };
    // Hidden host files.
    expect("read_root", {QStringLiteral("ENOENT")});
    expect("read_shadow", {QStringLiteral("ENOENT")});
    expect("read_host_dir", {QStringLiteral("ENOENT")});
    expect("read_home", {QStringLiteral("user")}); // only the sandbox's own home
    expect("read_sys", {QStringLiteral("ENOENT")});
    expect("read_agent_environ", {QStringLiteral("EACCES")}); // the agent is not dumpable
    // Read-only everywhere but the four writable places.
    for (const char *d :
        {"/", "/etc", "/usr", "/bin", "/var", "/run", "/run/sbx", "/dev", "/proc/sys/kernel"})
        expect(qPrintable(QStringLiteral("write_") + QLatin1String(d)),
            {QStringLiteral("EROFS"), QStringLiteral("EACCES"), QStringLiteral("ENOENT")});
    for (const char *d : {"/workspace", "/home/user", "/tmp", "/dev/shm"})
        expect(qPrintable(QStringLiteral("write_") + QLatin1String(d)), {QStringLiteral("ok")});
    // No network: the host's loopback is a different one, nothing routes out.
    expect("net_host_loopback", {QStringLiteral("ECONNREFUSED")});
    expect("net_outside", {QStringLiteral("ENETUNREACH")});
    expect("net_outside6", {QStringLiteral("ENETUNREACH"), QStringLiteral("EADDRNOTAVAIL")});
    // socket.gaierror: EAI_NONAME (-2) or EAI_AGAIN (-3), no resolver reachable.
    expect("dns", {QStringLiteral("-2"), QStringLiteral("-3")});
    expect("net_abstract", {QStringLiteral("ECONNREFUSED")});
    expect("loopback_inside", {QStringLiteral("ok")});
    QVERIFY(!server.hasPendingConnections());
    QVERIFY(!server.waitForNewConnection(0));
    QVERIFY(!abstract.gotConnection());
    // Socket families.
    expect("af_vsock", {QStringLiteral("EAFNOSUPPORT")});
    expect("af_packet", {QStringLiteral("EAFNOSUPPORT")});
    expect("af_alg", {QStringLiteral("EAFNOSUPPORT")});
    expect("af_unix", {QStringLiteral("ok")});
    expect("af_inet6", {QStringLiteral("ok")});
    // Kernel surface.
    expect("unshare_user", {QStringLiteral("EPERM")});
    expect("unshare_mount", {QStringLiteral("EPERM")});
    expect("unshare_net", {QStringLiteral("EPERM")});
    expect("clone_newuser", {QStringLiteral("EPERM")});
    expect("clone3", {QStringLiteral("ENOSYS")});
    expect("mount", {QStringLiteral("EPERM")});
    expect("fsopen", {QStringLiteral("ENOSYS")});
    expect("ptrace", {QStringLiteral("EPERM")});
    expect("io_uring_setup", {QStringLiteral("ENOSYS")});
    expect("bpf", {QStringLiteral("EPERM")});
    expect("keyctl", {QStringLiteral("EPERM")});
    expect("userfaultfd", {QStringLiteral("EPERM")});
    expect("perf_event_open", {QStringLiteral("EPERM")});
    expect("open_by_handle_at", {QStringLiteral("EPERM")});
    // What a file system that cannot make handles says: callers fall back to paths.
    expect("name_to_handle_at", {QStringLiteral("ENOTSUP")});
    expect("personality", {QStringLiteral("EPERM")});
    expect("tiocsti", {QStringLiteral("EPERM")});
    expect("setns", {QStringLiteral("EPERM")});
    expect("chroot", {QStringLiteral("EPERM")});
    expect("process_vm_readv", {QStringLiteral("EPERM")});
    expect("unshare_cmd", {QStringLiteral("exit-nonzero")});
    expect("su", {QStringLiteral("exit-nonzero"), QStringLiteral("ENOENT")});
    // Only the sandbox's processes (init, agent, python and its probe children at most).
    QVERIFY2(m.value(QStringLiteral("proc_count")).toInt() <= 6,
        qPrintable(m.value(QStringLiteral("proc_count"))));
    QVERIFY(m.value(QStringLiteral("proc_max")).toInt() < 100);
    expect("proc_sees_host", {QStringLiteral("False")});
    expect("uid", {QStringLiteral("1000")});
    expect("gid", {QStringLiteral("1000")});
    expect("hostname", {QStringLiteral("sandbox")});
    expect("CapEff", {QStringLiteral("0000000000000000")});
    expect("NoNewPrivs", {QStringLiteral("1")});
    expect("Seccomp", {QStringLiteral("2")});
    expect("ifaces", {QStringLiteral("lo")});
}

void TestLocalIsolation::forkBombIsContained()
{
    SandboxLimits limits;
    limits.processes = 64;
    auto sp = m_host.start(QStringLiteral("forkbomb"), limits);
    QVERIFY(sp);
    if (::geteuid() == 0 && sp->cgroupMode() == SandboxCgroup::Mode::None)
        QSKIP("root without a cgroup: RLIMIT_NPROC does not bind root-owned tasks "
              "(local-sandbox.md §3); only the wall clock would stop this");
    // Children sleep so that they all count at once; the parent reports how many it got.
    const QByteArray code = R"PY(
import os, time, sys
n = 0
try:
    while n < 5000:
        if os.fork() == 0:
            time.sleep(60); os._exit(0)
        n += 1
except OSError as e:
    print("stopped", n, e.errno); sys.stdout.flush()
else:
    print("unbounded", n); sys.stdout.flush()
)PY";
    RunOptions opt;
    opt.timeoutMs = 20000;
    Run r = python(sp->agent(), code, opt);
    QVERIFY(!r.error);
    const QByteArrayList words = r.out.trimmed().split(' ');
    QVERIFY2(words.value(0) == "stopped", r.out.constData());
    const int forked = words.value(1).toInt();
    QVERIFY2(forked > 10 && forked < 64, r.out.constData());
    QCOMPARE(words.value(2).toInt(), EAGAIN);
    qInfo("fork bomb stopped after %d children (limit 64, %s)", forked,
        sp->cgroupMode() == SandboxCgroup::Mode::None ? "RLIMIT_NPROC" : "cgroup pids.max");

    // The sleeping children hold the slots until they are killed: PS sees them, KILL by
    // group (they share the job's process group) frees them, and the sandbox works again.
    auto ps = wait<QList<AgentClient::ProcessInfo>>([&](auto cb) { sp->agent()->ps(cb); });
    QVERIFY(ps.ok());
    QVERIFY(ps.value().size() >= forked);
    const qint64 pgid = ps.value().constFirst().pgid;
    QVERIFY(
        wait<Hopx::Core::Unit>([&](auto cb) { sp->agent()->kill(pgid, SIGKILL, true, cb); }).ok());
    QTRY_VERIFY_WITH_TIMEOUT(run(sp->agent(), {"echo", "alive"}).out == "alive\n", 10000);
    // The host is fine.
    QProcess p;
    p.start(QStringLiteral("/bin/true"));
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 0);
}

void TestLocalIsolation::shellForkBombIsContained()
{
    SandboxLimits limits;
    limits.processes = 128;
    auto sp = m_host.start(QStringLiteral("shellbomb"), limits);
    QVERIFY(sp);
    RunOptions opt;
    opt.timeoutMs = 3000;
    QElapsedTimer t;
    t.start();
    const Run r = run(sp->agent(), {"bash", "-c", ":(){ :|:& };:; sleep 100"}, opt);
    QVERIFY(!r.error);
    QVERIFY(r.exit.timedOut);
    QVERIFY2(t.elapsed() < 10000, QByteArray::number(t.elapsed()));
    // The whole bomb shared the job's process group: the timeout took it all.
    QTRY_VERIFY_WITH_TIMEOUT(run(sp->agent(), {"echo", "alive"}).out == "alive\n", 10000);
    auto ps = wait<QList<AgentClient::ProcessInfo>>([&](auto cb) { sp->agent()->ps(cb); });
    QVERIFY(ps.ok());
    QVERIFY2(ps.value().size() <= 2, QByteArray::number(ps.value().size()));
}

void TestLocalIsolation::memoryIsCapped()
{
    SandboxLimits limits;
    limits.memoryMb = 256;
    auto sp = m_host.start(QStringLiteral("memory"), limits);
    QVERIFY(sp);
    const Run r = python(sp->agent(),
        "b = bytearray(1024 * 1024 * 1024)\nb[::4096] = b'x' * len(b[::4096])\nprint('ALLOC-OK')");
    QVERIFY(!r.error);
    QVERIFY(!r.out.contains("ALLOC-OK"));
    // MemoryError (RLIMIT_DATA) or the cgroup OOM killer.
    QVERIFY2(r.err.contains("MemoryError") || r.exit.signal == SIGKILL, r.err.constData());
    QCOMPARE(run(sp->agent(), {"echo", "alive"}).out, QByteArray("alive\n"));
}

void TestLocalIsolation::tmpIsSizeCapped()
{
    SandboxLimits limits;
    limits.diskMb = 16;
    auto sp = m_host.start(QStringLiteral("tmpsize"), limits);
    QVERIFY(sp);
    const Run r = run(sp->agent(),
        {"sh", "-c", "head -c 40000000 /dev/zero > /tmp/big; echo rc=$?; wc -c < /tmp/big"});
    QVERIFY(!r.error);
    QVERIFY2(r.out.startsWith("rc=1"), r.out.constData());
    QVERIFY(r.out.trimmed().split('\n').value(1).toLongLong() <= 16 * 1024 * 1024);
    QVERIFY(r.err.contains("No space left"));
}

void TestLocalIsolation::agentKilledFromInside()
{
    auto sp = m_host.start(QStringLiteral("killagent"));
    QVERIFY(sp);
    const qint64 pid1 = sp->childPid();
    QSignalSpy died(sp.get(), &SandboxProcess::died);
    QSignalSpy finished(sp.get(), &SandboxProcess::finished);
    QSignalSpy disconnected(sp->agent(), &AgentClient::disconnected);
    // A run in flight when it happens must end with SandboxDead, not hang.
    const Run r = run(sp->agent(), {"sh", "-c", "kill -9 2; sleep 100"});
    QVERIFY(r.error);
    QCOMPARE(r.error->code, Hopx::Core::Error::Code::SandboxDead);
    QTRY_COMPARE(died.size(), 1);
    QCOMPARE(disconnected.size(), 1);
    QCOMPARE(finished.size(), 1);
    const QString reason = died.first().first().toString();
    QVERIFY2(reason.contains(QStringLiteral("agent exited")), qPrintable(reason));
    QTRY_VERIFY(HopxTest::processGone(pid1));
    QCOMPARE(sp->state(), SandboxProcess::State::Stopped);
}

void TestLocalIsolation::teardownLeavesNothing()
{
    auto sp = m_host.start(QStringLiteral("teardown"));
    QVERIFY(sp);
    const qint64 pid1 = sp->childPid();
    const qint64 bwrapPid = sp->bwrapPid();
    const QStringList cgroups = sp->cgroupPaths();
    // A background server, a setsid+nohup daemon and a double-forked one.
    for (const QByteArray &cmd : QByteArrayList {"exec sleep 1001",
             "setsid nohup sleep 1002 >/dev/null 2>&1 &", "(sh -c 'sleep 1003 &' &)"}) {
        AgentClient::ExecRequest req;
        req.argv = {"sh", "-c", cmd};
        req.background = true;
        sp->agent()->exec(req, -1, -1, -1, {});
    }
    QTest::qWait(500);
    auto ps = wait<QList<AgentClient::ProcessInfo>>([&](auto cb) { sp->agent()->ps(cb); });
    QVERIFY(ps.ok());
    int sleeps = 0;
    QList<qint64> inside;
    for (const auto &p : ps.value())
        sleeps += p.name == QStringLiteral("sleep") ? 1 : 0;
    QCOMPARE(sleeps, 3);
    auto hostSleeps = [] {
        int n = 0;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            QFile f(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
            if (f.open(QIODevice::ReadOnly)
                && f.readAll().startsWith(QByteArray("sleep\0"
                                                     "100",
                    9)))
                ++n;
        }
        return n;
    };
    // Other programs on the host may run `sleep 100` too: count relative to the ones that
    // are not ours (our three are the sandbox's).
    const int others = hostSleeps() - 3;
    QVERIFY(others >= 0);

    QSignalSpy died(sp.get(), &SandboxProcess::died);
    QSignalSpy finished(sp.get(), &SandboxProcess::finished);
    sp->kill();
    QCOMPARE(finished.size(), 1); // synchronous teardown
    QVERIFY(died.isEmpty());
    QVERIFY(HopxTest::processGone(pid1));
    QVERIFY(HopxTest::processGone(bwrapPid));
    QTRY_COMPARE(hostSleeps(), others);
    for (const QString &cg : cgroups)
        QVERIFY2(!QFileInfo::exists(cg), qPrintable(cg));
    // Destroying it afterwards is harmless.
    sp.reset();
}

void TestLocalIsolation::cgroupPlacement()
{
    auto sp = m_host.start(QStringLiteral("cgroup"));
    QVERIFY(sp);
    if (::geteuid() != 0 || qEnvironmentVariableIntValue("HOPX_TEST_NO_CGROUP")) {
        QCOMPARE(sp->cgroupMode(), SandboxCgroup::Mode::None);
        QSKIP("not root: rlimits only (checked by forkBombIsContained)");
    }
    QCOMPARE(sp->cgroupMode(), SandboxCgroup::Mode::V1);
    const QStringList paths = sp->cgroupPaths();
    QVERIFY(paths.size() >= 2);
    // Every process of the sandbox is inside, including ones started later.
    const Run r = run(sp->agent(), {"sh", "-c", "cat /proc/self/cgroup >/dev/null; echo $$"});
    QCOMPARE(r.code(), 0);
    for (const QString &p : paths) {
        QFile procs(p + QStringLiteral("/cgroup.procs"));
        QVERIFY(procs.open(QIODevice::ReadOnly));
        QVERIFY(procs.readAll().split('\n').contains(QByteArray::number(sp->childPid())));
    }
    QFile pidsMax(paths.filter(QStringLiteral("/pids/")).value(0) + QStringLiteral("/pids.max"));
    QVERIFY(pidsMax.open(QIODevice::ReadOnly));
    QCOMPARE(pidsMax.readAll().trimmed(), QByteArray("256"));
    sp->kill();
    for (const QString &p : paths)
        QVERIFY(!QFileInfo::exists(p));

    // Leftovers of a crashed run are swept; a live sandbox's cgroup is not.
    auto live = m_host.start(QStringLiteral("cgroup-live"));
    QVERIFY(live);
    const QString stale = QStringLiteral("/sys/fs/cgroup/pids/hopx-desktop/cgroup-stale-test");
    QVERIFY(QDir().mkdir(stale));
    SandboxCgroupFs host;
    // Just made, it could be another app's sandbox before its first process moves in.
    SandboxCgroup::removeStale(host);
    QVERIFY(QFileInfo::exists(stale));
    QVERIFY(SandboxCgroup::removeStale(host, 0) >= 1); // as if it were two minutes old
    QVERIFY(!QFileInfo::exists(stale));
    for (const QString &p : live->cgroupPaths())
        QVERIFY(QFileInfo::exists(p));

    // A leftover that still holds a process is not touched (rmdir would fail anyway).
    const QString busy = QStringLiteral("/sys/fs/cgroup/pids/hopx-desktop/cgroup-stale-busy");
    QVERIFY(QDir().mkdir(busy));
    QProcess sleeper;
    sleeper.start(QStringLiteral("sleep"), {QStringLiteral("600")});
    QVERIFY(sleeper.waitForStarted());
    QVERIFY(
        host.write(busy + QStringLiteral("/cgroup.procs"), QByteArray::number(sleeper.processId()))
        == 0);
    SandboxCgroup::removeStale(host, 0);
    QVERIFY(QFileInfo::exists(busy));
    sleeper.kill();
    QVERIFY(sleeper.waitForFinished(5000));
    // (Other runs on this host share the hierarchy and may sweep it first: no counts.)
    QTRY_VERIFY((SandboxCgroup::removeStale(host, 0), !QFileInfo::exists(busy)));
}

// An app that dies without any teardown (SIGKILL): bwrap's --die-with-parent takes the
// sandbox with it, its cgroups stay behind empty, and the next start removes them.
void TestLocalIsolation::cgroupsRemovedAfterCrash()
{
    if (::geteuid() != 0 || qEnvironmentVariableIntValue("HOPX_TEST_NO_CGROUP"))
        QSKIP("not root: no cgroups on this v1 host");
    QProcess app;
    app.start(QCoreApplication::applicationFilePath(),
        {QStringLiteral("--crash-child"), QStringLiteral("crashed")});
    QVERIFY(app.waitForStarted());
    QByteArray out;
    while (!out.contains("READY\n") && app.waitForReadyRead(30000))
        out += app.readAllStandardOutput();
    QVERIFY2(out.contains("READY\n"), QByteArray(out + app.readAllStandardError()).constData());
    QStringList paths;
    QString tempDir;
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith("cgroup "))
            paths << QString::fromUtf8(line.mid(7));
        if (line.startsWith("dir "))
            tempDir = QString::fromUtf8(line.mid(4));
    }
    QVERIFY(paths.size() >= 2);
    ::kill(pid_t(app.processId()), SIGKILL);
    QVERIFY(app.waitForFinished(5000));
    for (const QString &p : paths)
        QVERIFY2(QFileInfo::exists(p), qPrintable(p)); // nobody tore it down
    SandboxCgroupFs host;
    // Emptied as the sandbox's processes exit (they follow bwrap, which followed the app).
    const auto allGone = [&paths] {
        return std::none_of(
            paths.cbegin(), paths.cend(), [](const QString &p) { return QFileInfo::exists(p); });
    };
    QTRY_VERIFY_WITH_TIMEOUT((SandboxCgroup::removeStale(host, 0), allGone()), 10000);
    if (!tempDir.isEmpty())
        QDir(tempDir).removeRecursively();
}

// `--crash-child ID`: the app side of cgroupsRemovedAfterCrash, which SIGKILLs it.
int crashChild(const QString &id)
{
    Host host;
    if (!host.prepare().isEmpty())
        return 2;
    auto sp = host.start(id);
    if (!sp)
        return 3;
    QByteArray out = "dir " + host.path().toUtf8() + '\n';
    for (const QString &p : sp->cgroupPaths())
        out += "cgroup " + p.toUtf8() + '\n';
    out += "READY\n";
    if (::write(STDOUT_FILENO, out.constData(), size_t(out.size())) != out.size())
        return 4;
    for (;;)
        ::pause();
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--crash-child") == 0)
        return crashChild(QString::fromLocal8Bit(argv[2]));
    TestLocalIsolation test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_localisolation.moc"
