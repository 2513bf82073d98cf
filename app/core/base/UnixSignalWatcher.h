// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QSocketNotifier;

namespace Hopx::Core {

/*! \brief Turns SIGINT/SIGTERM/SIGHUP into a Qt signal (self-pipe), so shutdown runs in the
 *  event loop: sandboxes torn down, socket removed. */
class UnixSignalWatcher : public QObject
{
    Q_OBJECT
public:
    explicit UnixSignalWatcher(QObject *parent = nullptr);
    ~UnixSignalWatcher() override;

signals:
    void terminationRequested(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Hopx::Core
