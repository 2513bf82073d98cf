// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "FakeHopxServer.h"

#include <QCryptographicHash>
#include <QHostAddress>
#include <QJsonDocument>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QtEndian>

namespace Hopx::Test {

namespace {

// A valid 1x1 transparent PNG: what a matplotlib figure becomes here.
const char kPngBase64[] = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
                          "60e6kgAAAABJRU5ErkJggg==";

QString randomLower(int n)
{
    static const char chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString s;
    for (int i = 0; i < n; ++i)
        s.append(QLatin1Char(chars[QRandomGenerator::global()->bounded(36)]));
    return s;
}

QString requestId()
{
    return QStringLiteral("req_") + randomLower(12);
}

QString iso(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

QString reason(int status)
{
    switch (status) {
    case 200:
        return QStringLiteral("OK");
    case 201:
        return QStringLiteral("Created");
    case 204:
        return QStringLiteral("No Content");
    case 400:
        return QStringLiteral("Bad Request");
    case 401:
        return QStringLiteral("Unauthorized");
    case 402:
        return QStringLiteral("Payment Required");
    case 403:
        return QStringLiteral("Forbidden");
    case 404:
        return QStringLiteral("Not Found");
    case 405:
        return QStringLiteral("Method Not Allowed");
    case 408:
        return QStringLiteral("Request Timeout");
    case 409:
        return QStringLiteral("Conflict");
    case 429:
        return QStringLiteral("Too Many Requests");
    case 500:
        return QStringLiteral("Internal Server Error");
    case 502:
        return QStringLiteral("Bad Gateway");
    case 503:
        return QStringLiteral("Service Unavailable");
    case 504:
        return QStringLiteral("Gateway Timeout");
    default:
        return QStringLiteral("Status");
    }
}

bool allowedPath(const QString &path)
{
    return path == QLatin1String("/workspace") || path.startsWith(QLatin1String("/workspace/"))
        || path == QLatin1String("/tmp") || path.startsWith(QLatin1String("/tmp/"));
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

QString normalizedLanguage(const QString &l)
{
    const QString s = l.toLower();
    if (s == QLatin1String("python") || s == QLatin1String("python3"))
        return QStringLiteral("python");
    if (s == QLatin1String("javascript") || s == QLatin1String("node")
        || s == QLatin1String("nodejs") || s == QLatin1String("js"))
        return QStringLiteral("javascript");
    if (s == QLatin1String("bash") || s == QLatin1String("sh") || s == QLatin1String("shell"))
        return QStringLiteral("bash");
    if (s == QLatin1String("go"))
        return QStringLiteral("go");
    return {};
}

} // namespace

QJsonObject FakeHopxServer::Request::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString FakeHopxServer::Request::key() const
{
    return isAgent() ? QStringLiteral("/agent/") + sandboxId + path : path;
}

FakeHopxServer::FakeHopxServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    m_keys.insert(defaultApiKey());
    m_templates = {{QStringLiteral("code-interpreter"), QStringLiteral("73")},
        {QStringLiteral("base"), QStringLiteral("12")}};
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server->nextPendingConnection())
            watch(socket, {});
    });
}

void FakeHopxServer::watch(QTcpSocket *socket, const QString &sandboxId)
{
    ++m_connections;
    if (!sandboxId.isEmpty())
        m_socketSandbox.insert(socket, sandboxId);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { handleReadyRead(socket); });
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
        stopStream(socket, true);
        m_streams.remove(socket);
        m_buffers.remove(socket);
        m_busy.remove(socket);
        m_socketSandbox.remove(socket);
        socket->deleteLater();
    });
}

void FakeHopxServer::acceptAgent(const QString &id)
{
    const auto it = m_sandboxes.constFind(id);
    if (it == m_sandboxes.constEnd() || !it->agent)
        return;
    while (QTcpSocket *socket = it->agent->nextPendingConnection()) {
        // Owned by the fake, not by the agent's server: a socket outlives a paused agent.
        socket->setParent(this);
        watch(socket, id);
    }
}

void FakeHopxServer::setAgentListening(const QString &id, bool on)
{
    const auto it = m_sandboxes.find(id);
    if (it == m_sandboxes.end())
        return;
    if (!on) {
        if (it->agent)
            it->agent->close();
        // What was connected to the VM goes with it (abort() unregisters the socket at once).
        const QList<QTcpSocket *> sockets = m_socketSandbox.keys(id);
        for (QTcpSocket *socket : sockets)
            socket->abort();
        return;
    }
    if (!it->agent) {
        it->agent = new QTcpServer(this);
        connect(it->agent, &QTcpServer::newConnection, this, [this, id] { acceptAgent(id); });
    }
    if (it->agent->isListening())
        return;
    // The same port again, so that the host HOPX gave out stays right.
    if (!it->agent->listen(QHostAddress::LocalHost, it->agentPort)) {
        it->agent->listen(QHostAddress::LocalHost, 0);
        it->agentPort = it->agent->serverPort();
    }
    if (it->agentPort == 0)
        it->agentPort = it->agent->serverPort();
}

QUrl FakeHopxServer::agentUrl(const QString &id) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_sandboxes.value(id).agentPort));
}

FakeHopxServer::~FakeHopxServer() = default;

bool FakeHopxServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 FakeHopxServer::port() const
{
    return m_server->serverPort();
}

QUrl FakeHopxServer::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port()));
}

void FakeHopxServer::close()
{
    m_server->close();
    for (Sandbox &s : m_sandboxes) {
        if (s.agent)
            s.agent->close();
    }
    for (QTcpSocket *s : findChildren<QTcpSocket *>())
        s->abort();
}

int FakeHopxServer::count(const QByteArray &method, const QString &pathPattern) const
{
    const QRegularExpression re(pathPattern);
    int n = 0;
    for (const Request &r : m_log) {
        if ((method.isEmpty() || r.method == method) && re.match(r.key()).hasMatch())
            ++n;
    }
    return n;
}

// --- state helpers ------------------------------------------------------------------------------

QJsonObject FakeHopxServer::newSandbox(const QString &templateName, const QString &templateId,
    const QString &region, int timeoutSeconds, bool internet, const QString &status,
    const QDateTime &createdAt)
{
    const QString id = QString::number(createdAt.toSecsSinceEpoch()) + randomLower(8);
    QJsonObject o {{QStringLiteral("id"), id},
        {QStringLiteral("object"), QStringLiteral("sandbox")}, {QStringLiteral("status"), status},
        {QStringLiteral("template_id"), templateId},
        {QStringLiteral("template_name"), templateName}, {QStringLiteral("organization_id"), 4242},
        {QStringLiteral("node_id"), QStringLiteral("node-1")}, {QStringLiteral("region"), region},
        {QStringLiteral("internet_access"), internet}, {QStringLiteral("live_mode"), true},
        {QStringLiteral("timeout_seconds"), timeoutSeconds},
        {QStringLiteral("expires_at"),
            timeoutSeconds > 0 ? QJsonValue(iso(createdAt.addSecs(timeoutSeconds)))
                               : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("created_at"), iso(createdAt)},
        {QStringLiteral("resources"),
            QJsonObject {{QStringLiteral("vcpu"), 2}, {QStringLiteral("memory_mb"), 2048},
                {QStringLiteral("disk_mb"), 10240}}}};
    Sandbox s;
    s.meta = o;
    s.token = QStringLiteral("eyJhbGciOiJIUzI1NiJ9.") + randomLower(24);
    s.tokenExpires = QDateTime::currentDateTimeUtc().addSecs(3600);
    s.readyAtMs = QDateTime::currentMSecsSinceEpoch() + m_healthDelayMs;
    s.dirs = {QStringLiteral("/"), QStringLiteral("/workspace"), QStringLiteral("/tmp")};
    m_sandboxes.insert(id, s);
    m_order.append(id);
    setAgentListening(id, status == QLatin1String("running"));
    return publicView(m_sandboxes[id]);
}

QJsonObject FakeHopxServer::addSandbox(
    const QString &templateName, const QString &status, const QDateTime &createdAt)
{
    QString templateId;
    for (const auto &t : m_templates) {
        if (t.first == templateName)
            templateId = t.second;
    }
    const QJsonObject o =
        newSandbox(templateName, templateId, QStringLiteral("us-east"), 0, true, status, createdAt);
    Sandbox &s = m_sandboxes[o.value(QStringLiteral("id")).toString()];
    s.readyAtMs = 0;
    // A paused sandbox made elsewhere still has its agent's address reserved.
    setAgentListening(o.value(QStringLiteral("id")).toString(), true);
    if (status != QLatin1String("running"))
        setAgentListening(o.value(QStringLiteral("id")).toString(), false);
    return publicView(s);
}

