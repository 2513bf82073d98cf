// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace Hopx::Ipc {

/*! \brief The stdio hand-off between the bridge and the app (plain POSIX, no Qt).
 *
 * Forwarding every line through the bridge costs a process hop each way (~35 µs a round
 * trip). So when the bridge's stdin and stdout are pipes or sockets, it offers them to the
 * app instead: its hello says "handoff":1 and it reads nothing from stdin until the app
 * answers. The app replies with a control line; on "send" the bridge passes both
 * descriptors with SCM_RIGHTS and the app serves the IDE's pipes directly. The bridge stays
 * connected so that it can still answer for the app if the app dies: the app tells it which
 * requests are still open (hopx_pending / hopx_done) and says hopx_bye when the session ends
 * normally. A connection without a hand-off is forwarded line by line as before.
 *
 * Control lines, app → bridge, one JSON object per line:
 *   {"hopx_handoff":"send"}  send the descriptors now (the next bytes on the socket)
 *   {"hopx_handoff":"ok"}    the app serves stdin/stdout; stop reading stdin
 *   {"hopx_handoff":"no"}    forward line by line
 *   {"hopx_pending":1,"id":ID}  the request ID is running (not answered when it was read)
 *   {"hopx_done":1,"id":ID}     its answer was written
 *   {"hopx_bye":CODE}        the session ended normally; exit with CODE
 * The "id" member lets the bridge read these with the same scanMessage() it uses for MCP.
 */
namespace Handoff {

constexpr std::string_view kSend = "{\"hopx_handoff\":\"send\"}";
constexpr std::string_view kAccepted = "{\"hopx_handoff\":\"ok\"}";
constexpr std::string_view kDeclined = "{\"hopx_handoff\":\"no\"}";
constexpr std::string_view kPendingPrefix = "{\"hopx_pending\":";
constexpr std::string_view kDonePrefix = "{\"hopx_done\":";
constexpr std::string_view kByePrefix = "{\"hopx_bye\":";

std::string pendingLine(std::string_view idJson);
std::string doneLine(std::string_view idJson);
std::string byeLine(int exitCode);

//! True for a pipe or a socket: descriptors worth handing off (not a terminal or a file).
bool isStreamDescriptor(int fd);

//! Sends one byte carrying \a inFd and \a outFd over the Unix socket \a socket.
bool sendDescriptors(int socket, int inFd, int outFd);

/*! Waits up to \a timeoutMs for the descriptors on \a socket (blocking the caller; the
 *  peer sends them at once after "send"). The received descriptors are close-on-exec, so
 *  no sandbox started later inherits the IDE's pipes. Returns false, with nothing left
 *  open, unless exactly two stream descriptors arrived. */
bool receiveDescriptors(int socket, int timeoutMs, int *inFd, int *outFd);

} // namespace Handoff
} // namespace Hopx::Ipc
