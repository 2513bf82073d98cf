// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"

namespace Hopx::Core {

/*! \brief Which tool profile an IDE's config asks hopx-mcp for (`--tools NAME`), read back
 *  from the file Connect an IDE wrote, whatever its format.
 *
 * Settings → Tools shows it and changes it by connecting the IDE again with the other
 * profile (IdeConfig::withToolProfile(), install()): the IDE's other servers stay as they are.
 */
class IdeToolProfile final
{
public:
    //! The default profile: what an entry without `--tools` gets.
    static QString defaultProfile() { return QStringLiteral("compact"); }
    //! The profile \a ide's entry asks for; empty when its config has no entry of ours.
    static QString read(const IdeConfig &config, IdeConfig::Ide ide);
    //! The profile named in a command line's arguments (`--tools X` or `--tools=X`).
    static QString fromArgs(const QStringList &args);
};

} // namespace Hopx::Core