void FakeHopxServer::addTemplate(const QString &name, const QString &id)
{
    m_templates.append({name, id});
}

QStringList FakeHopxServer::sandboxIds() const
{
    return m_order;
}

QJsonObject FakeHopxServer::sandbox(const QString &id) const
{
    const auto it = m_sandboxes.constFind(id);
    if (it == m_sandboxes.constEnd())
        return {};
    QJsonObject o = publicView(*it);
    o.insert(QStringLiteral("auth_token"), it->token);
    return o;
}

void FakeHopxServer::setSandboxStatus(const QString &id, const QString &status)
{
    if (!m_sandboxes.contains(id))
        return;
    m_sandboxes[id].meta.insert(QStringLiteral("status"), status);
    setAgentListening(id, status == QLatin1String("running"));
}

void FakeHopxServer::removeSandbox(const QString &id)
{
    setAgentListening(id, false);
    if (m_sandboxes.contains(id) && m_sandboxes[id].agent)
        m_sandboxes[id].agent->deleteLater();
    m_sandboxes.remove(id);
    m_order.removeAll(id);
}

void FakeHopxServer::invalidateToken(const QString &id)
{
    if (!m_sandboxes.contains(id))
        return;
    m_sandboxes[id].token = QStringLiteral("revoked.") + randomLower(16);
    m_sandboxes[id].tokenExpired = false;
}

void FakeHopxServer::expireToken(const QString &id)
{
    invalidateToken(id);
    if (m_sandboxes.contains(id))
        m_sandboxes[id].tokenExpired = true;
}

void FakeHopxServer::expireSandbox(const QString &id)
{
    if (!m_quirks)
        return removeSandbox(id);
    if (!m_sandboxes.contains(id))
        return;
    m_sandboxes[id].expired = true;
    m_sandboxes[id].meta.insert(QStringLiteral("status"), QStringLiteral("stopped"));
    setAgentListening(id, false);
}

QByteArray FakeHopxServer::file(const QString &id, const QString &path) const
{
    return m_sandboxes.value(id).files.value(path);
}

void FakeHopxServer::setFile(const QString &id, const QString &path, const QByteArray &content)
{
    if (m_sandboxes.contains(id)) {
        m_sandboxes[id].files.insert(path, content);
        m_sandboxes[id].dirs.insert(parentOf(path));
    }
}

QMap<QString, QString> FakeHopxServer::env(const QString &id) const
{
    return m_sandboxes.value(id).env;
}

void FakeHopxServer::setDesktop(const QString &id, bool on)
{
    if (m_sandboxes.contains(id))
        m_sandboxes[id].desktop = on;
}

QJsonArray FakeHopxServer::desktopEvents(const QString &id) const
{
    return m_sandboxes.value(id).desktopEvents;
}

QJsonArray FakeHopxServer::executions(const QString &id) const
{
    QJsonArray a;
    for (const QJsonObject &p : m_sandboxes.value(id).executions)
        a.append(p);
    return a;
}

// --- HTTP ---------------------------------------------------------------------------------------

void FakeHopxServer::handleReadyRead(QTcpSocket *socket)
{
    if (m_streams.contains(socket)) {
        m_streams[socket].buffer.append(socket->readAll());
        readFrames(socket);
        return;
    }
    m_buffers[socket].append(socket->readAll());
    processBuffer(socket);
}

void FakeHopxServer::processBuffer(QTcpSocket *socket)
{
    while (!m_busy.contains(socket)) {
        QByteArray &buf = m_buffers[socket];
        const qsizetype end = buf.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buf.left(end).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        Request r;
        r.method = first.value(0);
        // The request target as sent: QUrl would read "//execute" as a host named "execute".
        const QByteArray target = first.value(1);
        const qsizetype q = target.indexOf('?');
        r.path = QUrl::fromPercentEncoding(target.left(q < 0 ? target.size() : q));
        r.query = QUrlQuery(q < 0 ? QString() : QString::fromLatin1(target.mid(q + 1)));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                r.headers.insert(
                    line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
        }
        const qsizetype length = r.headers.value("content-length", "0").toLongLong();
        if (buf.size() < end + 4 + length)
            return;
        r.body = buf.mid(end + 4, length);
        buf.remove(0, end + 4 + length);

        r.sandboxId = m_socketSandbox.value(socket);
        if (r.isAgent())
            r.agentPath = r.path;
        m_log.append(r);
        emit requestReceived(r);
        if (r.isAgent()
            && QDateTime::currentMSecsSinceEpoch() < m_sandboxes.value(r.sandboxId).readyAtMs) {
            // Still booting: nothing in the VM answers yet (no document says what the edge
            // sends then, so nothing is sent).
            socket->abort();
            return;
        }
        if (r.header("upgrade").toLower() == "websocket") {
            if (acceptStream(socket, r)) {
                m_streams[socket].buffer = std::exchange(buf, {});
                readFrames(socket);
                return;
            }
            continue;
        }
        Reply reply = dispatch(r);
        if (reply.reset) {
            socket->abort();
            return;
        }
        if (reply.hang) {
            m_busy.insert(socket);
            return;
        }
        if (reply.delayMs > 0) {
            m_busy.insert(socket);
            QPointer<QTcpSocket> guard(socket);
            QTimer::singleShot(reply.delayMs, this, [this, guard, reply] {
                // HOPX acts on a request whether or not its client still waits for the answer.
                const Reply out = reply.later ? reply.later() : reply;
                if (!guard || guard->state() != QAbstractSocket::ConnectedState)
                    return;
                m_busy.remove(guard);
                send(guard, out);
                if (guard)
                    processBuffer(guard);
            });
            return;
        }
        send(socket, reply);
        if (reply.dropMid)
            return;
    }
}

void FakeHopxServer::send(QTcpSocket *socket, const Reply &reply)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) + ' '
        + reason(reply.status).toLatin1() + "\r\n";
    out += "Content-Type: " + reply.contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n";
    out += "X-Request-ID: req_" + QByteArray::number(++m_counter) + "\r\n";
    for (const auto &h : reply.headers)
        out += h.first + ": " + h.second + "\r\n";
    out += "\r\n";
    if (reply.dropMid) {
        // Headers and half the body, then the connection dies.
        socket->write(out + reply.body.left(reply.body.size() / 2));
        socket->flush();
        socket->abort();
        return;
    }
    socket->write(out + reply.body);
}

// --- WebSocket: /execute/stream -----------------------------------------------------------------

