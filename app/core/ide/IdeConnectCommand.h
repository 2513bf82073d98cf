// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"

class QTextStream;

namespace Hopx::Core {

/*! \brief `hopx-desktop --connect IDE [--tools PROFILE]` and `--connect list`: the Connect-an-IDE
 *  window for a terminal. It writes the same entry the window's Install does, into the same file
 *  (backed up first, the user's other servers kept), and prints what it wrote and where.
 *
 * Exit codes: 0 written or already there (and for `list`); 1 the file could not be changed (the
 * message says why and what to do); 2 an unknown IDE or profile, with the names it knows.
 */
class IdeConnectCommand
{
public:
    static int run(const IdeConfig &config, const QString &ide, const QString &profile,
        QTextStream &out, QTextStream &err);
    //! Every IDE with a config file: id, name, installed, connected, file.
    static void list(const IdeConfig &config, QTextStream &out);
    //! The ids `--connect` takes, in the window's order.
    static QStringList ids();
};

} // namespace Hopx::Core
