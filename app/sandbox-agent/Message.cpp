// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/Message.h"

#include "posix/FdMessage.h"
#include "sandbox-agent/AgentProtocol.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace Hopx::Agent {

Message::~Message()
{
    closeFds();
}

Message::Message(Message &&other) noexcept
    : fields(std::move(other.fields))
    , fds(std::move(other.fds))
{
    other.fds.clear();
}

Message &Message::operator=(Message &&other) noexcept
{
    if (this != &other) {
        closeFds();
        fields = std::move(other.fields);
        fds = std::move(other.fds);
        other.fds.clear();
    }
    return *this;
}

void Message::closeFds()
{
    for (int fd : fds) {
        if (fd >= 0)
            ::close(fd);
    }
    fds.clear();
}

Message::Status Message::receive(int socketFd, Message &out)
{
    out.closeFds();
    out.fields.clear();

    // One byte more than the limit would not tell us anything: SEQPACKET sets MSG_TRUNC
    // for a datagram that did not fit, which is how oversized ones are recognised.
    static std::vector<char> buffer(kMaxMessage);
    Ipc::FdMessage::Received r =
        Ipc::FdMessage::receive(socketFd, buffer.data(), buffer.size(), MSG_DONTWAIT);
    const ssize_t n = r.bytes;
    if (n < 0)
        return (errno == EAGAIN || errno == EWOULDBLOCK) ? Status::Again : Status::Eof;
    out.fds.assign(r.fds, r.fds + r.fdCount);

    // A zero-length read is how SEQPACKET reports EOF; the host never sends empty messages.
    if (n == 0)
        return Status::Eof;
    if (r.truncated || out.fds.size() > std::size_t(kMaxFds)) {
        out.closeFds();
        return Status::Invalid;
    }
    out.fields = split(buffer.data(), std::size_t(n));
    if (out.fields.empty()) {
        out.closeFds();
        return Status::Invalid;
    }
    return Status::Ok;
}

bool Message::send(int socketFd, const std::vector<std::string> &fields)
{
    const std::string data = join(fields);
    if (data.size() > kMaxMessage)
        return false;
    ssize_t n;
    do {
        n = ::send(socketFd, data.data(), data.size(), MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n == ssize_t(data.size());
}

std::vector<std::string> Message::split(const char *data, std::size_t size)
{
    std::vector<std::string> out;
    if (size == 0)
        return out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= size; ++i) {
        if (i == size || data[i] == '\0') {
            out.emplace_back(data + start, i - start);
            start = i + 1;
        }
    }
    return out;
}

std::string Message::join(const std::vector<std::string> &fields)
{
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i)
            out.push_back('\0');
        out.append(fields[i]);
    }
    return out;
}

bool Message::parseUnsigned(const std::string &text, std::uint64_t max, std::uint64_t &out)
{
    if (text.empty() || text.size() > 20)
        return false;
    std::uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
        const std::uint64_t digit = std::uint64_t(c - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    if (value > max)
        return false;
    out = value;
    return true;
}

} // namespace Hopx::Agent
