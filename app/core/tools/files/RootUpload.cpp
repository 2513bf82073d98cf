// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/files/RootUpload.h"

#include "core/tools/ToolSupport.h"

#include "core/base/HostPath.h"
#include "core/manager/SandboxProvider.h"
#include "core/sandbox/SandboxTransfer.h"
#include "tools/ToolCall.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace Hopx::Core::Tools {

namespace {

constexpr int kGitTimeoutMs = 30000;
constexpr qint64 kProgressEveryMs = 200;
constexpr char kCopiesUnder[] = "/workspace";

QString mib(qint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1 << 20), 0, 'f', 1);
}

//! What git would commit beneath \a root, relative to it; false when \a root is in no
//! repository git will read (then the caller walks the folder).
bool gitFiles(const QString &root, QStringList *out)
{
    QProcess git;
    // The app's own GIT_* variables must not point git at another repository.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys())
        if (name.startsWith(QLatin1String("GIT_")))
            env.remove(name);
    git.setProcessEnvironment(env);
    git.setStandardInputFile(QProcess::nullDevice());
    git.start(QStringLiteral("git"),
        {QStringLiteral("-C"), root, QStringLiteral("ls-files"), QStringLiteral("-z"),
            QStringLiteral("--cached"), QStringLiteral("--others"),
            QStringLiteral("--exclude-standard")});
    if (!git.waitForFinished(kGitTimeoutMs) || git.exitStatus() != QProcess::NormalExit
        || git.exitCode() != 0) {
        git.kill();
        return false;
    }
    for (const QByteArray &name : git.readAllStandardOutput().split('\0'))
        if (!name.isEmpty())
            out->append(QFile::decodeName(name));
    return true;
}

//! Every file beneath \a root but those in .git, relative to it; links are not followed.
QStringList walkedFiles(const QString &root)
{
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    const int prefix = int(root.size()) + 1;
    while (it.hasNext()) {
        const QString relative = it.next().mid(prefix);
        if (!relative.startsWith(QLatin1String(".git/"))
            && !relative.contains(QLatin1String("/.git/")))
            out.append(relative);
    }
    return out;
}

} // namespace

Result<RootUpload::Plan> RootUpload::plan(const QList<HostMount> &mounts, qint64 capBytes)
{
    Plan plan;
    for (HostMount m : mounts) {
        // A HOPX agent writes beneath /workspace and /tmp only.
        m.sandboxPath.prepend(QLatin1String(kCopiesUnder));
        QStringList relative;
        if (!gitFiles(m.hostPath, &relative))
            relative = walkedFiles(m.hostPath);
        relative.sort();
        const qint64 bytesBefore = plan.bytes;
        const qsizetype filesBefore = plan.files.size();
        for (const QString &r : std::as_const(relative)) {
            const QFileInfo info(m.hostPath + QLatin1Char('/') + r);
            if (info.isSymLink() || !info.isFile())
                continue; // a link may lead out of the root; a deleted tracked file is gone
            plan.files.append(
                {m.hostPath, info.filePath(), m.sandboxPath + QLatin1Char('/') + r, info.size()});
            plan.bytes += info.size();
        }
        plan.roots.append(QJsonObject {{QStringLiteral("host_path"), m.hostPath},
            {QStringLiteral("path"), m.sandboxPath},
            {QStringLiteral("files"), int(plan.files.size() - filesBefore)},
            {QStringLiteral("bytes"), double(plan.bytes - bytesBefore)}});
        if (plan.bytes > capBytes || plan.files.size() > kMaxFiles)
            return Error::make(Error::Code::InvalidArgument,
                QStringLiteral("Your folders hold %1 in %2 files to copy (what git would "
                               "commit), more than a HOPX sandbox gets at creation: %3 in at "
                               "most %4 files (setting files/cloudRootMb). Create the sandbox "
                               "without mount_roots and copy the files it needs with "
                               "file_upload.")
                    .arg(mib(plan.bytes))
                    .arg(plan.files.size())
                    .arg(mib(capBytes))
                    .arg(kMaxFiles),
                QJsonObject {{QStringLiteral("root"), m.hostPath},
                    {QStringLiteral("bytes"), double(plan.bytes)},
                    {QStringLiteral("files"), int(plan.files.size())},
                    {QStringLiteral("cap_bytes"), double(capBytes)}},
                QStringLiteral("Folders too large"));
    }
    return plan;
}

