// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace Hopx::Agent {

/*! \brief The sandbox's end of the egress proxy: listens on 127.0.0.1:port (in the sandbox's
 *  own network namespace, which has nothing but loopback) and relays every connection to
 *  the app's proxy socket bind-mounted at a path.
 *
 * It decides nothing: the app's proxy checks every request, and code in the sandbox could
 * just as well dial the socket itself. Runs on threads of its own (one accepting, one per
 * connection, splicing through pipes), started with every signal blocked so that the agent's
 * signalfd keeps receiving them; idle, it is one blocked accept().
 */
class ProxyForwarder
{
public:
    //! False (with a sentence in \a error) when it cannot listen.
    static bool start(int port, const std::string &socketPath, std::string &error);
};

} // namespace Hopx::Agent
