// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <optional>

namespace Hopx {

class AppCommandLine;
struct AppState;

/*! \brief The commands that do one thing and exit, for headless machines and scripts.
 *
 * Each returns the process's exit code when its flag was given, nothing otherwise.
 */
class AppCommands
{
public:
    //! --list-tools, --connect: files and stdout only (no keychain, socket or provider).
    static std::optional<int> runWithoutState(const AppCommandLine &cli);
    //! --set-api-key, --clear-api-key, the secrets commands, --migrate-ide-configs.
    static std::optional<int> runWithState(const AppCommandLine &cli, AppState &state);
};

} // namespace Hopx
