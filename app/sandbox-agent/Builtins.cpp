// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/Builtins.h"

#include "sandbox-agent/Message.h"
#include "sandbox-agent/ProcTable.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Agent {

namespace {

constexpr std::uint64_t kMaxListEntries = 10 * 1000 * 1000;
constexpr long kMaxDiskScanEntries = 200000;

int fail(const char *builtin, const std::string &path, int error)
{
    std::string line = std::string(builtin) + ": ";
    if (!path.empty())
        line += path + ": ";
    line += std::strerror(error);
    line += '\n';
    (void)!::write(2, line.data(), line.size());
    return error;
}

bool writeAll(int fd, const char *data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

// Copies until EOF on `in`. Returns 0 or the errno of the side that failed.
int copyAll(int in, int out)
{
    // A pipe on one side (file_upload and file_download stream through one): splice moves the
    // pages inside the kernel. EINVAL means it does not apply here (no pipe, an O_APPEND file):
    // the loop below takes over from where splice stopped.
    for (;;) {
        const ssize_t n = ::splice(in, nullptr, out, nullptr, 1 << 20, SPLICE_F_MOVE);
        if (n == 0)
            return 0;
        if (n > 0)
            continue;
        if (errno == EINTR)
            continue;
        if (errno == EINVAL || errno == ENOSYS || errno == EPERM)
            break;
        return errno;
    }
    static char buffer[128 * 1024];
    for (;;) {
        const ssize_t n = ::read(in, buffer, sizeof(buffer));
        if (n == 0)
            return 0;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (!writeAll(out, buffer, std::size_t(n)))
            return errno;
    }
}

char typeLetter(mode_t mode)
{
    if (S_ISREG(mode))
        return 'f';
    if (S_ISDIR(mode))
        return 'd';
    if (S_ISLNK(mode))
        return 'l';
    return 'o';
}

std::string entryLine(const std::string &name, const struct stat *st)
{
    char tail[96];
    if (st) {
        std::snprintf(tail, sizeof(tail), "\t%c\t%lld\t%lld\t%04o\n", typeLetter(st->st_mode),
            static_cast<long long>(st->st_size), static_cast<long long>(st->st_mtim.tv_sec),
            static_cast<unsigned>(st->st_mode & 07777));
    } else {
        std::snprintf(tail, sizeof(tail), "\to\t0\t0\t0000\n");
    }
    return Builtins::escapeName(name) + tail;
}

std::string baseName(std::string path)
{
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    if (path == "/")
        return path;
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// mkdir -p; a final component that exists as a directory (or a link to one) is fine.
int makePath(const std::string &path, mode_t mode)
{
    if (path.empty())
        return ENOENT;
    std::string prefix;
    std::size_t pos = 0;
    while (pos <= path.size()) {
        std::size_t next = path.find('/', pos);
        if (next == std::string::npos)
            next = path.size();
        prefix = path.substr(0, next);
        pos = next + 1;
        if (prefix.empty() || prefix.back() == '/')
            continue;
        if (::mkdir(prefix.c_str(), mode) == 0)
            continue;
        if (errno != EEXIST)
            return errno;
        struct stat st;
        if (::stat(prefix.c_str(), &st) != 0)
            return errno;
        if (!S_ISDIR(st.st_mode))
            return ENOTDIR;
    }
    return 0;
}

// Removes `name` (a directory) below dirFd without ever following a symlink: every level is
// opened with O_NOFOLLOW relative to its parent's fd.
int removeTree(int dirFd, const char *name)
{
    const int fd = ::openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno;
    DIR *dir = ::fdopendir(fd);
    if (!dir) {
        const int e = errno;
        ::close(fd);
        return e;
    }
    int result = 0;
    while (struct dirent *e = ::readdir(dir)) {
        if (!std::strcmp(e->d_name, ".") || !std::strcmp(e->d_name, ".."))
            continue;
        bool isDir = e->d_type == DT_DIR;
        if (e->d_type == DT_UNKNOWN) {
            struct stat st;
            isDir = ::fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
        }
        const int r =
            isDir ? removeTree(fd, e->d_name) : (::unlinkat(fd, e->d_name, 0) == 0 ? 0 : errno);
        if (r && !result)
            result = r;
    }
    ::closedir(dir);
    if (::unlinkat(dirFd, name, AT_REMOVEDIR) != 0 && !result)
        result = errno;
    return result;
}

int doRead(const std::string &path)
{
    // O_NONBLOCK so that a FIFO cannot hang the open; only regular files are read, which
    // also rules out /dev/zero-style endless sources.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return fail("@read", path, errno);
    struct stat st;
    if (::fstat(fd, &st) != 0)
        return fail("@read", path, errno);
    if (S_ISDIR(st.st_mode))
        return fail("@read", path, EISDIR);
    if (!S_ISREG(st.st_mode))
        return fail("@read", path, EINVAL);
    ::fcntl(fd, F_SETFL, 0);
    const int r = copyAll(fd, 1);
    ::close(fd);
    return r ? fail("@read", path, r) : 0;
}

int doWrite(const std::string &path, mode_t mode, bool append)
{
    const std::size_t slash = path.rfind('/');
    if (slash != std::string::npos && slash > 0) {
        const int r = makePath(path.substr(0, slash), 0755);
        if (r)
            return fail("@write", path, r);
    }
    const int common = O_WRONLY | O_CLOEXEC | O_NOCTTY | (append ? O_APPEND : 0);
    bool created = true;
    int fd = ::open(path.c_str(), common | O_CREAT | O_EXCL, mode);
    if (fd < 0 && errno == EEXIST) {
        created = false;
        fd = ::open(path.c_str(), common | (append ? 0 : O_TRUNC));
    }
    if (fd < 0)
        return fail("@write", path, errno);
    // The umask must not weaken or strengthen what was asked for.
    if (created && ::fchmod(fd, mode) != 0)
        return fail("@write", path, errno);
    const int r = copyAll(0, fd);
    if (r)
        return fail("@write", path, r);
    if (::close(fd) != 0)
        return fail("@write", path, errno);
    return 0;
}

int doList(const std::string &path, std::uint64_t max)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return fail("@list", path, errno);
    DIR *dir = ::fdopendir(fd);
    if (!dir)
        return fail("@list", path, errno);
    std::vector<std::string> names;
    errno = 0;
    while (struct dirent *e = ::readdir(dir)) {
        if (!std::strcmp(e->d_name, ".") || !std::strcmp(e->d_name, ".."))
            continue;
        names.emplace_back(e->d_name);
    }
    if (errno)
        return fail("@list", path, errno);
    std::sort(names.begin(), names.end());
    std::string out;
    const std::size_t shown = std::min<std::uint64_t>(max, names.size());
    for (std::size_t i = 0; i < shown; ++i) {
        struct stat st;
        const bool ok = ::fstatat(fd, names[i].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
        out += entryLine(names[i], ok ? &st : nullptr);
        if (out.size() >= 64 * 1024) {
            if (!writeAll(1, out.data(), out.size()))
                return errno;
            out.clear();
        }
    }
    if (names.size() > shown)
        out += "...\t" + std::to_string(names.size()) + "\n";
    ::closedir(dir);
    return writeAll(1, out.data(), out.size()) ? 0 : errno;
}

int doStat(const std::string &path)
{
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0)
        return fail("@stat", path, errno);
    const std::string line = entryLine(baseName(path), &st);
    return writeAll(1, line.data(), line.size()) ? 0 : errno;
}

int doRemove(const std::string &path)
{
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0)
        return fail("@remove", path, errno);
    if (!S_ISDIR(st.st_mode))
        return ::unlink(path.c_str()) == 0 ? 0 : fail("@remove", path, errno);
    // "@remove /" would empty every writable mount before failing on the read-only root.
    char *real = ::realpath(path.c_str(), nullptr);
    const bool isRoot = real && std::strcmp(real, "/") == 0;
    std::free(real);
    if (isRoot)
        return fail("@remove", path, EBUSY);
    const int r = removeTree(AT_FDCWD, path.c_str());
    return r ? fail("@remove", path, r) : 0;
}

long g_memoryCapKb = 0;
long g_diskKb = 0;
long g_diskEntries = 0;

int addDiskUsage(const char *, const struct stat *st, int type, struct FTW *)
{
    if (type == FTW_F || type == FTW_D || type == FTW_DP || type == FTW_SL)
        g_diskKb += long(st->st_blocks / 2);
    return ++g_diskEntries >= kMaxDiskScanEntries ? 1 : 0;
}

int doMetrics()
{
    const ProcTable::Totals totals = ProcTable::totals();
    long memTotalKb = 0;
    if (FILE *f = std::fopen("/proc/meminfo", "re")) {
        char line[256];
        while (std::fgets(line, sizeof(line), f)) {
            if (std::sscanf(line, "MemTotal: %ld kB", &memTotalKb) == 1)
                break;
        }
        std::fclose(f);
    }
    // The agent gets the sandbox's memory cap on its command line; a sandbox should not
    // report the host's RAM as its own.
    if (g_memoryCapKb > 0 && (memTotalKb == 0 || g_memoryCapKb < memTotalKb))
        memTotalKb = g_memoryCapKb;
    double load1 = 0;
    if (FILE *f = std::fopen("/proc/loadavg", "re")) {
        if (std::fscanf(f, "%lf", &load1) != 1)
            load1 = 0;
        std::fclose(f);
    }
    g_diskKb = 0;
    g_diskEntries = 0;
    const int walk = ::nftw("/workspace", addDiskUsage, 32, FTW_PHYS | FTW_MOUNT);
    char out[512];
    const int n = std::snprintf(out, sizeof(out),
        "mem_total_kb %ld\nmem_used_kb %ld\nprocs %ld\nload1 %.2f\n"
        "uptime_s %ld\ndisk_used_kb %ld\ndisk_scan_complete %d\n",
        memTotalKb, totals.rssKb, totals.processes, load1, totals.sandboxUptimeMs / 1000, g_diskKb,
        walk == 0 ? 1 : 0);
    return writeAll(1, out, std::size_t(n)) ? 0 : errno;
}

struct Spec
{
    const char *name;
    std::size_t args;
};

const Spec kSpecs[] = {{"@read", 1}, {"@write", 3}, {"@list", 2}, {"@stat", 1}, {"@mkdir", 1},
    {"@remove", 1}, {"@metrics", 0}};

} // namespace

