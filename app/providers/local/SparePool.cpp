// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/SparePool.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/PythonKernel.h"

#include <QDateTime>
#include <QFile>
#include <QTimer>

#include <algorithm>

namespace Hopx::Local {

namespace {
// Spares booting at once: each mounts a disk and starts bwrap and Python, which the machine's
// cores share with the runs being served.
constexpr int kMaxBooting = 2;
// A sandbox handed out with a preloaded interpreter keeps it this long for its first Python
// run; a sandbox that runs no Python by then does not keep ~60 MiB for nothing.
constexpr int kUnusedInterpreterMs = 60 * 1000;
// Spares beyond one per kind boot only while the host has this much memory available: a Python
// spare holds ~15 MiB, a preloaded one ~60 MiB more.
constexpr qint64 kBurstMemoryFloor = qint64(2) << 30;
// Calls of a burst come closer than this; refilling waits for the gap after the last one.
constexpr int kRefillQuietMs = 50;
// An isolated run holds refilling back for at most this long (a long run must not starve it).
constexpr qint64 kRunHoldsRefillMs = 2000;

bool kernelReady(const LocalSandbox *s)
{
    return s->isReady() && s->kernel() && s->kernel()->isReady();
}

PythonKernel::Preload preloadOf(const LocalSandbox *s)
{
    return s->kernel() ? s->kernel()->preloadState() : PythonKernel::Preload::None;
}
} // namespace

SparePool::SparePool(Boot boot, Discard discard, const Sizes &sizes, QObject *parent)
    : QObject(parent)
    , m_boot(std::move(boot))
    , m_discard(std::move(discard))
    , m_sizes(sizes)
{
    m_idle.setSingleShot(true);
    m_idle.setInterval(m_sizes.idleShrinkMs);
    connect(&m_idle, &QTimer::timeout, this, &SparePool::shrink);
    m_forkIdle.setSingleShot(true);
    m_forkIdle.setInterval(m_sizes.idleShrinkMs);
    connect(&m_forkIdle, &QTimer::timeout, this, &SparePool::shrinkForks);
    m_refill.setSingleShot(true);
    m_refill.setInterval(kRefillQuietMs);
    connect(&m_refill, &QTimer::timeout, this, &SparePool::refill);
}

qint64 SparePool::availableMemory()
{
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = f.readAll();
    const qsizetype at = text.indexOf("MemAvailable:");
    if (at < 0)
        return -1;
    const QByteArray line = text.mid(at + 13, text.indexOf('\n', at) - at - 13).trimmed();
    bool ok = false;
    const qint64 kib = line.split(' ').value(0).toLongLong(&ok);
    return ok ? kib * 1024 : -1;
}

void SparePool::want(Kind kind)
{
    if (kind == Kind::Plain) {
        m_plainWanted = m_sizes.plain > 0;
        return;
    }
    m_pythonWanted = m_sizes.pythonBurst > 0;
    m_burst = m_pythonWanted;
    m_idle.start();
}

void SparePool::expectForks(int children)
{
    if (m_sizes.plain <= 0)
        return; // spares are off
    m_plainWanted = true;
    m_forkRound = std::max(m_forkRound, std::min(children, m_sizes.pythonBurst));
    m_forkIdle.start();
}

int SparePool::target(Kind kind) const
{
    if (kind == Kind::Plain) {
        if (!m_plainWanted)
            return 0;
        if (m_forkRound <= m_sizes.plain)
            return m_sizes.plain;
        const qint64 available = availableMemory();
        return available >= 0 && available < kBurstMemoryFloor ? m_sizes.plain : m_forkRound;
    }
    if (!m_pythonWanted)
        return 0;
    if (!m_burst)
        return 1;
    const qint64 available = availableMemory();
    return available >= 0 && available < kBurstMemoryFloor ? 1 : m_sizes.pythonBurst;
}

int SparePool::preloadingPlain() const
{
    return int(std::count_if(m_plain.cbegin(), m_plain.cend(),
        [this](LocalSandbox *s) { return m_preloading.contains(s); }));
}

int SparePool::preloadedPython() const
{
    return int(std::count_if(m_python.cbegin(), m_python.cend(),
        [this](LocalSandbox *s) { return m_preloading.contains(s); }));
}

int SparePool::booting() const
{
    int n = 0;
    for (const LocalSandbox *s : m_plain + m_python)
        n += s->isReady() ? 0 : 1;
    return n;
}

LocalSandbox *SparePool::handOut(Kind kind, const SandboxLimits &limits, bool envGiven)
{
    LocalSandbox *spare = take(kind, limits);
    if (!spare && kind == Kind::Python)
        spare = take(Kind::Plain, limits);
    if (!spare)
        return nullptr;
    // Environment variables given at creation may steer imports (OMP_NUM_THREADS,
    // MPLBACKEND, …): an interpreter that imported before they were set must not be kept.
    // Nor one still importing (at nice 19, seconds on a busy machine): the first run would
    // share it with the preload, and a checkpoint would wait for it. The next run starts a
    // plain interpreter at once instead.
    if (envGiven || preloadOf(spare) == PythonKernel::Preload::Loading)
        spare->dropUnusedInterpreter();
    else if (kind == Kind::Plain)
        QTimer::singleShot(
            kUnusedInterpreterMs, spare, [spare]() { spare->dropUnusedInterpreter(); });
    return spare;
}

LocalSandbox *SparePool::take(Kind kind, const SandboxLimits &limits)
{
    if (kind == Kind::Python && m_pythonWanted) {
        m_burst = true;
        m_idle.start();
    }
    QList<LocalSandbox *> &spares = pool(kind);
    // Lower is better: the preload done, then a plain interpreter ready (as fast for code that
    // needs no preload), then one still preloading (whose interpreter the provider replaces),
    // then one still booting.
    auto rank = [&](LocalSandbox *s) {
        const PythonKernel::Preload p = preloadOf(s);
        if (p == PythonKernel::Preload::Done)
            return 0;
        if (p == PythonKernel::Preload::None
            && (kind == Kind::Plain ? s->isReady() : kernelReady(s)))
            return 1;
        if (p == PythonKernel::Preload::Loading)
            return 2;
        return 3;
    };
    LocalSandbox *best = nullptr;
    int bestRank = 99;
    for (LocalSandbox *s : std::as_const(spares)) {
        if (s->isDead() || s->process()->options().limits != limits)
            continue;
        if (const int r = rank(s); r < bestRank) {
            best = s;
            bestRank = r;
        }
    }
    if (best) {
        forget(best);
        if (kind == Kind::Python)
            m_running.insert(best->info().id, QDateTime::currentMSecsSinceEpoch());
    }
    return best;
}

void SparePool::finished(const QString &id)
{
    if (m_running.remove(id))
        refillSoon();
}

void SparePool::forget(LocalSandbox *spare)
{
    m_plain.removeAll(spare);
    m_python.removeAll(spare);
    m_preloading.removeAll(spare);
    disconnect(spare, nullptr, this, nullptr);
}

bool SparePool::bootOne(Kind kind)
{
    LocalSandbox *spare = m_boot();
    if (!spare)
        return false;
    pool(kind).append(spare);
    // Plain spares preload too: the sandbox a create hands out is the one whose first plot we
    // speed up (the provider ends the interpreter if the sandbox does not use it).
    // A fork round's extra plain spares do not: their children load the parent's variables.
    const bool preload = !m_preload.isEmpty()
        && (kind == Kind::Plain ? preloadingPlain() < m_sizes.plain
                                : preloadedPython() < m_sizes.preloadedPython);
    if (preload)
        m_preloading.append(spare);
    // Receiver this: handing the spare out disconnects it, so a spare taken while it boots
    // does not start an interpreter its user may not want.
    const QStringList modules = preload ? m_preload : QStringList();
    connect(spare, &LocalSandbox::ready, this, [this, spare, modules, kind]() {
        if (kind == Kind::Python || !modules.isEmpty())
            spare->warmUp(modules);
        refillSoon(); // the next one boots once this one no longer competes for the cores
    });
    connect(spare, &LocalSandbox::died, this, [this, spare](const QString &) {
        forget(spare);
        m_discard(spare);
    });
    return true;
}

void SparePool::refill()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (auto it = m_running.begin(); it != m_running.end();)
        it = now - it.value() > kRunHoldsRefillMs ? m_running.erase(it) : std::next(it);
    if (!m_running.isEmpty())
        return; // finished() calls again

