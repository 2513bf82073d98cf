// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/parts/HopxFiles.h"

#include "core/sandbox/SandboxTransfer.h"

class QObject;

namespace Hopx::Cloud {

/*! \brief Host files into and out of a HOPX sandbox through the agent's multipart
 *  `/files/upload` and streamed `/files/download` (HopxFiles), chunk by chunk.
 *
 * Progress of an upload is how far the request has read the source (looked at a few times a
 * second, from \a context's thread); of a download, the bytes written so far.
 */
class HopxTransfer final : public Core::SandboxTransfer
{
public:
    HopxTransfer(HopxFiles *files, QObject *context);

    Core::Cancel upload(QFile *source, const QString &path, Progress progress,
        Core::Callback<qint64> done) override;
    Core::Cancel download(
        const QString &path, QFile *sink, Progress progress, Core::Callback<qint64> done) override;

private:
    HopxFiles *m_files;
    QObject *m_context;
};

} // namespace Hopx::Cloud
