// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Local::KernelFrame: the lines the sandbox's Python kernel writes back. Code in the sandbox
// controls the kernel, so each line is attacker-written. The input is one line.
#include "providers/local/agentlink/KernelFrame.h"

#include "FuzzSupport.h"

using Hopx::Local::KernelFrame;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray line(reinterpret_cast<const char *>(data), qsizetype(size));
    const KernelFrame frame = KernelFrame::parse(line);
    for (const auto &out : frame.richOutputs)
        FUZZ_CHECK(!out.mimeType.isEmpty() && !out.data.isEmpty());
    if (frame.type != KernelFrame::Type::Stream)
        FUZZ_CHECK(frame.text.isEmpty());
    if (frame.type != KernelFrame::Type::Result)
        FUZZ_CHECK(frame.richOutputs.isEmpty());
    if (frame.type == KernelFrame::Type::Unknown)
        FUZZ_CHECK(frame.message.isEmpty());
    return 0;
}