namespace {

// Server frames are never masked (RFC 6455 §5.1).
QByteArray wsFrame(int opcode, const QByteArray &payload)
{
    QByteArray f(1, char(0x80 | opcode));
    const quint64 n = quint64(payload.size());
    if (n < 126) {
        f.append(char(n));
    } else if (n < 65536) {
        f.append(char(126));
        f.append(char(n >> 8)).append(char(n & 0xff));
    } else {
        f.append(char(127));
        for (int i = 7; i >= 0; --i)
            f.append(char((n >> (8 * i)) & 0xff));
    }
    return f + payload;
}

QByteArray wsText(const QJsonObject &o)
{
    return wsFrame(0x1, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

int FakeHopxServer::openStreams() const
{
    int n = 0;
    for (const Stream &st : m_streams)
        n += st.run ? 1 : 0;
    return n;
}

bool FakeHopxServer::acceptStream(QTcpSocket *socket, const Request &r)
{
    const auto it = m_sandboxes.constFind(r.sandboxId);
    Reply refusal;
    if (!r.isAgent() || it == m_sandboxes.constEnd() || r.method != "GET"
        || r.agentPath != QLatin1String("/execute/stream"))
        refusal = textReply(404, "404 page not found");
    else if (r.header("authorization") != "Bearer " + it->token.toUtf8())
        refusal = unauthorized(*it);
    else if (r.header("sec-websocket-key").isEmpty())
        refusal = agentError(
            400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("not a WebSocket handshake"));
    if (refusal.status != 200) {
        send(socket, refusal);
        return false;
    }
    const QByteArray keyAndGuid =
        r.header("sec-websocket-key") + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    const QByteArray accept =
        QCryptographicHash::hash(keyAndGuid, QCryptographicHash::Sha1).toBase64();
    socket->write(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Accept: "
        + accept + "\r\n\r\n");
    m_streams.insert(socket, Stream {r.sandboxId, {}, {}, {}});
    return true;
}

void FakeHopxServer::readFrames(QTcpSocket *socket)
{
    while (m_streams.contains(socket)) {
        QByteArray &b = m_streams[socket].buffer;
        if (b.size() < 2)
            return;
        const int opcode = quint8(b[0]) & 0x0f;
        const bool fin = quint8(b[0]) & 0x80;
        const bool masked = quint8(b[1]) & 0x80;
        quint64 length = quint8(b[1]) & 0x7f;
        qsizetype pos = 2;
        if (length == 126) {
            if (b.size() < 4)
                return;
            length = qFromBigEndian<quint16>(b.constData() + 2);
            pos = 4;
        } else if (length == 127) {
            if (b.size() < 10)
                return;
            length = qFromBigEndian<quint64>(b.constData() + 2);
            pos = 10;
        }
        QByteArray mask;
        if (masked) {
            if (b.size() < pos + 4)
                return;
            mask = b.mid(pos, 4);
            pos += 4;
        }
        if (quint64(b.size() - pos) < length)
            return;
        QByteArray payload = b.mid(pos, qsizetype(length));
        b.remove(0, pos + qsizetype(length));
        for (qsizetype i = 0; masked && i < payload.size(); ++i)
            payload[i] = char(payload[i] ^ mask[i % 4]);
        if (opcode == 0x8) { // close: the run stops with its stream
            stopStream(socket, true);
            m_streams.remove(socket);
            socket->write(wsFrame(0x8, payload.left(2)));
            socket->disconnectFromHost();
            return;
        }
        if (opcode == 0x9) {
            socket->write(wsFrame(0xA, payload));
            continue;
        }
        if (opcode != 0x1 && opcode != 0x0)
            continue;
        m_streams[socket].message += payload;
        if (fin)
            streamExecute(socket, std::exchange(m_streams[socket].message, {}));
    }
}

void FakeHopxServer::stopStream(QTcpSocket *socket, bool byClient)
{
    const auto it = m_streams.find(socket);
    if (it == m_streams.end() || !it->run)
        return;
    if (byClient)
        ++m_streamsClosedByClient;
    delete it->run.data();
}

void FakeHopxServer::streamExecute(QTcpSocket *socket, const QByteArray &message)
{
    Stream &st = m_streams[socket];
    const QJsonObject request = QJsonDocument::fromJson(message).object();
    const auto sandbox = m_sandboxes.find(st.sandboxId);
    if (request.value(QStringLiteral("type")).toString() != QLatin1String("execute") || st.run
        || sandbox == m_sandboxes.end()) {
        socket->write(wsText({{QStringLiteral("type"), QStringLiteral("error")},
            {QStringLiteral("error"),
                QStringLiteral("expected one {\"type\":\"execute\"} message")},
            {QStringLiteral("code"), QStringLiteral("INVALID_REQUEST")}}));
        return;
    }
    QJsonObject body = request;
    body.remove(QStringLiteral("type"));
    const Reply reply = execute(*sandbox, st.sandboxId, body);
    auto *run = new QObject(socket);
    st.run = run;
    QPointer<QTcpSocket> guard(socket);
    const auto at = [run, guard](int ms, const QByteArray &frame, bool last = false) {
        QTimer::singleShot(ms, run, [run, guard, frame, last] {
            if (!guard)
                return;
            guard->write(frame);
            if (last) {
                guard->write(wsFrame(0x8, QByteArray("\x03\xe8", 2))); // 1000: normal closure
                delete run;
            }
        });
    };
    const QJsonObject o = QJsonDocument::fromJson(reply.body).object();
    if (reply.status != 200) {
        at(reply.delayMs,
            wsText({{QStringLiteral("type"), QStringLiteral("error")},
                {QStringLiteral("error"), o.value(QStringLiteral("error")).toString()},
                {QStringLiteral("code"), o.value(QStringLiteral("code")).toString()}}),
            true);
        return;
    }
    // Output spread over the run's duration, line by line, as a real program prints it.
    QList<QPair<QString, QString>> chunks;
    for (const QString &stream : {QStringLiteral("stdout"), QStringLiteral("stderr")}) {
        const QStringList lines = o.value(stream).toString().split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString line = i + 1 < lines.size() ? lines[i] + QLatin1Char('\n') : lines[i];
            if (!line.isEmpty())
                chunks.append({stream, line});
        }
    }
    const QString now = iso(QDateTime::currentDateTimeUtc());
    for (qsizetype i = 0; i < chunks.size(); ++i)
        at(int(reply.delayMs * i / chunks.size()),
            wsText({{QStringLiteral("type"), chunks[i].first},
                {QStringLiteral("data"), chunks[i].second}, {QStringLiteral("timestamp"), now}}));
    // One write for both: the client sees the result and the end together.
    at(reply.delayMs,
        wsText({{QStringLiteral("type"), QStringLiteral("result")},
            {QStringLiteral("exit_code"), o.value(QStringLiteral("exit_code"))},
            {QStringLiteral("execution_time"), o.value(QStringLiteral("execution_time"))}})
            + wsText({{QStringLiteral("type"), QStringLiteral("complete")},
                {QStringLiteral("success"), o.value(QStringLiteral("success"))}}),
        true);
}

FakeHopxServer::Reply FakeHopxServer::textReply(int status, const QByteArray &body)
{
    Reply r;
    r.status = status;
    r.body = body;
    r.contentType = "text/plain; charset=utf-8";
    return r;
}

FakeHopxServer::Reply FakeHopxServer::json(const QJsonObject &o, int status)
{
    Reply r;
    r.status = status;
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return r;
}

FakeHopxServer::Reply FakeHopxServer::controlError(
    int status, const QString &code, const QString &message, const QJsonObject &details) const
{
    const QString rid = requestId();
    if (m_errorShape == ErrorShape::Flat) {
        QJsonObject o {{QStringLiteral("error"), message}, {QStringLiteral("code"), code.toUpper()},
            {QStringLiteral("request_id"), rid}};
        if (details.contains(QStringLiteral("retry_after_seconds")))
            o.insert(QStringLiteral("retry_after"),
                details.value(QStringLiteral("retry_after_seconds")));
        return json(o, status);
    }
    QJsonObject e {{QStringLiteral("message"), message}, {QStringLiteral("code"), code.toLower()},
        {QStringLiteral("request_id"), rid}};
    if (!details.isEmpty())
        e.insert(QStringLiteral("details"), details);
    return json({{QStringLiteral("error"), e}}, status);
}

FakeHopxServer::Reply FakeHopxServer::agentError(
    int status, const QString &code, const QString &message)
{
    return json({{QStringLiteral("error"), message}, {QStringLiteral("code"), code},
                    {QStringLiteral("request_id"), requestId()},
                    {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}},
        status);
}

FakeHopxServer::Reply FakeHopxServer::dispatch(Request &request)
{
    for (qsizetype i = 0; i < m_faults.size(); ++i) {
        Fault &f = m_faults[i];
        if (f.times == 0 || (!f.method.isEmpty() && f.method != request.method)
            || !f.path.match(request.key()).hasMatch())
            continue;
        if (f.times > 0)
            --f.times;
        Reply reply;
        switch (f.kind) {
        case FaultKind::Status: {
            QJsonObject details;
            if (f.retryAfter >= 0)
                details.insert(QStringLiteral("retry_after_seconds"), f.retryAfter);
            QString code = f.status == 429 ? QStringLiteral("RATE_LIMIT_EXCEEDED")
                : f.status == 503          ? QStringLiteral("SERVICE_UNAVAILABLE")
                : f.status == 402          ? QStringLiteral("PAYMENT_REQUIRED")
                : f.status == 403          ? QStringLiteral("RESOURCE_LIMIT_ERROR")
                                           : QStringLiteral("INTERNAL_ERROR");
            QString message = f.status == 429 ? QStringLiteral("Rate limit exceeded")
                : f.status == 503             ? QStringLiteral("No nodes available")
                : f.status == 402             ? QStringLiteral("Insufficient credits")
                : f.status == 403 ? QStringLiteral("Sandbox limit reached (limit 5, current 5)")
                                  : QStringLiteral("Injected failure");
            if (f.plainText)
                return textReply(f.status,
                    QByteArray::number(f.status) + ' ' + reason(f.status).toLower().toLatin1());
            if (!f.code.isEmpty())
                code = f.code;
            if (!f.message.isEmpty())
                message = f.message;
            reply = request.isAgent() ? agentError(f.status, code, message)
                                      : controlError(f.status, code, message, details);
            if (f.retryAfter >= 0)
                reply.headers.append({"Retry-After", QByteArray::number(f.retryAfter)});
            return reply;
        }
        case FaultKind::Slow:
            reply = request.isAgent() ? agent(request) : control(request);
            reply.delayMs = f.delayMs;
            return reply;
        case FaultKind::SlowCreate: {
            // Takes effect when the answer goes out: until then no list shows it.
            const Request r = request;
            reply.delayMs = f.delayMs;
            reply.later = [this, r] { return r.isAgent() ? agent(r) : control(r); };
            return reply;
        }
        case FaultKind::Malformed:
            reply.body = "{\"data\": [ {\"id\": ";
            return reply;
        case FaultKind::Reset:
            reply.reset = true;
            return reply;
        case FaultKind::DropMidReply:
            reply = request.isAgent() ? agent(request) : control(request);
            reply.dropMid = true;
            return reply;
        case FaultKind::Hang:
            reply.hang = true;
            return reply;
        }
    }
    return request.isAgent() ? agent(request) : control(request);
}

// --- control plane ------------------------------------------------------------------------------

QJsonObject FakeHopxServer::templateJson(const QString &name, const QString &id, bool detail) const
{
    QJsonObject t {{QStringLiteral("id"), id}, {QStringLiteral("name"), name},
        {QStringLiteral("display_name"),
            name == QLatin1String("base") ? QStringLiteral("Base")
                                          : QStringLiteral("Code Interpreter")},
        {QStringLiteral("status"), QStringLiteral("active")}, {QStringLiteral("is_public"), true},
        {QStringLiteral("object"), QStringLiteral("template")},
        {QStringLiteral("default_resources"),
            QJsonObject {{QStringLiteral("vcpu"), 2}, {QStringLiteral("memory_mb"), 2048},
                {QStringLiteral("disk_gb"), 10}}}};
    if (detail) {
        t.insert(QStringLiteral("description"), QString(QStringLiteral("Template ") + name));
        t.insert(QStringLiteral("category"), QStringLiteral("development"));
        t.insert(QStringLiteral("language"), QStringLiteral("python"));
        t.insert(QStringLiteral("features"), QJsonArray {QStringLiteral("jupyter")});
        t.insert(QStringLiteral("is_active"), true);
    }
    return t;
}

QJsonObject FakeHopxServer::publicView(const Sandbox &s) const
{
    // GET/list do not carry the JWT here: clients must use POST .../token/refresh (as the SDK).
    QJsonObject o = s.meta;
    // Quirk: the SDKs strip a trailing "/" from public_host before joining paths to it.
    const QString host =
        QStringLiteral("http://127.0.0.1:%1").arg(s.agentPort) + (m_quirks ? "/" : "");
    o.insert(QStringLiteral("public_host"), host);
    o.insert(QStringLiteral("direct_url"), host);
    o.insert(QStringLiteral("preview_url"), host);
    return o;
}

FakeHopxServer::Reply FakeHopxServer::expiredError(bool agent) const
{
    // What the JS SDK maps to SandboxExpiredError: 410 and/or SANDBOX_EXPIRED.
    return agent
        ? agentError(410, QStringLiteral("SANDBOX_EXPIRED"), QStringLiteral("Sandbox expired"))
        : controlError(
            410, QStringLiteral("SANDBOX_EXPIRED"), QStringLiteral("Sandbox has expired"));
}

FakeHopxServer::Reply FakeHopxServer::unauthorized(const Sandbox &s) const
{
    if (m_quirks && s.tokenExpired)
        return agentError(401, QStringLiteral("TOKEN_EXPIRED"), QStringLiteral("Token expired"));
    return agentError(
        401, QStringLiteral("TOKEN_INVALID"), QStringLiteral("invalid or expired token"));
}

FakeHopxServer::Reply FakeHopxServer::control(const Request &r)
{
    if (r.path == QLatin1String("/health"))
        return json({{QStringLiteral("status"), QStringLiteral("ok")}});
    if (!r.path.startsWith(QLatin1String("/v1/")))
        return textReply(404, "404 page not found");

    QString key = QString::fromUtf8(r.header("x-api-key"));
    const QByteArray auth = r.header("authorization");
    if (key.isEmpty() && auth.startsWith("Bearer "))
        key = QString::fromUtf8(auth.mid(7));
    if (key.isEmpty())
        return controlError(401, QStringLiteral("AUTHENTICATION_REQUIRED"),
            QStringLiteral("Authentication required"));
    if (!m_keys.contains(key))
        return controlError(
            401, QStringLiteral("INVALID_TOKEN"), QStringLiteral("Invalid API key"));

    const QStringList parts = r.path.mid(4).split(QLatin1Char('/'));
    const QString kind = parts.value(0);

    if (kind == QLatin1String("templates")) {
        if (r.method != "GET")
            return controlError(
                405, QStringLiteral("METHOD_NOT_ALLOWED"), QStringLiteral("Method not allowed"));
        if (parts.size() == 1) {
            QJsonArray data;
            for (const auto &t : m_templates)
                data.append(templateJson(t.first, t.second, false));
            return json({{QStringLiteral("object"), QStringLiteral("list")},
                {QStringLiteral("data"), data}, {QStringLiteral("has_more"), false},
                {QStringLiteral("url"), QStringLiteral("/v1/templates")}});
        }
        for (const auto &t : m_templates) {
            if (t.first == parts.value(1) || t.second == parts.value(1))
                return json(templateJson(t.first, t.second, true));
        }
        return controlError(
            404, QStringLiteral("RESOURCE_NOT_FOUND"), QStringLiteral("Template not found"));
    }
    if (kind != QLatin1String("sandboxes"))
        return textReply(404, "404 page not found");

    if (parts.size() == 1 && r.method == "GET") {
        int limit = r.query.queryItemValue(QStringLiteral("limit")).toInt();
        if (limit <= 0)
            limit = 100;
        limit = qMin(limit, m_pageSize);
        const QString status = r.query.queryItemValue(QStringLiteral("status"));
        const QString region = r.query.queryItemValue(QStringLiteral("region"));
        const QString cursor = r.query.queryItemValue(QStringLiteral("cursor"));
        QList<QJsonObject> all;
        for (auto it = m_order.crbegin(); it != m_order.crend(); ++it) { // newest first
            if (m_sandboxes.value(*it).expired)
                continue;
            const QJsonObject o = publicView(m_sandboxes.value(*it));
            if (!status.isEmpty() && o.value(QStringLiteral("status")).toString() != status)
                continue;
            if (!region.isEmpty() && o.value(QStringLiteral("region")).toString() != region)
                continue;
            all.append(o);
        }
        const int start = cursor.startsWith(QLatin1String("cur_")) ? cursor.mid(4).toInt() : 0;
        QJsonArray data;
        for (int i = start; i < all.size() && data.size() < limit; ++i)
            data.append(all[i]);
        const int next = start + int(data.size());
        QJsonObject o {{QStringLiteral("object"), QStringLiteral("list")},
            {QStringLiteral("data"),
                data.isEmpty() && m_quirks ? QJsonValue(QJsonValue::Null) : QJsonValue(data)},
            {QStringLiteral("has_more"), next < all.size()},
            {QStringLiteral("url"), QStringLiteral("/v1/sandboxes")},
            {QStringLiteral("request_id"), requestId()}};
        if (next < all.size())
            o.insert(QStringLiteral("next_cursor"), QStringLiteral("cur_%1").arg(next));
        return json(o);
    }
    if (parts.size() == 1 && r.method == "POST") {
        QJsonParseError pe {};
        const QJsonObject body = QJsonDocument::fromJson(r.body, &pe).object();
        if (pe.error != QJsonParseError::NoError)
            return controlError(
                400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("Invalid JSON body"));
        const bool hasId = body.contains(QStringLiteral("template_id"));
        const bool hasName = body.contains(QStringLiteral("template_name"));
        if (hasId == hasName)
            return controlError(400, QStringLiteral("INVALID_REQUEST"),
                QStringLiteral("Exactly one of template_id or template_name is required"));
        const QString wanted = hasId
            ? body.value(QStringLiteral("template_id")).toVariant().toString()
            : body.value(QStringLiteral("template_name")).toString();
        QPair<QString, QString> templ;
        for (const auto &t : m_templates) {
            if ((hasId && t.second == wanted) || (hasName && t.first == wanted))
                templ = t;
        }
        if (templ.first.isEmpty() && !m_quirks)
            return controlError(400, QStringLiteral("INVALID_REQUEST"),
                QStringLiteral("Template not found: ") + wanted);
        if (templ.first.isEmpty()) {
            // Live behaviour for a template typo: a generic nested 500 (hopx-ai/hopx#6).
            const ErrorShape shape = m_errorShape;
            const_cast<FakeHopxServer *>(this)->m_errorShape = ErrorShape::Nested;
            Reply e = controlError(500, QStringLiteral("internal_server_error"),
                QStringLiteral("An internal error occurred. Our team has been notified."));
            const_cast<FakeHopxServer *>(this)->m_errorShape = shape;
            return e;
        }
        const QJsonObject o = newSandbox(templ.first, templ.second,
            body.value(QStringLiteral("region")).toString(QStringLiteral("us-east")),
            body.value(QStringLiteral("timeout_seconds")).toInt(),
            body.value(QStringLiteral("internet_access")).toBool(true), QStringLiteral("running"),
            QDateTime::currentDateTimeUtc());
        Sandbox &s = m_sandboxes[o.value(QStringLiteral("id")).toString()];
        // Quirk: env_vars in the body are accepted and not applied (SDK 0.2.9 works around it).
        const QJsonObject vars = body.value(QStringLiteral("env_vars")).toObject();
        for (auto it = vars.begin(); it != vars.end() && !m_quirks; ++it)
            s.env.insert(it.key(), it.value().toString());
        QJsonObject reply = o;
        reply.insert(QStringLiteral("auth_token"), s.token);
        reply.insert(QStringLiteral("token_expires_at"), iso(s.tokenExpires));
        reply.insert(QStringLiteral("request_id"), requestId());
        return json(reply, 201);
    }

    const QString id = parts.value(1);
    if (!m_sandboxes.contains(id))
        return controlError(
            404, QStringLiteral("RESOURCE_NOT_FOUND"), QStringLiteral("Sandbox not found"));
    if (m_sandboxes[id].expired)
        return expiredError(false);
    Sandbox &s = m_sandboxes[id];
    const QString action = parts.mid(2).join(QLatin1Char('/'));
    const QString status = s.meta.value(QStringLiteral("status")).toString();

    if (action.isEmpty() && r.method == "GET")
        return json(publicView(s));
    if (action.isEmpty() && r.method == "DELETE") {
        removeSandbox(id);
        return json(
            {{QStringLiteral("id"), id}, {QStringLiteral("status"), QStringLiteral("deleted")}});
    }
    // The document gives pause and resume 200/401/403/404/500 and says nothing of a sandbox
    // already in the asked-for state: that is answered 200 and changes nothing.
    if (action == QLatin1String("pause") && r.method == "POST") {
        if (status == QLatin1String("running"))
            setSandboxStatus(id, QStringLiteral("paused"));
        return json({{QStringLiteral("message"), QStringLiteral("Sandbox paused")}});
    }
    if (action == QLatin1String("resume") && r.method == "POST") {
        const auto wake = [this, id] {
            if (!m_sandboxes.contains(id))
                return;
            setSandboxStatus(id, QStringLiteral("running"));
            m_sandboxes[id].readyAtMs = QDateTime::currentMSecsSinceEpoch() + m_healthDelayMs;
        };
        if (status == QLatin1String("paused") && m_resumeMs > 0) {
            s.meta.insert(QStringLiteral("status"), m_resumeStatus);
            QTimer::singleShot(m_resumeMs, this, wake);
        } else if (status == QLatin1String("paused")) {
            wake();
        }
        return json({{QStringLiteral("message"), QStringLiteral("Sandbox resumed")}});
    }
    if (action == QLatin1String("timeout") && r.method == "PUT") {
        const QJsonValue t = r.json().value(QStringLiteral("timeout_seconds"));
        if (!t.isDouble() || t.toInt() < 0)
            return controlError(400, QStringLiteral("INVALID_REQUEST"),
                QStringLiteral("timeout_seconds is required"));
        const QString expires = iso(QDateTime::currentDateTimeUtc().addSecs(t.toInt()));
        s.meta.insert(QStringLiteral("timeout_seconds"), t.toInt());
        s.meta.insert(QStringLiteral("expires_at"), expires);
        return json({{QStringLiteral("id"), id}, {QStringLiteral("timeout_seconds"), t.toInt()},
            {QStringLiteral("expires_at"), expires}});
    }
    if (action == QLatin1String("token/refresh") && r.method == "POST") {
        s.token = QStringLiteral("eyJhbGciOiJIUzI1NiJ9.") + randomLower(24);
        s.tokenExpires = QDateTime::currentDateTimeUtc().addSecs(3600);
        return json({{QStringLiteral("auth_token"), s.token},
            {QStringLiteral("token_expires_at"), iso(s.tokenExpires)}});
    }
    return controlError(
        405, QStringLiteral("METHOD_NOT_ALLOWED"), QStringLiteral("Method not allowed"));
}

// --- agent --------------------------------------------------------------------------------------

FakeHopxServer::Reply FakeHopxServer::agent(const Request &r)
{
    const auto it = m_sandboxes.find(r.sandboxId);
    if (it == m_sandboxes.end()) // its port closes with it: only a request already on its way
        return textReply(404, "404 page not found");
    Sandbox &s = *it;
    if (s.expired)
        return expiredError(true);
    const QString &p = r.agentPath;
    const QString vmId = r.sandboxId;

    if (p == QLatin1String("/health") && r.method == "GET") {
        return json({{QStringLiteral("status"), QStringLiteral("healthy")},
            {QStringLiteral("agent"), QStringLiteral("hopx-vm-agent")},
            {QStringLiteral("version"), QStringLiteral("3.2.8")}, {QStringLiteral("uptime"), 12},
            {QStringLiteral("vm_id"), vmId}, {QStringLiteral("active_streams"), 0},
            {QStringLiteral("features"),
                QJsonObject {{QStringLiteral("languages"),
                    QJsonArray {QStringLiteral("python"), QStringLiteral("javascript"),
                        QStringLiteral("bash"), QStringLiteral("go")}}}}});
    }
    const QJsonObject info {{QStringLiteral("agent"), QStringLiteral("hopx-vm-agent")},
        {QStringLiteral("version"), QStringLiteral("3.2.8")},
        {QStringLiteral("agent_version"), QStringLiteral("3.2.8")}, {QStringLiteral("vm_id"), vmId},
        {QStringLiteral("ip"), QStringLiteral("10.0.0.2")}, {QStringLiteral("port"), 7777},
        {QStringLiteral("platform"), QStringLiteral("linux/amd64")},
        {QStringLiteral("go_version"), QStringLiteral("go1.22")}, {QStringLiteral("uptime"), 12},
        {QStringLiteral("features"), QJsonObject {{QStringLiteral("rich_output"), true}}}};
    if (p == QLatin1String("/info") && r.method == "GET")
        return json(info);
    if (p == QLatin1String("/ping"))
        return json({{QStringLiteral("status"), QStringLiteral("ok")}});

    if (r.header("authorization") != "Bearer " + s.token.toUtf8())
        return unauthorized(s);

    const auto body = [&r](bool *ok) {
        QJsonParseError pe {};
        const QJsonDocument d = QJsonDocument::fromJson(r.body, &pe);
        *ok = pe.error == QJsonParseError::NoError && d.isObject();
        return d.object();
    };
    const auto wrongMethod = [] {
        return agentError(
            405, QStringLiteral("METHOD_NOT_ALLOWED"), QStringLiteral("Method not allowed"));
    };

    if (p == QLatin1String("/execute")) {
        if (r.method != "POST")
            return wrongMethod();
        bool ok = false;
        const QJsonObject b = body(&ok);
        if (!ok)
            return agentError(400, QStringLiteral("INVALID_JSON"), QStringLiteral("invalid JSON"));
        return execute(s, r.sandboxId, b);
    }
    if (p == QLatin1String("/execute/background")) {
        if (r.method != "POST")
            return wrongMethod();
        bool ok = false;
        const QJsonObject b = body(&ok);
        if (!ok || b.value(QStringLiteral("code")).toString().isEmpty())
            return agentError(
                400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("code is required"));
        const QString pid = QStringLiteral("bg_%1").arg(
            QDateTime::currentMSecsSinceEpoch() * 1000000 + (++m_counter));
        const QJsonObject proc {{QStringLiteral("process_id"), pid},
            {QStringLiteral("execution_id"), pid},
            {QStringLiteral("name"), b.value(QStringLiteral("name")).toString()},
            {QStringLiteral("status"), QStringLiteral("running")},
            {QStringLiteral("language"),
                b.value(QStringLiteral("language")).toString(QStringLiteral("python"))},
            {QStringLiteral("start_time"), iso(QDateTime::currentDateTimeUtc())},
            {QStringLiteral("pid"), 1000 + int(m_counter)}};
        s.executions.append(proc);
        QJsonObject reply = proc;
        reply.insert(QStringLiteral("message"), QStringLiteral("Background execution started"));
        return json(reply);
    }
    if (p == QLatin1String("/execute/processes") && r.method == "GET") {
        QJsonArray a;
        for (const QJsonObject &e : s.executions)
            a.append(e);
        return json({{QStringLiteral("processes"), a}, {QStringLiteral("count"), a.size()},
            {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}});
    }
    // Agent 3.2.8 documents only DELETE with the id in the query; the SDKs' path form is a quirk.
    if (p == QLatin1String("/execute/kill"))
        return r.method == "DELETE" ? kill(s, r, false) : wrongMethod();
    if (m_quirks && p.startsWith(QLatin1String("/execute/kill/")) && r.method == "POST")
        return kill(s, r, true);
    if (p == QLatin1String("/commands/run")) {
        if (r.method != "POST")
            return wrongMethod();
        bool ok = false;
        const QJsonObject b = body(&ok);
        if (!ok)
            return agentError(400, QStringLiteral("INVALID_JSON"), QStringLiteral("invalid JSON"));
        return runCommand(s, b);
    }
    if (p == QLatin1String("/commands/background") && r.method == "POST") {
        bool ok = false;
        const QJsonObject b = body(&ok);
        if (!ok || b.value(QStringLiteral("command")).toString().isEmpty())
            return agentError(
                400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("command is required"));
        const QString pid =
            QStringLiteral("cmd_%1%2").arg(QDateTime::currentMSecsSinceEpoch()).arg(randomLower(6));
        return json({{QStringLiteral("process_id"), pid}, {QStringLiteral("execution_id"), pid},
            {QStringLiteral("status"), QStringLiteral("running")}});
    }
    if (p == QLatin1String("/processes") && r.method == "GET") {
        QJsonArray a {QJsonObject {{QStringLiteral("pid"), 1},
                          {QStringLiteral("name"), QStringLiteral("hopx-vm-agent")},
                          {QStringLiteral("status"), QStringLiteral("running")}},
            QJsonObject {{QStringLiteral("pid"), 42},
                {QStringLiteral("name"), QStringLiteral("python3")},
                {QStringLiteral("status"), QStringLiteral("sleeping")}}};
        return json({{QStringLiteral("processes"), a}, {QStringLiteral("count"), a.size()}});
    }
    if (p.startsWith(QLatin1String("/files/")))
        return files(s, r);
    if (p == QLatin1String("/env"))
        return envRoute(s, r);
    if (p.startsWith(QLatin1String("/desktop/")))
        return desktop(s, r);
    if (p == QLatin1String("/metrics/snapshot") && r.method == "GET")
        return json({{QStringLiteral("uptime_seconds"), 12},
            {QStringLiteral("total_requests"), int(m_log.size())},
            {QStringLiteral("total_errors"), 0}, {QStringLiteral("active_executions"), 0},
            {QStringLiteral("total_executions"), s.executionsRun}});
    if (p == QLatin1String("/system") && r.method == "GET")
        return json(
            {{QStringLiteral("cpu"), QJsonObject {{QStringLiteral("usage_percent"), 3.5}}}});
    if (p == QLatin1String("/cache/clear") && r.method == "POST") {
        s.cacheHits = 0;
        return json({{QStringLiteral("status"), QStringLiteral("success")},
            {QStringLiteral("message"), QStringLiteral("Cache cleared")}});
    }
    if (p == QLatin1String("/cache/stats") && r.method == "GET")
        return json({{QStringLiteral("cache"),
            QJsonObject {{QStringLiteral("hits"), s.cacheHits}, {QStringLiteral("misses"), 0},
                {QStringLiteral("size"), 0}}}});
    return textReply(404, "404 page not found");
}

FakeHopxServer::Reply FakeHopxServer::kill(Sandbox &s, const Request &r, bool sdkForm)
{
    const QString pid = sdkForm ? r.agentPath.mid(QStringLiteral("/execute/kill/").size())
                                : r.query.queryItemValue(QStringLiteral("process_id"));
    if (pid.isEmpty())
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("process_id is required"));
    for (QJsonObject &e : s.executions) {
        if (e.value(QStringLiteral("process_id")).toString() != pid)
            continue;
        if (sdkForm) // hopx-ai/hopx#30: says success, kills nothing
            return json({{QStringLiteral("message"), QStringLiteral("success")},
                {QStringLiteral("status"), e.value(QStringLiteral("status"))},
                {QStringLiteral("process_id"), pid}});
        e.insert(QStringLiteral("status"), QStringLiteral("killed"));
        e.insert(QStringLiteral("end_time"), iso(QDateTime::currentDateTimeUtc()));
        e.insert(QStringLiteral("exit_code"), -9);
        return json({{QStringLiteral("message"), QStringLiteral("Process killed")},
            {QStringLiteral("status"), QStringLiteral("killed")},
            {QStringLiteral("process_id"), pid}});
    }
    // The docs' body for it (docs.hopx.ai, api/vm-agent/kill-process).
    return agentError(
        404, QStringLiteral("RESOURCE_NOT_FOUND"), QStringLiteral("Process not found"));
}

QString FakeHopxServer::shell(Sandbox &s, const QString &script, const QString &cwd,
    const QMap<QString, QString> &env, int *exitCode, int *sleepMs) const
{
    QString out;
    *exitCode = 0;
    static const QRegularExpression var(QStringLiteral("\\$\\{?(\\w+)\\}?"));
    for (const QString &raw :
        script.split(QRegularExpression(QStringLiteral("\\s*(?:;|&&|\\n)\\s*")))) {
        QString cmd = raw.trimmed();
        // Expand $VAR from the merged environment.
        QString expanded;
        qsizetype last = 0;
        auto it = var.globalMatch(cmd);
        while (it.hasNext()) {
            const auto m = it.next();
            expanded += cmd.mid(last, m.capturedStart() - last) + env.value(m.captured(1));
            last = m.capturedEnd();
        }
        cmd = expanded + cmd.mid(last);
        if (cmd.isEmpty())
            continue;
        const QString word = cmd.section(QLatin1Char(' '), 0, 0);
        const QString rest = cmd.section(QLatin1Char(' '), 1).trimmed();
        if (word == QLatin1String("echo")) {
            QString text = rest;
            if (text.size() >= 2
                && (text.startsWith(QLatin1Char('"')) || text.startsWith(QLatin1Char('\''))))
                text = text.mid(1, text.size() - 2);
            out += text + QLatin1Char('\n');
        } else if (word == QLatin1String("pwd")) {
            out += cwd + QLatin1Char('\n');
        } else if (word == QLatin1String("exit")) {
            *exitCode = rest.toInt();
            return out;
        } else if (word == QLatin1String("false")) {
            *exitCode = 1;
        } else if (word == QLatin1String("true")) {
        } else if (word == QLatin1String("sleep")) {
            *sleepMs += int(rest.toDouble() * 1000);
        } else if (word == QLatin1String("cat")) {
            const QString path =
                rest.startsWith(QLatin1Char('/')) ? rest : cwd + QLatin1Char('/') + rest;
            if (!s.files.contains(path)) {
                *exitCode = 1;
                return out;
            }
            out += QString::fromUtf8(s.files.value(path));
        } else if (word == QLatin1String("printenv")) {
            out += env.value(rest) + QLatin1Char('\n');
        } else {
            *exitCode = 127;
            return out;
        }
    }
    return out;
}

FakeHopxServer::Reply FakeHopxServer::execute(Sandbox &s, const QString &id, const QJsonObject &b)
{
    const QString code = b.value(QStringLiteral("code")).toString();
    if (code.isEmpty())
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("code is required"));
    const QString language =
        normalizedLanguage(b.value(QStringLiteral("language")).toString(QStringLiteral("python")));
    if (language.isEmpty())
        return agentError(
            400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("unsupported language"));
    // Agent 3.2.8's ExecuteRequest.timeout is an integer with no bounds.
    const int timeout = b.value(QStringLiteral("timeout")).toInt(30);
    if (timeout < 1)
        return agentError(
            400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("timeout must be positive"));
    ++s.executionsRun;
    if (m_execHandler)
        return json(m_execHandler(id, b));

