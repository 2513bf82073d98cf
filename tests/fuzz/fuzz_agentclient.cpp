// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Local::AgentClient: the host's parser of everything a sandbox's agent sends back (code in
// the sandbox can take the agent over, so every reply is attacker-written). A real client on a
// real SEQPACKET socketpair sends one request of each kind; the input, split at '\n', is what
// the "agent" answers, datagram by datagram, before it hangs up. Whatever it sends, every request
// must end with exactly one callback (exec: `failed`, or `started` then `exited`).
#include "providers/local/agentlink/AgentClient.h"

#include "FuzzSupport.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

using Hopx::Local::AgentClient;

namespace {

struct Counts
{
    int done[16] = {};
    int started[2] = {};
    int exited[2] = {};
    int failed[2] = {};
};

template<typename T>
Hopx::Core::Callback<T> count(int &n)
{
    return [&n](Hopx::Core::Result<T>) { ++n; };
}

void spin()
{
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    HopxFuzz::application();
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
        std::abort();
    const int devNull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    Counts c;
    auto *client = new AgentClient(pair[0]);
    client->hello(count<AgentClient::Ready>(c.done[0]));
    for (int bg = 0; bg < 2; ++bg) {
        AgentClient::ExecRequest request;
        request.argv = {"python3", "-c", "print(1)"};
        request.background = bg;
        AgentClient::ExecHandlers handlers;
        handlers.started = [&c, bg](qint64) { ++c.started[bg]; };
        handlers.exited = [&c, bg](const AgentClient::ExitStatus &) { ++c.exited[bg]; };
        handlers.failed = [&c, bg](const Hopx::Core::Error &) { ++c.failed[bg]; };
        const int fd = bg ? -1 : devNull;
        client->exec(request, fd, fd, fd, handlers);
    }
    client->kill(100, 9, true, count<Hopx::Core::Unit>(c.done[1]));
    client->setEnv(
        {{QStringLiteral("A"), QStringLiteral("1")}}, count<Hopx::Core::Unit>(c.done[2]));
    client->unsetEnv({QStringLiteral("A")}, count<Hopx::Core::Unit>(c.done[3]));
    client->clearEnv(count<Hopx::Core::Unit>(c.done[4]));
    client->getEnv(count<Hopx::Core::EnvMap>(c.done[5]));
    client->ps(count<QList<AgentClient::ProcessInfo>>(c.done[6]));
    client->shutdown(count<Hopx::Core::Unit>(c.done[7]));
    ::close(devNull);

    // The requests (ids 1..10) reach the peer; take them off so its queue never fills.
    spin();
    char sink[4096];
    while (::recv(pair[1], sink, sizeof sink, MSG_DONTWAIT) > 0) { }
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QByteArray &datagram : input.split('\n')) {
        if (::send(pair[1], datagram.constData(), size_t(datagram.size()), MSG_DONTWAIT) < 0)
            break;
        spin();
    }
    ::close(pair[1]);
    spin();
    delete client;
    spin();

    for (int i = 0; i < 8; ++i)
        FUZZ_CHECK(c.done[i] == 1);
    FUZZ_CHECK(c.started[0] <= 1 && c.exited[0] <= c.started[0]);
    FUZZ_CHECK(c.exited[0] + c.failed[0] == 1);
    FUZZ_CHECK(c.started[1] + c.failed[1] == 1);
    return 0;
}
