// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTransfer.h"

namespace Hopx::Local {

class LocalSandbox;

/*! \brief Host files into and out of a local sandbox: by the app itself on the host side of
 *  the sandbox's disk where a path means the same there (VolumePath, VolumeCopy), otherwise
 *  streamed through the agent's @write and @read builtins (as the sandbox user, in its
 *  mounts; see LocalCopy). */
class LocalTransfer final : public Core::SandboxTransfer
{
public:
    explicit LocalTransfer(LocalSandbox *sandbox);

    Core::Cancel upload(QFile *source, const QString &path, Progress progress,
        Core::Callback<qint64> done) override;
    Core::Cancel download(
        const QString &path, QFile *sink, Progress progress, Core::Callback<qint64> done) override;

private:
    LocalSandbox *m_sandbox;
};

} // namespace Hopx::Local