    // `working_dir` is not a field of ExecuteRequest: ignored, the code runs in "/".
    const QString cwd = b.value(QStringLiteral("workdir")).toString(QStringLiteral("/"));
    QMap<QString, QString> env = s.env;
    const QJsonObject reqEnv = b.value(QStringLiteral("env")).toObject();
    for (auto it = reqEnv.begin(); it != reqEnv.end(); ++it)
        env.insert(it.key(), it.value().toString());

    QString out;
    QString err;
    int exitCode = 0;
    int sleepMs = 0;
    QJsonObject reply;
    if (language == QLatin1String("bash")) {
        out = shell(s, code, cwd, env, &exitCode, &sleepMs);
    } else {
        static const QRegularExpression print(QStringLiteral(
            "(?:print|console\\.log|fmt\\.Println)\\((?:\"([^\"]*)\"|'([^']*)'|os\\.environ\\[['\"]"
            "(\\w+)['\"]\\]|os\\.getcwd\\(\\)|process\\.cwd\\(\\))\\)"));
        auto it = print.globalMatch(code);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedLength(1) || m.capturedLength(2))
                out += m.captured(1) + m.captured(2) + QLatin1Char('\n');
            else if (m.capturedLength(3))
                out += env.value(m.captured(3)) + QLatin1Char('\n');
            else
                out += cwd + QLatin1Char('\n');
        }
        static const QRegularExpression sleep(QStringLiteral("time\\.sleep\\(([\\d.]+)\\)"));
        const auto sm = sleep.match(code);
        if (sm.hasMatch())
            sleepMs = int(sm.captured(1).toDouble() * 1000);
        if (code.contains(QLatin1String("raise "))) {
            exitCode = 1;
            err = QStringLiteral("Traceback (most recent call last):\n  File \"<stdin>\", line "
                                 "1\nValueError: boom\n");
        }
        if (code.contains(QLatin1String("plt.")))
            reply.insert(QStringLiteral("png"), QString::fromLatin1(kPngBase64));
    }
    if (sleepMs > timeout * 1000) {
        // The document's 500 ErrorResponse, with the SDK's EXECUTION_TIMEOUT code.
        Reply r = agentError(500, QStringLiteral("EXECUTION_TIMEOUT"),
            QStringLiteral("Execution timed out after %1 seconds").arg(timeout));
        r.delayMs = timeout * 1000;
        return r;
    }
    reply.insert(QStringLiteral("success"), exitCode == 0);
    reply.insert(QStringLiteral("stdout"), out);
    reply.insert(QStringLiteral("stderr"), err);
    reply.insert(QStringLiteral("exit_code"), exitCode);
    reply.insert(QStringLiteral("execution_time"), 0.012 + sleepMs / 1000.0);
    reply.insert(QStringLiteral("language"), language);
    reply.insert(QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc()));
    Reply r = json(reply);
    r.delayMs = sleepMs;
    return r;
}

