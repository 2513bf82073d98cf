// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: the minimal C server's work in the event loop hopx-desktop runs
// (QCoreApplication's, with glib, a QSocketNotifier on stdin). Between it and the C server lies
// what the loop costs a ping; between it and ours, what our code does with the request.
#include "minimal-answer.h"

#include <QCoreApplication>
#include <QSocketNotifier>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    static char in[1 << 16];
    size_t have = 0;
    QSocketNotifier notifier(0, QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, [&]() {
        const ssize_t n = read(0, in + have, sizeof in - have);
        const ssize_t left = n > 0 ? minimal_answer(in, have + size_t(n)) : -1;
        if (left < 0) { // end of input, or an answer that could not be written
            notifier.setEnabled(false);
            app.exit(n == 0 ? 0 : 1);
            return;
        }
        have = size_t(left);
    });
    return app.exec();
}
