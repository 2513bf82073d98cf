// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The sandbox agent's own message layer (app/agent/Message): a datagram the host sends goes in
// through a real SEQPACKET socketpair and Message::receive(), then the fields' strict number
// parsing. split/join must round-trip, and parseUnsigned accept exactly plain decimals <= max.
#include "sandbox-agent/Message.h"

#include "FuzzSupport.h"

#include <cerrno>
#include <cinttypes>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

using Hopx::Agent::Message;

namespace {

int g_pair[2] = {-1, -1};

bool plainDecimal(const std::string &text, std::uint64_t max, std::uint64_t &value)
{
    if (text.empty() || text.size() > 20)
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    errno = 0;
    char *end = nullptr;
    value = std::strtoull(text.c_str(), &end, 10);
    return errno == 0 && value <= max;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (g_pair[0] < 0
        && ::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, g_pair) != 0)
        std::abort();
    const char *bytes = reinterpret_cast<const char *>(data);

    if (size > 0 && ::send(g_pair[0], bytes, size, 0) == ssize_t(size)) {
        Message message;
        const Message::Status status = Message::receive(g_pair[1], message);
        FUZZ_CHECK(status == Message::Status::Ok || status == Message::Status::Invalid);
        if (status == Message::Status::Ok) {
            FUZZ_CHECK(!message.fields.empty());
            FUZZ_CHECK(Message::join(message.fields) == std::string(bytes, size));
        }
    }

    const std::vector<std::string> fields = Message::split(bytes, size);
    FUZZ_CHECK(Message::join(fields) == std::string(bytes, size));
    FUZZ_CHECK(fields.empty() == (size == 0));
    for (const std::string &field : fields) {
        for (const std::uint64_t max : {std::uint64_t(64), std::uint64_t(INT32_MAX), UINT64_MAX}) {
            std::uint64_t parsed = 0, expected = 0;
            const bool ok = Message::parseUnsigned(field, max, parsed);
            FUZZ_CHECK(ok == plainDecimal(field, max, expected));
            if (ok)
                FUZZ_CHECK(parsed == expected);
        }
    }
    return 0;
}