FakeHopxServer::Reply FakeHopxServer::runCommand(Sandbox &s, const QJsonObject &b)
{
    const QString command = b.value(QStringLiteral("command")).toString();
    const QJsonArray args = b.value(QStringLiteral("args")).toArray();
    if (command.isEmpty())
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("command is required"));
    const QString cwd = b.value(QStringLiteral("workdir")).toString(QStringLiteral("/"));
    QMap<QString, QString> env = s.env;
    const QJsonObject reqEnv = b.value(QStringLiteral("env")).toObject();
    for (auto it = reqEnv.begin(); it != reqEnv.end(); ++it)
        env.insert(it.key(), it.value().toString());
    const int timeout = b.value(QStringLiteral("timeout")).toInt(30);

    QJsonObject reply {{QStringLiteral("command"), command},
        {QStringLiteral("pid"), 4000 + int(++m_counter)},
        {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}};
    // The agent execs `command` with `args` (no shell): a whole shell line is not an executable.
    const bool shellWrapped = (command == QLatin1String("bash") || command == QLatin1String("sh"))
        && args.size() == 2 && args[0].toString() == QLatin1String("-c");
    if (!shellWrapped) {
        reply.insert(QStringLiteral("stdout"), QString());
        reply.insert(QStringLiteral("stderr"),
            QStringLiteral("exec: \"%1\": executable file not found in $PATH").arg(command));
        reply.insert(QStringLiteral("exit_code"), -1);
        reply.insert(QStringLiteral("success"), false);
        reply.insert(QStringLiteral("execution_time"), 0.001);
        if (!m_quirks)
            return agentError(500, QStringLiteral("COMMAND_FAILED"),
                QStringLiteral("exec: \"%1\": executable file not found in $PATH").arg(command));
        reply.insert(QStringLiteral("error"), QStringLiteral("executable file not found"));
        reply.insert(QStringLiteral("code"), QStringLiteral("COMMAND_FAILED"));
        return json(reply, 500);
    }
    int exitCode = 0;
    int sleepMs = 0;
    const QString out = shell(s, args[1].toString(), cwd, env, &exitCode, &sleepMs);
    if (sleepMs > timeout * 1000) {
        // Quirk: the docs list 408 for a command timeout; the document has 500 ErrorResponse.
        Reply r = agentError(m_quirks ? 408 : 500, QStringLiteral("EXECUTION_TIMEOUT"),
            QStringLiteral("Command timed out after %1 seconds").arg(timeout));
        r.delayMs = timeout * 1000;
        return r;
    }
    reply.insert(QStringLiteral("stdout"), out);
    reply.insert(QStringLiteral("stderr"),
        exitCode == 127 ? QStringLiteral("bash: command not found\n") : QString());
    reply.insert(QStringLiteral("exit_code"), exitCode);
    reply.insert(QStringLiteral("success"), exitCode == 0);
    reply.insert(QStringLiteral("execution_time"), 0.004 + sleepMs / 1000.0);
    // Quirk: a failing command is a 500 carrying the normal body (docs, run-command); the
    // document has only 200 CommandResponse for a command that ran.
    Reply r = json(reply, exitCode == 0 || !m_quirks ? 200 : 500);
    r.delayMs = sleepMs;
    return r;
}

