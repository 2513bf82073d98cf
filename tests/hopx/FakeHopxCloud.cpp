// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-fake-cloud: FakeHopxServer in a process of its own, for tests that run the real app and
// a real IDE client against "the cloud" (tests/clients). Prints "<base URL> <API key>" on one
// line once it listens, and serves until it is killed.
#include "FakeHopxServer.h"

#include <QCoreApplication>

#include <cstdio>

using Hopx::Test::FakeHopxServer;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    FakeHopxServer server;
    if (!server.listen()) {
        std::fprintf(stderr, "hopx-fake-cloud: cannot listen on 127.0.0.1\n");
        return 1;
    }
    std::printf("%s %s\n", qPrintable(server.baseUrl().toString()),
        qPrintable(FakeHopxServer::defaultApiKey()));
    std::fflush(stdout);
    return app.exec();
}