bool Builtins::validate(const std::vector<std::string> &argv, int &error, std::string &message)
{
    for (const Spec &s : kSpecs) {
        if (argv[0] != s.name)
            continue;
        if (argv.size() != s.args + 1) {
            error = EINVAL;
            message = argv[0] + ": expected " + std::to_string(s.args) + " argument(s)";
            return false;
        }
        for (std::size_t i = 1; i < argv.size(); ++i) {
            if (argv[i].empty()) {
                error = EINVAL;
                message = argv[0] + ": empty argument";
                return false;
            }
        }
        std::uint64_t value = 0;
        if (argv[0] == "@write") {
            bool octal = argv[2].size() <= 4;
            for (char c : argv[2])
                octal = octal && c >= '0' && c <= '7';
            if (!octal || (argv[3] != "0" && argv[3] != "1")) {
                error = EINVAL;
                message = "@write: MODE must be octal (e.g. 644) and APPEND 0 or 1";
                return false;
            }
        } else if (argv[0] == "@list" && !Message::parseUnsigned(argv[2], kMaxListEntries, value)) {
            error = EINVAL;
            message = "@list: MAX must be a number";
            return false;
        }
        return true;
    }
    error = ENOENT;
    message = argv[0] + ": no such builtin";
    return false;
}

int Builtins::run(const std::vector<std::string> &argv)
{
    const std::string &name = argv[0];
    if (name == "@read")
        return doRead(argv[1]);
    if (name == "@write")
        return doWrite(argv[1], mode_t(std::strtoul(argv[2].c_str(), nullptr, 8)), argv[3] == "1");
    if (name == "@list") {
        std::uint64_t max = 0;
        Message::parseUnsigned(argv[2], kMaxListEntries, max);
        return doList(argv[1], max);
    }
    if (name == "@stat")
        return doStat(argv[1]);
    if (name == "@mkdir") {
        const int r = makePath(argv[1], 0755);
        return r ? fail("@mkdir", argv[1], r) : 0;
    }
    if (name == "@remove")
        return doRemove(argv[1]);
    if (name == "@metrics")
        return doMetrics();
    return fail(name.c_str(), {}, ENOENT);
}

void Builtins::setMemoryCapKb(long kb)
{
    g_memoryCapKb = kb;
}

std::string Builtins::escapeName(const std::string &name)
{
    std::string out;
    out.reserve(name.size());
    for (char c : name) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\n')
            out += "\\n";
        else
            out.push_back(c);
    }
    return out;
}

} // namespace Hopx::Agent