FakeHopxServer::Reply FakeHopxServer::files(Sandbox &s, const Request &r)
{
    const QString op = r.agentPath.mid(7); // after "/files/"
    if (op == QLatin1String("upload") && r.method == "POST")
        return upload(s, r);
    QJsonObject b;
    QString path = r.query.queryItemValue(QStringLiteral("path"), QUrl::FullyDecoded);
    if (r.method == "POST") {
        QJsonParseError pe {};
        b = QJsonDocument::fromJson(r.body, &pe).object();
        if (pe.error != QJsonParseError::NoError)
            return agentError(400, QStringLiteral("INVALID_JSON"), QStringLiteral("invalid JSON"));
        path = b.value(QStringLiteral("path")).toString();
    }
    if (op == QLatin1String("list") && path.isEmpty())
        path = QStringLiteral("/workspace");
    if (path.isEmpty())
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("path is required"));
    if (!allowedPath(path))
        // /files/exists documents no 403: its refusal is a 400.
        return agentError(op == QLatin1String("exists") ? 400 : 403,
            QStringLiteral("PATH_NOT_ALLOWED"), QStringLiteral("Path not allowed: ") + path);
    const auto mkdirs = [&s](QString dir) {
        while (!dir.isEmpty() && dir != QLatin1String("/")) {
            s.dirs.insert(dir);
            dir = parentOf(dir);
        }
    };

    if (op == QLatin1String("read") && r.method == "GET") {
        if (!s.files.contains(path))
            return agentError(
                404, QStringLiteral("FILE_NOT_FOUND"), QStringLiteral("File not found: ") + path);
        const QByteArray data = s.files.value(path);
        return json({{QStringLiteral("content"), QString::fromUtf8(data)},
            {QStringLiteral("path"), path}, {QStringLiteral("size"), data.size()}});
    }
    if (op == QLatin1String("download") && r.method == "GET") {
        if (!s.files.contains(path))
            return agentError(
                404, QStringLiteral("FILE_NOT_FOUND"), QStringLiteral("File not found: ") + path);
        Reply bytes;
        bytes.body = s.files.value(path);
        bytes.contentType = "application/octet-stream";
        return bytes;
    }
    if (op == QLatin1String("write") && r.method == "POST") {
        QByteArray data = b.value(QStringLiteral("content")).toString().toUtf8();
        if (b.value(QStringLiteral("encoding")).toString() == QLatin1String("base64") && !m_quirks)
            data = QByteArray::fromBase64(data);
        if (!b.value(QStringLiteral("overwrite")).toBool(true) && s.files.contains(path))
            return agentError(
                409, QStringLiteral("FILE_ALREADY_EXISTS"), QStringLiteral("File exists"));
        s.files.insert(path, data);
        mkdirs(parentOf(path));
        return json({{QStringLiteral("success"), true},
            {QStringLiteral("message"), QStringLiteral("File written")},
            {QStringLiteral("path"), path}, {QStringLiteral("size"), data.size()},
            {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}});
    }
    if (op == QLatin1String("list") && r.method == "GET") {
        if (!s.dirs.contains(path)) // the document has 400, not 404, for /files/list
            return agentError(
                400, QStringLiteral("DIRECTORY_NOT_FOUND"), QStringLiteral("Directory not found"));
        QJsonArray list;
        const QString prefix = path + QLatin1Char('/');
        for (const QString &d : s.dirs) {
            if (d.startsWith(prefix) && !d.mid(prefix.size()).contains(QLatin1Char('/')))
                list.append(QJsonObject {{QStringLiteral("name"), d.mid(prefix.size())},
                    {QStringLiteral("path"), d}, {QStringLiteral("size"), 4096},
                    {QStringLiteral("is_directory"), true},
                    {QStringLiteral("modified_time"), iso(QDateTime::currentDateTimeUtc())},
                    {QStringLiteral("permissions"), QStringLiteral("0755")}});
        }
        for (auto it = s.files.cbegin(); it != s.files.cend(); ++it) {
            if (it.key().startsWith(prefix)
                && !it.key().mid(prefix.size()).contains(QLatin1Char('/')))
                list.append(QJsonObject {{QStringLiteral("name"), it.key().mid(prefix.size())},
                    {QStringLiteral("path"), it.key()}, {QStringLiteral("size"), it.value().size()},
                    {QStringLiteral("is_directory"), false},
                    {QStringLiteral("modified_time"), iso(QDateTime::currentDateTimeUtc())},
                    {QStringLiteral("permissions"), QStringLiteral("0644")}});
        }
        return json({{QStringLiteral("path"), path}, {QStringLiteral("count"), list.size()},
            {QStringLiteral("files"), list}});
    }
    if (op == QLatin1String("exists") && r.method == "GET")
        return json({{QStringLiteral("exists"), s.files.contains(path) || s.dirs.contains(path)},
            {QStringLiteral("path"), path}});
    if (op == QLatin1String("remove") && r.method == "DELETE") {
        if (!s.files.contains(path) && !s.dirs.contains(path)) // no 404 for /files/remove
            return agentError(
                400, QStringLiteral("FILE_NOT_FOUND"), QStringLiteral("File not found: ") + path);
        s.files.remove(path);
        s.dirs.remove(path);
        const QString prefix = path + QLatin1Char('/');
        for (auto it = s.files.begin(); it != s.files.end();)
            it = it.key().startsWith(prefix) ? s.files.erase(it) : std::next(it);
        for (auto it = s.dirs.begin(); it != s.dirs.end();)
            it = it->startsWith(prefix) ? s.dirs.erase(it) : std::next(it);
        return json({{QStringLiteral("success"), true}, {QStringLiteral("path"), path}});
    }
    if (op == QLatin1String("mkdir") && r.method == "POST") {
        mkdirs(path);
        return json({{QStringLiteral("success"), true}, {QStringLiteral("path"), path}});
    }
    return textReply(404, "404 page not found");
}

