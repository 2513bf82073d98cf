// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/ProcTable.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Agent {

namespace {

constexpr std::size_t kMaxCmdline = 1024;

struct Stat
{
    int pid = 0;
    int ppid = 0;
    int pgid = 0;
    char state = '?';
    std::string name;
    unsigned long long cpuTicks = 0;
    unsigned long long startTicks = 0;
    long rssPages = 0;
};

std::string readSmallFile(const std::string &path, std::size_t max)
{
    std::string out;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return out;
    char buffer[4096];
    while (out.size() < max) {
        const ssize_t n = ::read(fd, buffer, std::min(sizeof(buffer), max - out.size()));
        if (n <= 0)
            break;
        out.append(buffer, std::size_t(n));
    }
    ::close(fd);
    return out;
}

bool readStat(int pid, Stat &st)
{
    const std::string text = readSmallFile("/proc/" + std::to_string(pid) + "/stat", 4096);
    // comm may contain spaces and parentheses: it ends at the *last* ')'.
    const std::size_t open = text.find('(');
    const std::size_t close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        return false;
    st.pid = pid;
    st.name = text.substr(open + 1, close - open - 1);
    unsigned long long utime = 0, stime = 0;
    long rss = 0;
    // Fields after comm: 3 state, 4 ppid, 5 pgrp, ... 14 utime, 15 stime, ... 22 starttime,
    // 23 vsize, 24 rss.
    const int got = std::sscanf(text.c_str() + close + 1,
        " %c %d %d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d "
        "%*d %*d %*d %*d %llu %*u %ld",
        &st.state, &st.ppid, &st.pgid, &utime, &stime, &st.startTicks, &rss);
    if (got != 7)
        return false;
    st.cpuTicks = utime + stime;
    st.rssPages = rss;
    return true;
}

std::vector<int> listPids()
{
    std::vector<int> pids;
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return pids;
    while (struct dirent *e = ::readdir(dir)) {
        char *end = nullptr;
        const long pid = std::strtol(e->d_name, &end, 10);
        if (pid > 0 && end && *end == '\0')
            pids.push_back(int(pid));
    }
    ::closedir(dir);
    std::sort(pids.begin(), pids.end());
    return pids;
}

long long bootMs()
{
    struct timespec ts;
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

} // namespace

std::vector<std::string> ProcTable::records(int self, std::size_t budget)
{
    std::vector<std::string> out;
    const long ticks = ::sysconf(_SC_CLK_TCK);
    const long pageKb = ::sysconf(_SC_PAGESIZE) / 1024;
    const long long now = bootMs();
    std::size_t used = 0;
    for (int pid : listPids()) {
        if (pid == 1 || pid == self)
            continue;
        Stat st;
        if (!readStat(pid, st))
            continue;
        std::string cmd = readSmallFile("/proc/" + std::to_string(pid) + "/cmdline", kMaxCmdline);
        while (!cmd.empty() && cmd.back() == '\0')
            cmd.pop_back();
        std::replace(cmd.begin(), cmd.end(), '\0', ' ');
        // The record must stay one field: no NUL (already gone); the name must not contain
        // the tab that separates it from the command line.
        std::replace(st.name.begin(), st.name.end(), '\t', ' ');
        std::replace(st.name.begin(), st.name.end(), '\n', ' ');
        const long long startMs = (long long)(st.startTicks * 1000 / (unsigned long long)ticks);
        char head[160];
        std::snprintf(head, sizeof(head), "%d %d %d %c %ld %llu %lld ", st.pid, st.ppid, st.pgid,
            st.state, st.rssPages * pageKb, st.cpuTicks * 1000 / (unsigned long long)ticks,
            std::max(0LL, now - startMs));
        std::string record = head + st.name + '\t' + cmd;
        if (used + record.size() + 1 > budget)
            break;
        used += record.size() + 1;
        out.push_back(std::move(record));
    }
    return out;
}

ProcTable::Totals ProcTable::totals()
{
    Totals t;
    const long pageKb = ::sysconf(_SC_PAGESIZE) / 1024;
    const long ticks = ::sysconf(_SC_CLK_TCK);
    for (int pid : listPids()) {
        Stat st;
        if (!readStat(pid, st))
            continue;
        ++t.processes;
        t.rssKb += st.rssPages * pageKb;
        if (pid == 1)
            t.sandboxUptimeMs = long(std::max(
                0LL, bootMs() - (long long)(st.startTicks * 1000 / (unsigned long long)ticks)));
    }
    return t;
}

} // namespace Hopx::Agent
