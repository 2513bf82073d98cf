// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Test helpers: a fixture that runs `hopx-desktop --headless` on a private socket with a
// private XDG tree, and (McpClient.h) the client that talks to it.

#include "McpClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>
#include <memory>
#include <optional>

namespace HopxTest {

inline QString binPath(const QString &name)
{
    return QStringLiteral(HOPX_BIN_DIR "/") + name;
}

/*! The tools `hopx-desktop --list-tools` names: those of `profile`, or with none every tool of
 *  every profile (the compact tools and the full ones they route to). What an "every tool is
 *  tested" check holds a suite to. */
inline QStringList toolNames(const QString &profile = {})
{
    QProcess p;
    QStringList args {
        QStringLiteral("--list-tools"), QStringLiteral("--format"), QStringLiteral("names")};
    if (!profile.isEmpty())
        args << QStringLiteral("--tools") << profile;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(binPath(QStringLiteral("hopx-desktop")), args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return {QStringLiteral("(hopx-desktop --list-tools failed)")};
    return QString::fromUtf8(p.readAllStandardOutput())
        .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

//! The names in `tools` that are not in `called`.
inline QStringList untested(const QStringList &tools, const QSet<QString> &called)
{
    QStringList out;
    for (const QString &t : tools)
        if (!called.contains(t))
            out << t;
    return out;
}

/*! `hopx-desktop --headless` on a private socket, with XDG dirs in a temporary tree. */
class HeadlessApp
{
public:
    explicit HeadlessApp(
        const QStringList &extraArgs = {}, const QProcessEnvironment &extraEnv = {})
        : HeadlessApp(QStringLiteral("hopx-desktop"), extraArgs, extraEnv)
    { }
    ~HeadlessApp()
    {
        stop();
        unmountLeftovers(m_dir.path());
    }
    /*! Sandbox disks (hopx-capfs mounts) left under \a root by an app that was killed: the
     *  daemons outlive it by design, and the temporary directory could not go otherwise. */
    static void unmountLeftovers(const QString &root)
    {
        QFile mounts(QStringLiteral("/proc/self/mountinfo"));
        if (!mounts.open(QIODevice::ReadOnly))
            return;
        for (const QByteArray &line : mounts.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() > 4 && fields.at(4).startsWith(QFile::encodeName(root + '/')))
                QProcess::execute(QStringLiteral("fusermount3"),
                    {QStringLiteral("-u"), QStringLiteral("-z"), QFile::decodeName(fields.at(4))});
        }
    }

protected:
    HeadlessApp(
        const QString &program, const QStringList &extraArgs, const QProcessEnvironment &extraEnv)
    {
        m_socket = m_dir.path() + QStringLiteral("/run/hopx-desktop/mcp.sock");
        m_process.setProgram(binPath(program));
        m_process.setArguments(
            QStringList {QStringLiteral("--headless"), QStringLiteral("--socket"), m_socket}
            + extraArgs);
        m_process.setProcessEnvironment(environment(extraEnv));
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    }

public:
    QProcessEnvironment environment(const QProcessEnvironment &extra = {}) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *dir :
            {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
            env.insert(QLatin1String(dir),
                m_dir.path() + QLatin1Char('/') + QString::fromLatin1(dir).toLower());
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.path() + QStringLiteral("/run"));
        QDir().mkpath(m_dir.path() + QStringLiteral("/run"));
        QFile::setPermissions(m_dir.path() + QStringLiteral("/run"),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        env.remove(QStringLiteral("HOPX_API_KEY"));
        env.insert(QStringLiteral("HOPX_BASE_URL"),
            QStringLiteral("http://127.0.0.1:9")); // never the real cloud
        env.remove(QStringLiteral("HOPX_MCP_SOCKET"));
        for (const QString &k : extra.keys())
            env.insert(k, extra.value(k));
        return env;
    }

    bool start(int timeoutMs = 15000)
    {
        timeoutMs = scaledMs(timeoutMs);
        m_process.start();
        if (!m_process.waitForStarted(scaledMs(5000)))
            return false;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            if (m_process.state() != QProcess::Running)
                return false;
            QLocalSocket probe;
            probe.connectToServer(m_socket);
            if (probe.waitForConnected(100))
                return true;
            QTest::qWait(20);
        }
        return false;
    }
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(scaledMs(10000))) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    std::unique_ptr<QLocalSocket> connect()
    {
        auto s = std::make_unique<QLocalSocket>();
        s->connectToServer(m_socket);
        if (!s->waitForConnected(3000))
            return nullptr;
        return s;
    }
    //! kill -9, as a crash: the sandboxes and their disks stay for the next start.
    void killHard()
    {
        ::kill(pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(5000);
    }
    //! XDG directories under \a root: a second app given the same root is the first restarted.
    static QProcessEnvironment xdgUnder(const QString &root)
    {
        QProcessEnvironment env;
        for (const char *dir :
            {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
            env.insert(
                QLatin1String(dir), root + QLatin1Char('/') + QString::fromLatin1(dir).toLower());
        return env;
    }
    const QString &socketPath() const { return m_socket; }
    QString root() const { return m_dir.path(); }
    QProcess &process() { return m_process; }

private:
    QTemporaryDir m_dir {QDir::tempPath() + QStringLiteral("/hopx-test-XXXXXX")};
    QString m_socket;
    QProcess m_process;
};

/*! The same, as hopx-desktop-testserver: the app plus the testing-only flags
 *  (--conformance-fixtures, --http-insecure-no-token), which hopx-desktop does not have. */
class TestServerApp : public HeadlessApp
{
public:
    explicit TestServerApp(
        const QStringList &extraArgs = {}, const QProcessEnvironment &extraEnv = {})
        : HeadlessApp(QStringLiteral("hopx-desktop-testserver"), extraArgs, extraEnv)
    { }
};

} // namespace HopxTest