FakeHopxServer::Reply FakeHopxServer::envRoute(Sandbox &s, const Request &r)
{
    if (r.method == "GET") {
        QJsonObject vars;
        static const QRegularExpression secret(
            QStringLiteral("KEY|SECRET|PASSWORD|TOKEN"), QRegularExpression::CaseInsensitiveOption);
        for (auto it = s.env.cbegin(); it != s.env.cend(); ++it)
            vars.insert(it.key(),
                secret.match(it.key()).hasMatch() ? QStringLiteral("***MASKED***") : it.value());
        return json({{QStringLiteral("env_vars"), vars}, {QStringLiteral("count"), vars.size()},
            {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}});
    }
    if (r.method == "DELETE") {
        s.env.clear();
        return json({{QStringLiteral("success"), true}});
    }
    if (r.method != "PUT" && r.method != "PATCH")
        return agentError(
            405, QStringLiteral("METHOD_NOT_ALLOWED"), QStringLiteral("Method not allowed"));
    QJsonParseError pe {};
    const QJsonObject b = QJsonDocument::fromJson(r.body, &pe).object();
    if (pe.error != QJsonParseError::NoError || !b.value(QStringLiteral("env_vars")).isObject())
        return agentError(
            400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("env_vars is required"));
    if (r.method == "PUT")
        s.env.clear();
    const QJsonObject vars = b.value(QStringLiteral("env_vars")).toObject();
    for (auto it = vars.begin(); it != vars.end(); ++it)
        s.env.insert(it.key(), it.value().toString());
    return json({{QStringLiteral("success"), true}, {QStringLiteral("count"), int(s.env.size())}});
}

