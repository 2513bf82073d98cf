// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "StdioBridge.h"

#include "ipc/Hello.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Bridge {

namespace {

QString idKey(const QJsonValue &id)
{
    return id.isString() ? QLatin1String("s:") + id.toString()
                         : QLatin1String("n:") + QString::number(id.toInteger());
}

void logError(const QString &message)
{
    // Diagnostics go to stderr only: stdout is the protocol channel.
    const QByteArray bytes = "hopx-mcp: " + message.toLocal8Bit() + '\n';
    [[maybe_unused]] auto n = ::write(STDERR_FILENO, bytes.constData(), size_t(bytes.size()));
}

} // namespace

StdioBridge::StdioBridge(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_socket(new QLocalSocket(this))
    , m_retryTimer(new QTimer(this))
    // Oversized lines are the app's to reject; the bridge only needs a sane upper bound.
    , m_stdinBuffer(64 * 1024 * 1024)
    , m_socketBuffer(64 * 1024 * 1024)
{
    m_retryTimer->setInterval(50);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &StdioBridge::connectToApp);
    connect(m_socket, &QLocalSocket::connected, this, &StdioBridge::onConnected);
    connect(m_socket, &QLocalSocket::errorOccurred, this, [this](QLocalSocket::LocalSocketError) {
        if (!m_connected)
            onConnectFailed();
    });
    connect(m_socket, &QLocalSocket::disconnected, this, &StdioBridge::onDisconnected);
    connect(m_socket, &QLocalSocket::readyRead, this, &StdioBridge::readSocket);
}

void StdioBridge::start()
{
    m_stdinNotifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_stdinNotifier, &QSocketNotifier::activated, this, &StdioBridge::readStdin);
    connectToApp();
}

void StdioBridge::connectToApp()
{
    if (m_finished)
        return;
    m_socket->abort();
    m_socket->connectToServer(m_options.serverName);
}

void StdioBridge::onConnected()
{
    m_connected = true;
    Ipc::Hello hello;
    hello.bridgePid = QCoreApplication::applicationPid();
    hello.env = Ipc::Hello::fromEnvironment();
    m_socket->write(hello.toLine() + '\n');
    for (const QByteArray &line : std::exchange(m_queued, {}))
        forwardToApp(line);
    if (m_stdinClosed && m_pending.isEmpty())
        finish(0);
}

void StdioBridge::onConnectFailed()
{
    if (m_finished || !m_failure.isEmpty())
        return;
    if (!m_launched) {
        if (!m_options.launch) {
            failPending(QStringLiteral("HOPX Desktop is not running (no server on %1). Start "
                                       "HOPX Desktop, or drop --no-launch to let hopx-mcp start it, "
                                       "then retry.")
                            .arg(m_options.serverName));
            return;
        }
        m_launched = true;
        if (!launchApp()) {
            failPending(QStringLiteral("HOPX Desktop is not running and hopx-desktop was not found "
                                       "next to hopx-mcp or on PATH. Install or start HOPX Desktop, "
                                       "then retry."));
            return;
        }
        m_launchTimer.start();
    }
    if (m_launchTimer.elapsed() > m_options.launchWaitMs) {
        failPending(QStringLiteral("HOPX Desktop was started but did not open %1 within %2 s. "
                                   "Check that it runs (hopx-desktop --headless shows why), then retry.")
                        .arg(m_options.serverName)
                        .arg(m_options.launchWaitMs / 1000));
        return;
    }
    m_retryTimer->start();
}

bool StdioBridge::launchApp()
{
    QString app = m_options.appPath;
    if (app.isEmpty()) {
        const QString sibling = QCoreApplication::applicationDirPath() + QStringLiteral("/hopx-desktop");
        app = QFileInfo(sibling).isExecutable() ? sibling
                                                : QStandardPaths::findExecutable(QStringLiteral("hopx-desktop"));
    }
    if (app.isEmpty())
        return false;
    QProcess process;
    process.setProgram(app);
    QStringList args{QStringLiteral("--background")};
    if (!m_options.serverName.isEmpty())
        args << QStringLiteral("--socket") << m_options.serverName;
    process.setArguments(args);
    // The app must never write on our stdout (the protocol channel), and the key given to this
    // bridge belongs to its connection, not to every client of the app.
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("HOPX_API_KEY"));
    process.setProcessEnvironment(env);
    qint64 pid = 0;
    if (!process.startDetached(&pid))
        return false;
    logError(QStringLiteral("started %1 (pid %2)").arg(app).arg(pid));
    return true;
}

