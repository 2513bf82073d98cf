// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// hopx-mcp as an IDE runs it: a child process whose stdin/stdout carry MCP (talk to it with
// McpClient). Ended by closing its stdin, the way an IDE leaves.

#include <QProcess>

namespace HopxTest {

class BridgeProcess : public QProcess
{
public:
    ~BridgeProcess() override
    {
        closeWriteChannel();
        if (!waitForFinished(3000))
            kill();
        waitForFinished(1000);
    }
    bool start(const QString &socket)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("HOPX_API_KEY"));
        setProcessEnvironment(env);
        setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcess::start(QStringLiteral(HOPX_BIN_DIR "/hopx-mcp"),
            {QStringLiteral("--socket"), socket, QStringLiteral("--no-launch")});
        return waitForStarted(5000);
    }
};

} // namespace HopxTest
