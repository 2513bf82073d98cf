// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace Hopx::Agent {

/*! \brief The sandbox's end of the egress proxy: listens on 127.0.0.1:port (in the sandbox's
 *  own network namespace, which has nothing but loopback) and sends every connection it
 *  accepts to the app's proxy socket bind-mounted at a path (the descriptor, with SCM_RIGHTS).
 *
 * It decides and copies nothing: the app reads the connection, checks every request and relays
 * the bytes itself (EgressListener), and code in the sandbox could just as well dial the socket
 * itself. Runs on a thread of its own, started with every signal blocked so that the agent's
 * signalfd keeps receiving them; idle, it is one blocked accept().
 */
class ProxyForwarder
{
public:
    //! False (with a sentence in \a error) when it cannot listen.
    static bool start(int port, const std::string &socketPath, std::string &error);
};

} // namespace Hopx::Agent