RootUpload::RootUpload(Mcp::ToolCall *call, SandboxProvider *provider, QString sandboxId, Plan plan,
    Callback<QJsonArray> done)
    : QObject(call)
    , m_call(call)
    , m_provider(provider)
    , m_id(std::move(sandboxId))
    , m_plan(std::move(plan))
    , m_done(std::move(done))
{
    connect(call, &Mcp::ToolCall::cancelled, this, [this] {
        if (m_cancel)
            m_cancel();
        m_done = nullptr;
        deleteLater();
    });
    m_clock.start();
}

RootUpload::~RootUpload()
{
    if (m_done && m_cancel)
        m_cancel();
}

void RootUpload::start()
{
    QTimer::singleShot(0, this, &RootUpload::next);
}

void RootUpload::next()
{
    if (!m_done)
        return;
    if (m_index == m_plan.files.size()) {
        Callback<QJsonArray> done = std::move(m_done);
        m_done = nullptr;
        deleteLater();
        done(m_plan.roots);
        return;
    }
    const File file = m_plan.files.at(m_index);
    Result<std::unique_ptr<QFile>> opened = HostPath::openForReading(file.root, file.hostPath);
    if (!opened) {
        fail(opened.error());
        return;
    }
    std::shared_ptr<QFile> source(std::move(opened.value()));
    QPointer<RootUpload> self(this);
    const qint64 before = m_bytesDone;
    m_cancel = onCapability<SandboxTransfer>(m_provider, m_id,
        Callback<qint64>([self, source, file](Result<qint64> r) {
            if (!self || !self->m_done)
                return;
            self->m_cancel = nullptr;
            if (!r) {
                self->fail(r.error());
                return;
            }
            self->m_bytesDone += file.size;
            ++self->m_index;
            self->report(true);
            QTimer::singleShot(0, self, &RootUpload::next); // not deeper on the stack per file
        }),
        [self, source, file, before](SandboxTransfer *transfer, Callback<qint64> done) {
            return transfer->upload(
                source.get(), file.path,
                [self, before](qint64 bytes) {
                    if (self)
                        self->reportBytes(before + bytes);
                },
                std::move(done));
        });
}

void RootUpload::reportBytes(qint64 bytes)
{
    m_progressBytes = bytes;
    report(false);
}

void RootUpload::report(bool fileDone)
{
    if (fileDone)
        m_progressBytes = m_bytesDone;
    if (m_clock.elapsed() < kProgressEveryMs && m_index < m_plan.files.size())
        return;
    m_clock.restart();
    m_call->reportProgress(double(m_progressBytes), double(m_plan.bytes),
        QStringLiteral("copying your folders: %1 of %2 files, %3 of %4")
            .arg(m_index)
            .arg(m_plan.files.size())
            .arg(mib(m_progressBytes), mib(m_plan.bytes)));
}

void RootUpload::fail(const Error &error)
{
    const File file = m_plan.files.value(m_index);
    Callback<QJsonArray> done = std::move(m_done);
    m_done = nullptr;
    deleteLater();
    done(Error::make(error.code,
        QStringLiteral("Sandbox %1 was created, but copying %2 into it failed after %3 of %4 "
                       "files: %5 It holds what was copied; copy the rest with file_upload, or "
                       "delete it.")
            .arg(m_id, file.hostPath)
            .arg(m_index)
            .arg(m_plan.files.size())
            .arg(error.message),
        QJsonObject {
            {QStringLiteral("sandbox_id"), m_id}, {QStringLiteral("host_path"), file.hostPath}},
        error.error));
}

} // namespace Hopx::Core::Tools
