// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxFiles.h"

namespace Hopx::Cloud {

/*! \brief Files on one sandbox's agent (`/files/...`).
 *
 * A value bound to an AgentChannel (see HopxExec). Which paths were written as base64 is kept
 * with the sandbox in the AgentPool, not here, so that it outlives any one HopxFiles.
 */
class HopxFiles final : public Core::SandboxFiles
{
public:
    explicit HopxFiles(AgentChannel agent);

    void readFile(const QString &path, Core::Callback<QByteArray> done) override;
    //! `mode` empty = 0644.
    void writeFile(const QString &path, const QByteArray &content, const QString &mode,
        Core::Callback<Core::Unit> done) override;
    //! `path` empty = /workspace; `maxResults` 0 = all.
    void listFiles(
        const QString &path, int maxResults, Core::Callback<Core::FileList> done) override;
    void fileExists(const QString &path, Core::Callback<bool> done) override;
    void removeFile(const QString &path, Core::Callback<Core::Unit> done) override;
    void makeDirectory(const QString &path, Core::Callback<Core::Unit> done) override;

    //! `POST /files/upload` (multipart: `file`, `path`), streamed from `source`, which stays the
    //! caller's and must outlive the call (a QFile for a host file, a QBuffer for bytes); a
    //! seekable source is rewound for the one re-send a token refresh may need. The size the
    //! agent reports.
    void upload(const QString &path, QIODevice *source, Core::Callback<qint64> done) const;
    //! `GET /files/download`, each chunk handed to `sink` as it arrives (false stops it), so no
    //! whole file sits in memory; the number of bytes handed over.
    void download(const QString &path, std::function<bool(const QByteArray &chunk)> sink,
        Core::Callback<qint64> done) const;

private:
    static void readAsJson(
        const AgentChannel &agent, const QString &path, Core::Callback<QByteArray> done);
    static HopxRequest pathRequest(const QByteArray &method, const QString &endpoint,
        const QString &path, const QString &what);

    AgentChannel m_agent;
};

} // namespace Hopx::Cloud
