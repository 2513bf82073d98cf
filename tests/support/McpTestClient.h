// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Test helpers: a line-based MCP client over a QLocalSocket or a child process's pipes, and
// a fixture that runs `hopx-desktop --headless` on a private socket with a private XDG tree.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>
#include <optional>

namespace HopxTest {

inline QString binPath(const QString &name)
{
    return QStringLiteral(HOPX_BIN_DIR "/") + name;
}

/*! Newline-delimited JSON client over any QIODevice (socket or process). */
class LineClient
{
public:
    explicit LineClient(QIODevice *io)
        : m_io(io)
    { }

    void sendRaw(const QByteArray &bytes)
    {
        m_io->write(bytes);
        if (auto *s = qobject_cast<QLocalSocket *>(m_io))
            s->flush();
    }
    void send(const QJsonObject &msg)
    {
        sendRaw(QJsonDocument(msg).toJson(QJsonDocument::Compact) + '\n');
    }

    qint64 request(const QString &method, const QJsonObject &params = {})
    {
        const qint64 id = m_nextId++;
        QJsonObject msg {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        send(msg);
        return id;
    }
    void notify(const QString &method, const QJsonObject &params = {})
    {
        QJsonObject msg {
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            msg.insert(QStringLiteral("params"), params);
        send(msg);
    }

    //! Reads lines until one satisfies pred or the timeout passes; keeps every message seen.
    std::optional<QJsonObject> waitFor(
        const std::function<bool(const QJsonObject &)> &pred, int timeoutMs = 10000)
    {
        QElapsedTimer timer;
        timer.start();
        while (true) {
            for (int i = 0; i < m_messages.size(); ++i) {
                if (pred(m_messages[i])) {
                    const QJsonObject hit = m_messages[i];
                    m_messages.removeAt(i);
                    return hit;
                }
            }
            const qint64 left = timeoutMs - timer.elapsed();
            if (left <= 0)
                return std::nullopt;
            if (!m_io->bytesAvailable()
                && !m_io->waitForReadyRead(int(std::min<qint64>(left, 100)))) {
                if (auto *s = qobject_cast<QLocalSocket *>(m_io);
                    s && s->state() != QLocalSocket::ConnectedState && !s->bytesAvailable())
                    return std::nullopt;
                if (auto *p = qobject_cast<QProcess *>(m_io);
                    p && p->state() == QProcess::NotRunning && !p->bytesAvailable())
                    return std::nullopt;
                continue;
            }
            m_buffer += m_io->readAll();
            qsizetype nl;
            while ((nl = m_buffer.indexOf('\n')) >= 0) {
                const QByteArray line = m_buffer.left(nl);
                m_buffer.remove(0, nl + 1);
                m_rawLines.append(line);
                m_messages.append(QJsonDocument::fromJson(line).object());
            }
        }
    }
    std::optional<QJsonObject> response(qint64 id, int timeoutMs = 10000)
    {
        return waitFor(
            [id](const QJsonObject &m) {
                return !m.contains(QStringLiteral("method"))
                    && m.value(QStringLiteral("id")).toInteger(-1) == id;
            },
            timeoutMs);
    }
    //! Sends a request and returns its result (fails the test on an error reply).
    QJsonObject call(const QString &method, const QJsonObject &params = {}, int timeoutMs = 30000)
    {
        const qint64 id = request(method, params);
        const auto reply = response(id, timeoutMs);
        if (!reply) {
            qWarning() << "no reply to" << method;
            return {};
        }
        if (reply->contains(QStringLiteral("error")))
            qWarning() << "error reply to" << method << reply->value(QStringLiteral("error"));
        return reply->value(QStringLiteral("result")).toObject();
    }
    QJsonObject callTool(
        const QString &name, const QJsonObject &arguments = {}, int timeoutMs = 60000)
    {
        return call(QStringLiteral("tools/call"),
            QJsonObject {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}},
            timeoutMs);
    }
    bool initialize(const QString &version = QStringLiteral("2025-11-25"),
        const QString &name = QStringLiteral("hopx-test"))
    {
        const QJsonObject r = call(QStringLiteral("initialize"),
            QJsonObject {{QStringLiteral("protocolVersion"), version},
                {QStringLiteral("capabilities"), QJsonObject {}},
                {QStringLiteral("clientInfo"),
                    QJsonObject {{QStringLiteral("name"), name},
                        {QStringLiteral("version"), QStringLiteral("1.0")}}}});
        notify(QStringLiteral("notifications/initialized"));
        return r.value(QStringLiteral("protocolVersion")).isString();
    }
    const QList<QJsonObject> &pending() const { return m_messages; }
    const QList<QByteArray> &rawLines() const { return m_rawLines; }

private:
    QIODevice *m_io;
    QByteArray m_buffer;
    QList<QJsonObject> m_messages;
    QList<QByteArray> m_rawLines;
    qint64 m_nextId = 1;
};

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
    /*! Sandbox disks (fuse2fs mounts) left under \a root by an app that was killed: the
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
        m_process.start();
        if (!m_process.waitForStarted(5000))
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
        if (!m_process.waitForFinished(10000)) {
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
