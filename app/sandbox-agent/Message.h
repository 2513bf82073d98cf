// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// One AgentProtocol datagram: NUL-separated fields plus the fds that came with it
// (SCM_RIGHTS). Also the strict number parsing both directions rely on.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace Hopx::Agent {

class Message
{
public:
    enum class Status { Ok, Eof, Again, Invalid };

    Message() = default;
    ~Message();
    Message(const Message &) = delete;
    Message &operator=(const Message &) = delete;
    Message(Message &&other) noexcept;
    Message &operator=(Message &&other) noexcept;

    std::vector<std::string> fields;
    std::vector<int> fds; // owned: closed by the destructor unless taken

    //! Receives one datagram without blocking. Invalid = oversized, too many fds or no
    //! fields; any fds that came with it are closed.
    static Status receive(int socketFd, Message &out);
    //! Sends fields as one datagram (blocking; MSG_NOSIGNAL). False when the peer is gone.
    static bool send(int socketFd, const std::vector<std::string> &fields);

    //! "a\0b" -> {"a","b"}; an empty buffer has no fields.
    static std::vector<std::string> split(const char *data, std::size_t size);
    static std::string join(const std::vector<std::string> &fields);

    void closeFds();

    //! Decimal without sign, leading '+', spaces or overflow; value <= max.
    static bool parseUnsigned(const std::string &text, std::uint64_t max, std::uint64_t &out);
};

} // namespace Hopx::Agent
