// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/SecretCommandLine.h"

#include "core/secrets/SecretStore.h"

#include <QCommandLineParser>
#include <QEventLoop>

#include <functional>

namespace Hopx::Core {

namespace {

//! Waits for one asynchronous store operation; its error (if any) is printed.
int waitFor(const std::function<void(Callback<Unit>)> &start, const char *success)
{
    int exitCode = 1;
    bool finished = false;
    QEventLoop loop;
    start([&](Result<Unit> r) {
        if (r) {
            std::fprintf(stderr, "hopx-desktop: %s\n", success);
            exitCode = 0;
        } else {
            std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(r.error().message));
        }
        finished = true;
        loop.quit();
    });
    if (!finished)
        loop.exec();
    return exitCode;
}

} // namespace

SecretCommandLine::SecretCommandLine()
    : m_set(QStringLiteral("set-secret"),
        QStringLiteral("Read a secret's value from stdin and store it in the keychain under "
                       "NAME (needs --hosts), exit."),
        QStringLiteral("NAME"))
    , m_hosts(QStringLiteral("hosts"),
          QStringLiteral("With --set-secret: the hosts the secret belongs to, comma-separated "
                         "(api.example.com,*.example.org)."),
          QStringLiteral("hosts"))
    , m_inQuery(QStringLiteral("secret-in-query"),
          QStringLiteral("With --set-secret: also substitute it in URL query strings."))
    , m_inBody(QStringLiteral("secret-in-body"),
          QStringLiteral("With --set-secret: also substitute it in request bodies."))
    , m_alwaysAllow(QStringLiteral("secret-always-allow"),
          QStringLiteral("With --set-secret: let every sandbox that asks for it have it without "
                         "asking the user."))
    , m_list(QStringLiteral("list-secrets"),
          QStringLiteral("Print the stored secrets' names and hosts (never values), exit."))
    , m_remove(QStringLiteral("remove-secret"),
          QStringLiteral("Remove the secret NAME from the keychain and the settings, exit."),
          QStringLiteral("NAME"))
{ }

void SecretCommandLine::addOptions(QCommandLineParser &parser) const
{
    parser.addOptions({m_set, m_hosts, m_inQuery, m_inBody, m_alwaysAllow, m_list, m_remove});
}

bool SecretCommandLine::requested(const QCommandLineParser &parser) const
{
    return parser.isSet(m_set) || parser.isSet(m_list) || parser.isSet(m_remove);
}

bool SecretCommandLine::writesKeychain(const QCommandLineParser &parser) const
{
    return parser.isSet(m_set) || parser.isSet(m_remove);
}

int SecretCommandLine::run(
    const QCommandLineParser &parser, SecretStore &store, std::FILE *in) const
{
    if (parser.isSet(m_set))
        return set(parser, store, in);
    if (parser.isSet(m_remove))
        return remove(parser.value(m_remove), store);
    return list(store);
}

int SecretCommandLine::set(
    const QCommandLineParser &parser, SecretStore &store, std::FILE *in) const
{
    SecretStore::Entry entry;
    entry.name = parser.value(m_set);
    if (Result<Unit> name = SecretStore::checkName(entry.name); !name) {
        std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(name.error().message));
        return 2;
    }
    const Result<QStringList> hosts = SecretStore::parseHosts(parser.value(m_hosts));
    if (!hosts) {
        std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(hosts.error().message));
        return 2;
    }
    entry.hosts = hosts.value();
    entry.inQuery = parser.isSet(m_inQuery);
    entry.inBody = parser.isSet(m_inBody);
    entry.alwaysAllow = parser.isSet(m_alwaysAllow);
    QByteArray bytes;
    char buffer[4096];
    size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof(buffer), in)) > 0
        && bytes.size() <= SecretStore::kMaxValueBytes)
        bytes.append(buffer, qsizetype(n));
    // `echo "$VALUE" |` adds one line break, which is not part of the value.
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    if (bytes.endsWith('\r'))
        bytes.chop(1);
    if (bytes.isEmpty()) {
        std::fprintf(stderr,
            "hopx-desktop: no value on stdin (usage: printf %%s \"$VALUE\" | hopx-desktop "
            "--set-secret NAME --hosts api.example.com)\n");
        return 2;
    }
    const QString value = QString::fromUtf8(bytes);
    bytes.fill('\0');
    return waitFor([&](Callback<Unit> done) { store.set(entry, value, std::move(done)); },
        "secret stored in the keychain");
}

int SecretCommandLine::list(SecretStore &store) const
{
    for (const SecretStore::Entry &e : store.list()) {
        QStringList options;
        if (e.inQuery)
            options << QStringLiteral("query");
        if (e.inBody)
            options << QStringLiteral("body");
        if (e.alwaysAllow)
            options << QStringLiteral("always-allow");
        std::printf("%s\t%s%s\n", qPrintable(e.name), qPrintable(e.hosts.join(QLatin1Char(','))),
            options.isEmpty() ? ""
                              : qPrintable(QLatin1Char('\t') + options.join(QLatin1Char(','))));
    }
    return 0;
}

int SecretCommandLine::remove(const QString &name, SecretStore &store) const
{
    if (!store.find(name)) {
        std::fprintf(stderr, "hopx-desktop: no secret named \"%s\" (--list-secrets shows them)\n",
            qPrintable(name));
        return 1;
    }
    return waitFor(
        [&](Callback<Unit> done) { store.remove(name, std::move(done)); }, "secret removed");
}

} // namespace Hopx::Core
