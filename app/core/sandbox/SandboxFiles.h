// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

namespace Hopx::Core {

/*! \brief The sandbox's file system, as the sandbox user sees it. */
class SandboxFiles
{
public:
    static constexpr const char *kName = "file access";
    virtual ~SandboxFiles() = default;

    virtual void readFile(const QString &path, Callback<QByteArray> done) = 0;
    virtual void writeFile(const QString &path, const QByteArray &content, const QString &mode,
        Callback<Unit> done) = 0;
    virtual void listFiles(const QString &path, int maxResults, Callback<FileList> done) = 0;
    virtual void fileExists(const QString &path, Callback<bool> done) = 0;
    virtual void removeFile(const QString &path, Callback<Unit> done) = 0;
    virtual void makeDirectory(const QString &path, Callback<Unit> done) = 0;
};

} // namespace Hopx::Core