    for (Kind kind : {Kind::Plain, Kind::Python}) {
        while (pool(kind).size() < target(kind)) {
            // The first spare of a kind boots at once; more wait until fewer are booting.
            if (!pool(kind).isEmpty() && booting() >= kMaxBooting)
                return;
            if (!bootOne(kind))
                return;
        }
    }
}

void SparePool::shrink()
{
    m_burst = false;
    trim(Kind::Python);
    qCDebug(lcLocal) << "isolated runs idle: Python spares back to" << m_python.size();
}

void SparePool::shrinkForks()
{
    m_forkRound = 0;
    trim(Kind::Plain);
    qCDebug(lcLocal) << "forks idle: plain spares back to" << m_plain.size();
}

void SparePool::trim(Kind kind)
{
    // The ones without the preload go first: a preloaded spare is the slower one to make again.
    QList<LocalSandbox *> &spares = pool(kind);
    std::stable_sort(spares.begin(), spares.end(), [this](LocalSandbox *a, LocalSandbox *b) {
        return m_preloading.contains(a) > m_preloading.contains(b);
    });
    while (spares.size() > target(kind)) {
        LocalSandbox *spare = spares.last();
        forget(spare);
        m_discard(spare);
    }
}

void SparePool::setSizes(const Sizes &sizes)
{
    m_sizes = sizes;
    trim(Kind::Plain);
    trim(Kind::Python);
    refillSoon();
}

void SparePool::renew()
{
    for (LocalSandbox *spare : takeAll())
        m_discard(spare);
    refillSoon();
}

QList<LocalSandbox *> SparePool::takeAll()
{
    const QList<LocalSandbox *> all = m_plain + m_python;
    for (LocalSandbox *s : all)
        forget(s);
    return all;
}

int SparePool::ready(Kind kind, bool preloaded) const
{
    return int(std::count_if(pool(kind).cbegin(), pool(kind).cend(), [&](LocalSandbox *s) {
        if (preloaded)
            return preloadOf(s) == PythonKernel::Preload::Done;
        return kind == Kind::Plain ? s->isReady() : kernelReady(s);
    }));
}

bool SparePool::contains(const QString &id) const
{
    for (const LocalSandbox *s : m_plain + m_python)
        if (s->info().id == id)
            return true;
    return false;
}

} // namespace Hopx::Local