void StdioBridge::readStdin()
{
    char buf[65536];
    const ssize_t n = ::read(STDIN_FILENO, buf, sizeof(buf));
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        m_stdinNotifier->setEnabled(false);
        m_stdinClosed = true;
        // stdin EOF ends the session (MCP stdio shutdown). Requests already sent still get
        // their answers, so `echo '{…}' | hopx-mcp` works; an IDE that wants us gone sooner
        // sends SIGTERM.
        if (!m_failure.isEmpty())
            finish(1);
        else if (m_connected && m_pending.isEmpty())
            finish(0);
        else if (!m_connected && m_queued.isEmpty())
            finish(0);
        return;
    }
    const QList<QByteArray> lines = m_stdinBuffer.append(QByteArray::fromRawData(buf, int(n)));
    for (const QByteArray &line : lines) {
        if (!m_failure.isEmpty()) {
            trackRequest(line);
            failPending(m_failure);
            continue;
        }
        if (m_connected)
            forwardToApp(line);
        else
            m_queued.append(line);
    }
    if (m_stdinBuffer.overflowed()) {
        logError(QStringLiteral("a message on stdin exceeded 64 MiB; closing"));
        finish(1);
    }
}

void StdioBridge::forwardToApp(const QByteArray &line)
{
    trackRequest(line);
    m_socket->write(line + '\n');
}

void StdioBridge::trackRequest(const QByteArray &line)
{
    if (!line.contains("\"method\"") || !line.contains("\"id\""))
        return;
    const QJsonDocument doc = QJsonDocument::fromJson(line);
    const QJsonObject msg = doc.object();
    const QJsonValue id = msg.value(QStringLiteral("id"));
    if (msg.contains(QStringLiteral("method")) && (id.isString() || id.isDouble()))
        m_pending.insert(idKey(id), id);
}

void StdioBridge::trackResponse(const QByteArray &line)
{
    if (m_pending.isEmpty() || !line.contains("\"id\""))
        return;
    // Responses are the lines without "method"; parse only those that can be one.
    const QJsonDocument doc = QJsonDocument::fromJson(line);
    const QJsonObject msg = doc.object();
    if (msg.contains(QStringLiteral("method")))
        return;
    m_pending.remove(idKey(msg.value(QStringLiteral("id"))));
}

void StdioBridge::readSocket()
{
    const QList<QByteArray> lines = m_socketBuffer.append(m_socket->readAll());
    QByteArray out;
    for (const QByteArray &line : lines) {
        trackResponse(line);
        out += line;
        out += '\n';
    }
    if (!out.isEmpty())
        writeStdout(out);
    if (m_stdinClosed && m_pending.isEmpty())
        finish(0);
}

void StdioBridge::onDisconnected()
{
    if (!m_connected || m_finished)
        return;
    readSocket();
    m_connected = false;
    if (m_stdinClosed) {
        finish(0);
        return;
    }
    logError(QStringLiteral("HOPX Desktop closed the connection"));
    failPending(QStringLiteral("HOPX Desktop stopped while this request was running (the app quit "
                               "or crashed). Start HOPX Desktop again and retry; sandboxes it ran "
                               "are gone."));
    // Once the app is gone, every later request gets the same answer until stdin closes.
    finish(1);
}

void StdioBridge::failPending(const QString &message)
{
    if (m_failure.isEmpty())
        logError(message);
    m_failure = message;
    for (const QByteArray &line : std::exchange(m_queued, {}))
        trackRequest(line);
    QByteArray out;
    for (const QJsonValue &id : std::as_const(m_pending)) {
        const QJsonObject error{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                {QStringLiteral("id"), id},
                                {QStringLiteral("error"),
                                 QJsonObject{{QStringLiteral("code"), -32000},
                                             {QStringLiteral("message"), message}}}};
        out += QJsonDocument(error).toJson(QJsonDocument::Compact) + '\n';
    }
    const bool answered = !m_pending.isEmpty();
    m_pending.clear();
    if (!out.isEmpty())
        writeStdout(out);
    // Without an app there is nothing to wait for once a request has had its answer, or when
    // the IDE is gone; otherwise wait for the first request so the IDE sees why.
    if (answered || m_stdinClosed)
        finish(1);
}

void StdioBridge::writeStdout(const QByteArray &bytes)
{
    const char *p = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, p, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            finish(1); // the IDE went away
            return;
        }
        p += n;
        left -= n;
    }
}

void StdioBridge::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_socket->state() == QLocalSocket::ConnectedState) {
        m_socket->flush();
        m_socket->disconnectFromServer();
    }
    emit finished(exitCode);
}

} // namespace Hopx::Bridge
