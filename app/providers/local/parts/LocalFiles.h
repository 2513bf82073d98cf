// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxFiles.h"

namespace Hopx::Local {

class LocalSandbox;

/*! \brief A local sandbox's files, through the agent's builtins (as the sandbox user, in its
 *  mounts). */
class LocalFiles final : public Core::SandboxFiles
{
public:
    explicit LocalFiles(LocalSandbox *sandbox);

    void readFile(const QString &path, Core::Callback<QByteArray> done) override;
    void writeFile(const QString &path, const QByteArray &content, const QString &mode,
        Core::Callback<Core::Unit> done) override;
    void listFiles(
        const QString &path, int maxResults, Core::Callback<Core::FileList> done) override;
    void fileExists(const QString &path, Core::Callback<bool> done) override;
    void removeFile(const QString &path, Core::Callback<Core::Unit> done) override;
    void makeDirectory(const QString &path, Core::Callback<Core::Unit> done) override;

    //! The error for a builtin that failed on \a path with errno \a code; \a capText names
    //! the sandbox's disk cap in the "full" error.
    static Core::Error errorFor(
        int code, const QString &path, const QByteArray &message, const QString &capText = {});

private:
    //! A builtin that reports only success or a file error (write, remove, mkdir).
    void fileOp(const QByteArrayList &argv, const QByteArray &stdinData, const QString &path,
        Core::Callback<Core::Unit> done);

    LocalSandbox *m_sandbox;
};

} // namespace Hopx::Local
