// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/SandboxActions.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/models/Format.h"
#include "core/sandbox/Sandbox.h"
#include "ui/UiLogging.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QUrl>

namespace Hopx::Ui {

using Core::Result;
using Core::SandboxInfo;
using Core::Unit;

SandboxActions::SandboxActions(Core::SandboxManager *manager, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
{ }

Core::SandboxProvider *SandboxActions::providerOf(const QString &id) const
{
    return m_manager ? m_manager->providerForSandbox(id) : nullptr;
}

void SandboxActions::deleteSandboxes(const QStringList &ids)
{
    for (const QString &id : ids) {
        Core::SandboxProvider *provider = providerOf(id);
        if (!provider) {
            emit message(tr("Cannot delete %1: its provider is not available.").arg(id), true);
            continue;
        }
        const Result<Core::Sandbox *> sandbox = provider->sandbox(id);
        if (!sandbox && sandbox.error().code == Core::Error::Code::Unavailable
            && provider->discardUnusable(id)) {
            // One this version cannot use: the user confirmed, so its files go.
            qCInfo(lcUi).noquote() << "deleted unavailable sandbox" << id << "from the UI";
            emit message(tr("Deleted %1.").arg(id), false);
            continue;
        }
        if (!sandbox) {
            emit message(tr("Could not delete %1: %2").arg(id, reasonFor(sandbox.error())), true);
            continue;
        }
        QPointer<SandboxActions> self(this);
        sandbox.value()->lifecycle()->destroy([self, id](Result<Unit> r) {
            if (!self)
                return;
            if (!r.ok()) {
                emit self->message(
                    tr("Could not delete %1: %2").arg(id, reasonFor(r.error())), true);
                return;
            }
            qCInfo(lcUi).noquote() << "deleted sandbox" << id << "from the UI";
            emit self->message(tr("Deleted %1.").arg(id), false);
        });
    }
}

void SandboxActions::extend(const QStringList &ids, int seconds)
{
    for (const QString &id : ids) {
        const std::optional<SandboxInfo> info = m_manager ? m_manager->sandbox(id) : std::nullopt;
        Core::SandboxProvider *provider = providerOf(id);
        if (!info || !provider) {
            emit message(tr("Cannot extend %1: it is no longer known.").arg(id), true);
            continue;
        }
        const Result<Core::Sandbox *> sandbox = provider->sandbox(id);
        if (!sandbox) {
            emit message(tr("Could not extend %1: %2").arg(id, reasonFor(sandbox.error())), true);
            continue;
        }
        const QDateTime now = QDateTime::currentDateTime();
        const qint64 left =
            info->expiresAt.isValid() ? std::max<qint64>(0, now.secsTo(info->expiresAt)) : 0;
        const int timeout = int(std::min<qint64>(left + seconds, std::numeric_limits<int>::max()));
        QPointer<SandboxActions> self(this);
        sandbox.value()->lifecycle()->setTimeout(timeout, [self, id, timeout](Result<Unit> r) {
            if (!self)
                return;
            if (!r.ok()) {
                emit self->message(
                    tr("Could not extend %1: %2").arg(id, reasonFor(r.error())), true);
                return;
            }
            emit self->message(
                tr("%1 now has %2 left.").arg(id, Core::Format::duration(timeout)), false);
        });
    }
}

void SandboxActions::allowHost(const QString &id, const QString &host)
{
    Core::SandboxProvider *provider = providerOf(id);
    const Result<Core::Sandbox *> sandbox = provider
        ? provider->sandbox(id)
        : Result<Core::Sandbox *>(
            Core::Error::make(Core::Error::Code::NotFound, tr("its provider is not available")));
    const Result<Core::SandboxNetwork *> network = sandbox
        ? sandbox.value()->require<Core::SandboxNetwork>()
        : Result<Core::SandboxNetwork *>(sandbox.error());
    if (!network) {
        emit message(
            tr("Could not allow %1 for %2: %3").arg(host, id, reasonFor(network.error())), true);
        return;
    }
    QPointer<SandboxActions> self(this);
    network.value()->allowHost(host, [self, id, host](Result<Unit> r) {
        if (!self)
            return;
        if (!r.ok()) {
            emit self->message(
                tr("Could not allow %1 for %2: %3").arg(host, id, reasonFor(r.error())), true);
            return;
        }
        qCInfo(lcUi).noquote() << "allowed" << host << "for sandbox" << id << "from the UI";
        emit self->message(tr("%1 may now connect to %2.").arg(id, host), false);
    });
}

void SandboxActions::openWorkspace(const QString &path)
{
    if (path.isEmpty() || !QFileInfo(path).isDir()) {
        emit message(tr("This sandbox has no workspace folder on this computer."), true);
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        emit message(tr("No file manager could open %1.").arg(path), true);
}

} // namespace Hopx::Ui