// The document lists the desktop operations without request bodies; these are the Python SDK's.
FakeHopxServer::Reply FakeHopxServer::desktop(Sandbox &s, const Request &r)
{
    if (r.method != "POST")
        return agentError(
            405, QStringLiteral("METHOD_NOT_ALLOWED"), QStringLiteral("Method not allowed"));
    if (!s.desktop) // the document's 503, with the SDK's code
        return agentError(503, QStringLiteral("DESKTOP_NOT_AVAILABLE"),
            QStringLiteral("Desktop not available in this template"));
    const QString &p = r.agentPath;
    if (p == QLatin1String("/desktop/screenshot"))
        return json({{QStringLiteral("image"), QString::fromLatin1(kPngBase64)},
            {QStringLiteral("format"), QStringLiteral("png")}, {QStringLiteral("width"), 1},
            {QStringLiteral("height"), 1}});
    static const QHash<QString, QStringList> required {
        {QStringLiteral("/desktop/mouse/click"), {"x", "y"}},
        {QStringLiteral("/desktop/mouse/move"), {"x", "y"}},
        {QStringLiteral("/desktop/mouse/drag"), {"from_x", "from_y", "to_x", "to_y"}},
        {QStringLiteral("/desktop/mouse/scroll"), {"amount"}},
        {QStringLiteral("/desktop/keyboard/type"), {"text"}},
        {QStringLiteral("/desktop/keyboard/press"), {"key"}},
        {QStringLiteral("/desktop/keyboard/combination"), {"modifiers", "key"}}};
    const auto it = required.constFind(p);
    if (it == required.constEnd())
        return textReply(404, "404 page not found");
    const QJsonObject body = r.json();
    for (const QString &field : *it) {
        if (!body.contains(field))
            return agentError(400, QStringLiteral("MISSING_PARAMETER"), field + " is required");
    }
    s.desktopEvents.append(
        QJsonObject {{QStringLiteral("action"), p}, {QStringLiteral("body"), body}});
    return json({{QStringLiteral("success"), true}});
}

// POST /files/upload, multipart/form-data with `file` (required) and `path` (agent 3.2.8).
FakeHopxServer::Reply FakeHopxServer::upload(Sandbox &s, const Request &r)
{
    const QByteArray type = r.header("content-type");
    const qsizetype at = type.indexOf("boundary=");
    if (!type.startsWith("multipart/form-data") || at < 0)
        return agentError(
            400, QStringLiteral("INVALID_REQUEST"), QStringLiteral("multipart/form-data expected"));
    QByteArray boundary = type.mid(at + 9);
    if (boundary.startsWith('"'))
        boundary = boundary.mid(1, boundary.size() - 2);
    QHash<QByteArray, QByteArray> parts;
    const QByteArray delimiter = "--" + boundary;
    QList<QByteArray> chunks;
    for (qsizetype from = 0, next = 0; (next = r.body.indexOf(delimiter, from)) >= 0;) {
        if (from > 0)
            chunks << r.body.mid(from, next - from);
        from = next + delimiter.size();
    }
    for (const QByteArray &raw : chunks) {
        const qsizetype end = raw.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        const QByteArray headers = raw.left(end);
        const qsizetype n = headers.indexOf("name=\"");
        if (n < 0)
            continue;
        const QByteArray name = headers.mid(n + 6, headers.indexOf('"', n + 6) - n - 6);
        QByteArray content = raw.mid(end + 4);
        if (content.endsWith("\r\n"))
            content.chop(2);
        parts.insert(name, content);
    }
    if (!parts.contains("file"))
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("file is required"));
    const QString path = QString::fromUtf8(parts.value("path"));
    if (path.isEmpty())
        return agentError(
            400, QStringLiteral("MISSING_PARAMETER"), QStringLiteral("path is required"));
    if (!allowedPath(path))
        return agentError(
            403, QStringLiteral("PATH_NOT_ALLOWED"), QStringLiteral("Path not allowed: ") + path);
    s.files.insert(path, parts.value("file"));
    for (QString dir = parentOf(path); !dir.isEmpty() && dir != QLatin1String("/");
         dir = parentOf(dir))
        s.dirs.insert(dir);
    return json({{QStringLiteral("success"), true},
        {QStringLiteral("message"), QStringLiteral("File uploaded")},
        {QStringLiteral("path"), path}, {QStringLiteral("size"), parts.value("file").size()},
        {QStringLiteral("timestamp"), iso(QDateTime::currentDateTimeUtc())}});
}

} // namespace Hopx::Test
