// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/KernelPipes.h"

#include <QByteArray>
#include <QObject>

#include <memory>

class QSocketNotifier;

namespace Hopx::Local {

/*! \brief Reads and writes the pipes of the Python interpreter that runs now.
 *
 * Its output is split into lines (frames) as it comes, without blocking the event loop; a
 * line longer than the limit ends the reading (oversized()), since code in the sandbox
 * writes it. Its stderr holds the interpreter's own diagnostics, never user output: it is
 * drained so the interpreter never blocks on it. One link serves the launches of its kernel
 * one after another (attach, detach); a slot of frame() may detach it.
 */
class KernelLink : public QObject
{
    Q_OBJECT
public:
    explicit KernelLink(QObject *parent = nullptr);
    ~KernelLink() override;

    //! Watches \a pipes (the launch, or a resumed copy) from now on.
    void attach(std::shared_ptr<KernelPipes> pipes);
    //! Stops watching; the pipes close once no checkpoint holds them either.
    void detach();
    const std::shared_ptr<KernelPipes> &pipes() const { return m_pipes; }
    bool canWrite() const { return m_pipes != nullptr; }
    /*! Writes \a line and a newline, blocking: the interpreter reads whole request lines
     *  while idle, so this drains. False when its input is closed. */
    bool writeLine(const QByteArray &line);

signals:
    //! One line the interpreter wrote, without its newline.
    void frame(const QByteArray &line);
    //! The interpreter wrote more than the limit without a newline; nothing more is read.
    void oversized();

private:
    void readOutput();
    void drainStderr();

    std::shared_ptr<KernelPipes> m_pipes;
    QSocketNotifier *m_outNotifier = nullptr;
    QSocketNotifier *m_errNotifier = nullptr;
    QByteArray m_buffer;
};

} // namespace Hopx::Local
