// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/SocketPathCore.h"

#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Ipc {

namespace {
bool isDir(const std::string &path)
{
    struct stat st
    {
    };
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
std::string env(const char *name)
{
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}
} // namespace

std::string socketPathFor(const std::string &override)
{
    if (!override.empty())
        return override;
    const std::string fromEnv = env("HOPX_MCP_SOCKET");
    if (!fromEnv.empty())
        return fromEnv;
    const std::string runtime = env("XDG_RUNTIME_DIR");
    if (!runtime.empty() && isDir(runtime)) {
        const std::string path = runtime + "/hopx-desktop/mcp.sock";
        if (path.size() <= kMaxSocketPathBytes)
            return path;
    }
    const std::string uid = std::to_string(::getuid());
    const std::string standard = "/run/user/" + uid;
    if (runtime.empty() && isDir(standard) && ::access(standard.c_str(), W_OK) == 0)
        return standard + "/hopx-desktop/mcp.sock";
    return "/tmp/hopx-desktop-" + uid + "/mcp.sock";
}

std::string socketFilePath(const std::string &serverName)
{
    if (serverName.find('/') != std::string::npos)
        return serverName;
    std::string tmp = env("TMPDIR");
    if (tmp.empty())
        tmp = "/tmp";
    while (tmp.size() > 1 && tmp.back() == '/')
        tmp.pop_back();
    return tmp + "/" + serverName;
}

} // namespace Hopx::Ipc
