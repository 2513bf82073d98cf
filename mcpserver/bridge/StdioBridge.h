// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ipc/LineBuffer.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QHash>
#include <QJsonValue>
#include <QString>

class QLocalSocket;
class QSocketNotifier;
class QTimer;

namespace Hopx::Bridge {

/*! \brief stdin/stdout ⇄ the app's local socket, line for line, byte for byte.
 *
 * stdout carries protocol only. Requests sent to the app are remembered until answered, so
 * that when the app cannot be reached or dies, each gets a JSON-RPC error saying what to do
 * and the bridge exits 1 instead of leaving the IDE waiting. Exits 0 on stdin EOF.
 */
class StdioBridge : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString serverName;
        bool launch = true;
        int launchWaitMs = 10000;
        QString appPath; // empty = find hopx-desktop next to the bridge, then on PATH
    };

    explicit StdioBridge(const Options &options, QObject *parent = nullptr);
    void start();

signals:
    void finished(int exitCode);

private:
    void connectToApp();
    void onConnected();
    void onConnectFailed();
    void onDisconnected();
    void readStdin();
    void readSocket();
    void forwardToApp(const QByteArray &line);
    void trackRequest(const QByteArray &line);
    void trackResponse(const QByteArray &line);
    bool launchApp();
    void failPending(const QString &message);
    void writeStdout(const QByteArray &bytes);
    void finish(int exitCode);

    Options m_options;
    QLocalSocket *m_socket;
    QSocketNotifier *m_stdinNotifier = nullptr;
    QTimer *m_retryTimer;
    Ipc::LineBuffer m_stdinBuffer;
    Ipc::LineBuffer m_socketBuffer;
    QList<QByteArray> m_queued;     // lines read before the app answered
    QHash<QString, QJsonValue> m_pending; // requests forwarded, not yet answered: key → id
    QElapsedTimer m_launchTimer;
    QString m_failure;              // set once the app is unreachable for good
    bool m_connected = false;
    bool m_launched = false;
    bool m_stdinClosed = false;
    bool m_finished = false;
};

} // namespace Hopx::Bridge
