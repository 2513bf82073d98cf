// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-mcp: the stdio bridge an IDE starts. Protocol on stdout, diagnostics on stderr.
#include "StdioBridge.h"
#include "ipc/SocketPath.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <csignal>
#include <cstdio>

int main(int argc, char *argv[])
{
    // A broken pipe to the IDE must end us through write() errors, not a signal mid-write.
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hopx-mcp"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOPX_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Connects an MCP client (IDE) on stdin/stdout to HOPX Desktop. Starts the app when it is "
        "not running. HOPX_API_KEY and HOPX_BASE_URL in the environment apply to this connection."));
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringList{QStringLiteral("v"), QStringLiteral("version")},
                                     QStringLiteral("Show the version."));
    const QCommandLineOption socket(QStringLiteral("socket"),
                                    QStringLiteral("Connect to this socket (default: HOPX_MCP_SOCKET, "
                                                   "else the per-user socket)."),
                                    QStringLiteral("name"));
    const QCommandLineOption noLaunch(QStringLiteral("no-launch"),
                                      QStringLiteral("Do not start HOPX Desktop when it is not running."));
    parser.addOption(help);
    parser.addOption(version);
    parser.addOption(socket);
    parser.addOption(noLaunch);
    if (!parser.parse(QCoreApplication::arguments())) {
        std::fprintf(stderr, "hopx-mcp: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    // --help and --version print to stdout like any CLI: an IDE never passes them.
    if (parser.isSet(help)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("hopx-mcp %s\n", HOPX_VERSION);
        return 0;
    }

    Hopx::Bridge::StdioBridge::Options options;
    options.serverName = Hopx::Ipc::SocketPath::serverName(parser.value(socket));
    options.launch = !parser.isSet(noLaunch);
    Hopx::Bridge::StdioBridge bridge(options);
    QObject::connect(&bridge, &Hopx::Bridge::StdioBridge::finished, &app, &QCoreApplication::exit,
                     Qt::QueuedConnection);
    bridge.start();
    return app.exec();
}
