// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>

namespace Hopx::Local {

/*! \brief Resource limits of one local sandbox (local-sandbox.md §3).
 *
 * With a writable cgroup (v1 as root, v2 when delegated) memory, processes and CPU share are
 * enforced for the sandbox as a whole. Without one the agent falls back to rlimits set inside
 * the user namespace: RLIMIT_NPROC (per sandbox, but not when the app runs as root) and
 * RLIMIT_DATA (per process). 0 means "no limit" wherever it is allowed.
 */
struct SandboxLimits
{
    int memoryMb = 1024; // cgroup memory limit; RLIMIT_DATA per process otherwise
    int processes = 256; // cgroup pids.max and RLIMIT_NPROC
    int cpuSecondsPerRun = 0; // default RLIMIT_CPU of one exec; the wall clock still applies
    int cpuPercent = 0; // cgroup CPU quota, 100 = one core; 0 = none
    int openFiles = 1024; // RLIMIT_NOFILE
    int diskMb = 512; // size of the private /tmp and of /dev/shm (tmpfs, each)
    int fileSizeMb = 1024; // RLIMIT_FSIZE: largest single file a program may write
    int workspaceMb = 2048; // the sandbox's disk: /workspace, /home/user, checkpoints

    bool operator==(const SandboxLimits &o) const
    {
        return memoryMb == o.memoryMb && processes == o.processes
            && cpuSecondsPerRun == o.cpuSecondsPerRun && cpuPercent == o.cpuPercent
            && openFiles == o.openFiles && diskMb == o.diskMb && fileSizeMb == o.fileSizeMb
            && workspaceMb == o.workspaceMb;
    }
    bool operator!=(const SandboxLimits &o) const { return !(*this == o); }
    //! The limits as get_system_metrics and get_vm_info report them.
    QJsonObject toJson() const
    {
        return QJsonObject {{QStringLiteral("memory_mb"), memoryMb},
            {QStringLiteral("processes"), processes},
            {QStringLiteral("cpu_seconds_per_run"), cpuSecondsPerRun},
            {QStringLiteral("tmp_mb"), diskMb}, {QStringLiteral("disk_mb"), workspaceMb},
            {QStringLiteral("open_files"), openFiles}};
    }
};

} // namespace Hopx::Local
