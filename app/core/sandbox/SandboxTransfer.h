// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <functional>

class QFile;

namespace Hopx::Core {

/*! \brief Whole files between an open host file and a sandbox path, streamed: the app holds a
 *  buffer, never the file, whatever its size.
 *
 * The host side is always a file the caller opened (and checked: HostPath decides which host
 * files may cross); the provider never sees a host path. Both operations answer once with the
 * number of bytes copied; `progress` gets the running count meanwhile. The returned Cancel
 * stops the copy (the sandbox file may then be partial; the caller discards its host side).
 */
class SandboxTransfer
{
public:
    static constexpr const char *kName = "file transfer";
    using Progress = std::function<void(qint64 bytes)>;
    virtual ~SandboxTransfer() = default;

    //! Copies \a source (open for reading, at its start, kept open by the caller until done) to
    //! \a path in the sandbox, creating its parent directories, replacing what was there.
    virtual Cancel upload(
        QFile *source, const QString &path, Progress progress, Callback<qint64> done) = 0;
    //! Copies the sandbox's regular file \a path into \a sink (open for writing, empty).
    virtual Cancel download(
        const QString &path, QFile *sink, Progress progress, Callback<qint64> done) = 0;
};

} // namespace Hopx::Core
