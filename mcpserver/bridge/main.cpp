// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-mcp: the stdio bridge an IDE starts. Protocol on stdout, diagnostics on stderr.
// Deliberately free of Qt: it starts in about a millisecond and stays a few MiB.
#include "bridge/Bridge.h"
#include "ipc/SocketPathCore.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

namespace {
// The app defines the profiles (ToolProfiles.cpp); a test checks that both lists agree. The
// bridge checks the name itself so that a typo fails where the IDE shows it: at start-up.
const char *const kProfiles[] = {"compact", "hopx-mcp", "full"};

bool knownProfile(const std::string &name)
{
    for (const char *p : kProfiles)
        if (name == p)
            return true;
    return false;
}

const char kHelp[] =
    "Usage: hopx-mcp [--tools PROFILE] [--socket NAME] [--no-launch] [--no-handoff]\n"
    "Connects an MCP client (IDE) on stdin/stdout to HOPX Desktop, and starts the app when it\n"
    "is not running. HOPX_API_KEY, HOPX_BASE_URL and HOPX_PROVIDER in the environment apply to\n"
    "this connection only.\n"
    "\n"
    "Options:\n"
    "  --tools PROFILE  The tools this IDE is offered: compact (default: every capability\n"
    "                   in a few tools), hopx-mcp (the Python hopx-mcp server's 37 tools)\n"
    "                   or full (every tool by its own name, without compact's).\n"
    "  --socket NAME    Connect to this socket (default: HOPX_MCP_SOCKET, else the\n"
    "                   per-user socket).\n"
    "  --no-launch      Do not start HOPX Desktop when it is not running.\n"
    "  --no-handoff     Forward every line instead of handing stdin/stdout to the app.\n"
    "  -h, --help       Show this help.\n"
    "  -v, --version    Show the version.\n";
} // namespace

int main(int argc, char *argv[])
{
    // A broken pipe to the IDE must end us through write() errors, not a signal mid-write.
    std::signal(SIGPIPE, SIG_IGN);
    Hopx::Bridge::Bridge::Options options;
    std::string socket;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            std::fputs(kHelp, stdout); // an IDE never passes --help: stdout is safe here
            return 0;
        }
        if (arg == "-v" || arg == "--version") {
            std::printf("hopx-mcp %s\n", HOPX_VERSION);
            return 0;
        }
        if (arg == "--no-launch") {
            options.launch = false;
        } else if (arg == "--no-handoff") {
            options.handoff = false;
        } else if ((arg == "--tools" && i + 1 < argc) || arg.rfind("--tools=", 0) == 0) {
            options.tools = arg == "--tools" ? argv[++i] : arg.substr(8);
            if (!knownProfile(options.tools)) {
                std::fprintf(stderr,
                    "hopx-mcp: unknown tool profile \"%s\": use compact, hopx-mcp or full\n",
                    options.tools.c_str());
                return 2;
            }
        } else if (arg == "--socket" && i + 1 < argc) {
            socket = argv[++i];
        } else if (arg.rfind("--socket=", 0) == 0) {
            socket = arg.substr(9);
        } else if (arg == "--tools" || arg == "--socket") {
            std::fprintf(stderr, "hopx-mcp: %s needs a value: %s\n", argv[i],
                arg == "--tools" ? "--tools compact, --tools hopx-mcp or --tools full"
                                 : "--socket NAME");
            return 2;
        } else {
            std::fprintf(stderr, "hopx-mcp: unknown option %s\n%s", argv[i], kHelp);
            return 2;
        }
    }
    options.socketPath = Hopx::Ipc::socketFilePath(Hopx::Ipc::socketPathFor(socket));
    Hopx::Bridge::Bridge bridge(options);
    return bridge.run();
}
