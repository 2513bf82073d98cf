// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// file_upload / file_download with local sandboxes: host files only beneath the client's roots
// or an approved folder, with the user's consent, streamed, nothing half-written, no escape.
#include "support/McpTestClient.h"
#include "support/RootsClient.h"
#include "support/ToolResultJson.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace HopxTest;

namespace {

bool isError(const QJsonObject &result)
{
    return result.value(QStringLiteral("isError")).toBool();
}
bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
//! Names in `dir` (hidden ones too): a failed copy must leave no temporary file behind.
QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class TestHostFiles : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<RootsClient> m_client;
    QTemporaryDir m_project {QString(QDir::tempPath() + QStringLiteral("/hopx-project-XXXXXX"))};
    QTemporaryDir m_outside {QString(QDir::tempPath() + QStringLiteral("/hopx-outside-XXXXXX"))};
    QTemporaryDir m_approved {QString(QDir::tempPath() + QStringLiteral("/hopx-approved-XXXXXX"))};
    QString m_id;

    QString root() const { return m_project.path(); }
    QJsonObject tool(const QString &name, const QJsonObject &args)
    {
        return m_client->tool(name, args);
    }
    QJsonObject command(const QString &cmd)
    {
        return tool(QStringLiteral("run_command"), {{"sandbox_id", m_id}, {"command", cmd}});
    }
    bool sandboxHas(const QString &path)
    {
        return sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", m_id}, {"path", path}}))
            .value(QStringLiteral("exists"))
            .toBool();
    }

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        QVERIFY(m_project.isValid() && m_outside.isValid() && m_approved.isValid());
        m_app = std::make_unique<HeadlessApp>();
        {
            QSettings settings(m_app->root()
                    + QStringLiteral("/xdg_config_home/hopx-desktop/"
                                     "hopx-desktop.ini"),
                QSettings::IniFormat);
            settings.setValue(
                QStringLiteral("files/approvedFolders"), QStringList {m_approved.path()});
            // Small enough for uploadFillingTheWorkspaceKeepsWhatWasThere to fill it.
            settings.setValue(QStringLiteral("local/workspaceMb"), 128);
        }
        QVERIFY(m_app->start());
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<RootsClient>(m_socket.get(), QStringList {root()}, true);
        QVERIFY(m_client->ok());
        const QJsonObject r = tool(QStringLiteral("create_sandbox"), {});
        m_id = sc(r).value(QStringLiteral("id")).toString();
        QVERIFY2(m_id.startsWith(QLatin1String("local-")), dump(r).constData());
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_socket.reset();
        m_app.reset();
    }

    void uploadFromARootAsksOnce()
    {
        QVERIFY(writeFile(root() + QStringLiteral("/data.csv"), "a,b\n1,2\n3,4\n"));
        m_client->questions.clear();
        const QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", QString(root() + QStringLiteral("/data.csv"))}});
        QVERIFY2(!isError(r), dump(r).constData());
        QCOMPARE(
            sc(r).value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/data.csv"));
        QCOMPARE(sc(r).value(QStringLiteral("size")).toInt(), 12);
        QCOMPARE(m_client->questions.size(), 1);
        QVERIFY2(m_client->questions.at(0).contains(root()), qPrintable(m_client->questions.at(0)));
        const QJsonObject read =
            tool(QStringLiteral("file_read"), {{"sandbox_id", m_id}, {"path", "data.csv"}});
        QCOMPARE(sc(read).value(QStringLiteral("content")).toString(),
            QStringLiteral("a,b\n1,2\n3,4\n"));
        // The root's consent holds for this run: no second question.
        const QJsonObject again = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", QString(root() + QStringLiteral("/data.csv"))},
                {"path", "/tmp/copy.csv"}});
        QVERIFY2(!isError(again), dump(again).constData());
        QCOMPARE(m_client->questions.size(), 1);
    }

    void uploadRefusesWhatLeavesTheRoots_data()
    {
        QTest::addColumn<QString>("hostPath");
        QTest::addColumn<QString>("expected");
        QTest::newRow("dot-dot") << QStringLiteral("%1/../%2/secret.txt") << "components";
        QTest::newRow("symlink out") << QStringLiteral("%1/link.txt") << "leads out";
        QTest::newRow("symlinked dir out") << QStringLiteral("%1/outdir/secret.txt") << "leads out";
        QTest::newRow("/etc/shadow") << QStringLiteral("/etc/shadow") << "not beneath";
        QTest::newRow("relative") << QStringLiteral("data.csv") << "absolute";
        QTest::newRow("a directory") << QStringLiteral("%1") << "directory";
        QTest::newRow("a fifo") << QStringLiteral("%1/fifo") << "not a regular file";
    }

    void uploadRefusesWhatLeavesTheRoots()
    {
        QFETCH(QString, hostPath);
        QFETCH(QString, expected);
        const QString secret = QString(m_outside.path() + QStringLiteral("/secret.txt"));
        QVERIFY(writeFile(secret, "not for the sandbox"));
        QFile::link(secret, QString(root() + QStringLiteral("/link.txt")));
        QFile::link(m_outside.path(), QString(root() + QStringLiteral("/outdir")));
        ::mkfifo(QFile::encodeName(root() + QStringLiteral("/fifo")).constData(), 0600);
        const QString path = hostPath.contains(QLatin1String("%2"))
            ? hostPath.arg(root(), QFileInfo(m_outside.path()).fileName())
            : hostPath.contains(QLatin1String("%1")) ? hostPath.arg(root())
                                                     : hostPath;
        const QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", path}, {"path", "/workspace/stolen"}});
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains(expected.toUtf8()), dump(r).constData());
        QVERIFY(!sandboxHas(QStringLiteral("/workspace/stolen")));
    }

    void downloadPutsTheResultNextToTheData()
    {
        QVERIFY2(!isError(command(QStringLiteral("printf 'rows,3\\n' > /workspace/summary.csv"))),
            "run_command failed");
        m_client->questions.clear();
        const QString target = QString(root() + QStringLiteral("/summary.csv"));
        const QJsonObject r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "summary.csv"}, {"host_path", target}});
        QVERIFY2(!isError(r), dump(r).constData());
        QCOMPARE(readFile(target), QByteArray("rows,3\n"));
        QCOMPARE(m_client->questions.size(), 1); // writing asks every time
        QVERIFY2(m_client->questions.at(0).contains(QLatin1String("write")),
            qPrintable(m_client->questions.at(0)));
        QVERIFY(!entries(root()).join(QLatin1Char(' ')).contains(QLatin1String("hopx-part")));
        QFile::remove(target);
    }

    void downloadKeepsAnExistingFile()
    {
        const QString target = QString(root() + QStringLiteral("/keep.txt"));
        QVERIFY(writeFile(target, "original"));
        command(QStringLiteral("printf new > /workspace/keep.txt"));
        const QStringList before = entries(root());
        const QJsonObject r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "keep.txt"}, {"host_path", target}});
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains("overwrite"), dump(r).constData());
        QCOMPARE(readFile(target), QByteArray("original"));
        QCOMPARE(entries(root()), before);
        const QJsonObject replaced = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "keep.txt"}, {"host_path", target},
                {"overwrite", true}});
        QVERIFY2(!isError(replaced), dump(replaced).constData());
        QCOMPARE(readFile(target), QByteArray("new"));
        QCOMPARE(entries(root()), before);
    }

    void downloadRefusesWhatLeavesTheRoots_data()
    {
        QTest::addColumn<QString>("hostPath");
        QTest::addColumn<QString>("expected");
        QTest::newRow("symlinked dir out") << QStringLiteral("%1/outdir/planted") << "leads out";
        QTest::newRow("dot-dot") << QStringLiteral("%1/../planted") << "components";
        QTest::newRow("/etc") << QStringLiteral("/etc/planted") << "not beneath";
        QTest::newRow("no such dir") << QStringLiteral("%1/nodir/planted") << "No such";
    }

    void downloadRefusesWhatLeavesTheRoots()
    {
        QFETCH(QString, hostPath);
        QFETCH(QString, expected);
        QFile::link(m_outside.path(), QString(root() + QStringLiteral("/outdir")));
        command(QStringLiteral("echo planted > /workspace/planted"));
        const QStringList outsideBefore = entries(m_outside.path());
        const QJsonObject r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "planted"},
                {"host_path",
                    hostPath.contains(QLatin1String("%1")) ? hostPath.arg(root()) : hostPath}});
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains(expected.toUtf8()), dump(r).constData());
        QCOMPARE(entries(m_outside.path()), outsideBefore);
        QVERIFY(!QFile::exists(QStringLiteral("/etc/planted")));
        QVERIFY(!QFile::exists(QFileInfo(root()).path() + QStringLiteral("/planted")));
    }

    void declinedDownloadWritesNothing_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("allow");
        QTest::newRow("accept, no") << "accept" << false;
        QTest::newRow("decline") << "decline" << false;
        QTest::newRow("cancel") << "cancel" << false;
    }

    void declinedDownloadWritesNothing()
    {
        QFETCH(QString, action);
        QFETCH(bool, allow);
        command(QStringLiteral("echo result > /workspace/result.txt"));
        const QStringList before = entries(root());
        m_client->answer = action;
        m_client->allow = allow;
        const QJsonObject r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "result.txt"},
                {"host_path", QString(root() + QStringLiteral("/result.txt"))}});
        m_client->answer = QStringLiteral("accept");
        m_client->allow = true;
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains("did not allow"), dump(r).constData());
        QCOMPARE(entries(root()), before);
    }

    void missingSandboxFileLeavesNothing()
    {
        const QStringList before = entries(root());
        const QJsonObject r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "/workspace/nope.txt"},
                {"host_path", QString(root() + QStringLiteral("/nope.txt"))}});
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains("No such file"), dump(r).constData());
        QCOMPARE(entries(root()), before);
    }

    void approvedFolderNeedsNoQuestion()
    {
        // A client without roots or elicitation: only the folder approved in the app works.
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient plain(socket.get(), {}, false);
        QVERIFY(plain.ok());
        const QString source = QString(m_approved.path() + QStringLiteral("/in.txt"));
        QVERIFY(writeFile(source, "approved"));
        const QJsonObject up = plain.tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/workspace/in.txt"}});
        QVERIFY2(!isError(up), dump(up).constData());
        const QJsonObject down = plain.tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "/workspace/in.txt"},
                {"host_path", QString(m_approved.path() + QStringLiteral("/out.txt"))}});
        QVERIFY2(!isError(down), dump(down).constData());
        QCOMPARE(readFile(QString(m_approved.path() + QStringLiteral("/out.txt"))),
            QByteArray("approved"));
        QVERIFY(plain.questions.isEmpty());
        // The other client's root is not this client's.
        const QJsonObject other = plain.tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", QString(root() + QStringLiteral("/data.csv"))}});
        QVERIFY2(isError(other), dump(other).constData());
    }

    void aClientWithoutRootsIsAskedAboutTheFilesFolder()
    {
        // Codex and Copilot CLI declare no roots: a path they name is asked about, by its folder
        // (here the client asks its user; a client that cannot leaves it to the app's window).
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient noRoots(socket.get(), {}, true);
        QVERIFY(noRoots.ok());
        // Nothing to mount, and the model is told how to get a file in instead.
        const QJsonObject mount =
            noRoots.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(isError(mount) && dump(mount).contains("by their absolute host paths"),
            dump(mount).constData());
        const QString source = QString(m_outside.path() + QStringLiteral("/notes.txt"));
        QVERIFY(writeFile(source, "from a folder nobody declared"));
        noRoots.answer = QStringLiteral("decline");
        const QJsonObject declined = noRoots.tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/workspace/notes.txt"}});
        QVERIFY2(isError(declined) && dump(declined).contains("did not allow"),
            dump(declined).constData());
        QVERIFY(!sandboxHas(QStringLiteral("/workspace/notes.txt")));
        noRoots.answer = QStringLiteral("accept");
        const QJsonObject up = noRoots.tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/workspace/notes.txt"}});
        QVERIFY2(!isError(up), dump(up).constData());
        QCOMPARE(noRoots.questions.size(), 2);
        QVERIFY2(noRoots.questions.at(1).contains(m_outside.path()),
            qPrintable(noRoots.questions.at(1)));
        const QJsonObject read = noRoots.tool(
            QStringLiteral("file_read"), {{"sandbox_id", m_id}, {"path", "/workspace/notes.txt"}});
        QCOMPARE(sc(read).value(QStringLiteral("content")).toString(),
            QStringLiteral("from a folder nobody declared"));
        // Writing back asks again, as for any folder.
        const QString target = QString(m_outside.path() + QStringLiteral("/back.txt"));
        const QJsonObject down = noRoots.tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "/workspace/notes.txt"}, {"host_path", target}});
        QVERIFY2(!isError(down), dump(down).constData());
        QCOMPARE(readFile(target), QByteArray("from a folder nobody declared"));
        QCOMPARE(noRoots.questions.size(), 3);
        // Still no way out of the folder asked about, and nothing approved for good.
        const QJsonObject dots = noRoots.tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id},
                {"host_path", QString(m_outside.path() + QStringLiteral("/../x"))}});
        QVERIFY2(isError(dots), dump(dots).constData());
        QCOMPARE(noRoots.questions.size(), 3);
        QVERIFY(!readFile(
            m_app->root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"))
                     .contains(m_outside.path().toUtf8()));
        // A client that declares roots keeps to them (uploadRefusesWhatLeavesTheRoots).
        m_client->questions.clear();
        QVERIFY(isError(
            tool(QStringLiteral("file_upload"), {{"sandbox_id", m_id}, {"host_path", source}})));
        QVERIFY(m_client->questions.isEmpty());
    }

    void noMountRootsNoProject()
    {
        const QJsonObject r = command(QStringLiteral("test -e /project && echo seen || echo none"));
        QVERIFY2(dump(r).contains("none"), dump(r).constData());
    }

    // The flow of the README's "Work with your files": the client's root holds data.csv; the
    // sandbox sees it at /project/<name>, cannot change it, and the result comes back next to
    // it after consent.
    void mountedRootEndToEnd()
    {
        QTemporaryDir project(QString(QDir::tempPath() + QStringLiteral("/hopx-analysis-XXXXXX")));
        QVERIFY(writeFile(
            QString(project.path() + QStringLiteral("/data.csv")), "x,y\n1,2\n3,4\n5,6\n"));
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient ide(socket.get(), {project.path()}, true);
        QVERIFY(ide.ok());
        const QJsonObject created =
            ide.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(!isError(created), dump(created).constData());
        QCOMPARE(ide.questions.size(), 1);
        const QString id = sc(created).value(QStringLiteral("id")).toString();
        const QJsonArray mounted = sc(created).value(QStringLiteral("mounted_roots")).toArray();
        QCOMPARE(mounted.size(), 1);
        const QString at = mounted.at(0).toObject().value(QStringLiteral("path")).toString();
        QCOMPARE(at, QStringLiteral("/project/") + QFileInfo(project.path()).fileName());
        QCOMPARE(
            mounted.at(0).toObject().value(QStringLiteral("host_path")).toString(), project.path());
        const QJsonObject ran = ide.tool(QStringLiteral("execute_code"),
            {{"sandbox_id", id},
                {"code",
                    QStringLiteral("import pandas as pd\n"
                                   "df = pd.read_csv('%1/data.csv')\n"
                                   "df.describe().to_csv('/workspace/summary.csv')\n"
                                   "print(len(df))\n")
                        .arg(at)}});
        QVERIFY2(!isError(ran) && dump(ran).contains("3"), dump(ran).constData());
        // Read-only: nothing the sandbox does reaches the host folder.
        const QStringList before = entries(project.path());
        const QJsonObject write = ide.tool(QStringLiteral("run_command"),
            {{"sandbox_id", id},
                {"command",
                    QStringLiteral("touch %1/new 2>&1; rm -f %1/data.csv 2>&1; echo x >> "
                                   "%1/data.csv 2>&1; true")
                        .arg(at)}});
        QVERIFY2(dump(write).contains("Read-only file system"), dump(write).constData());
        QCOMPARE(entries(project.path()), before);
        QCOMPARE(readFile(QString(project.path() + QStringLiteral("/data.csv"))),
            QByteArray("x,y\n1,2\n3,4\n5,6\n"));
        const QJsonObject diff = ide.tool(QStringLiteral("project_diff"),
            {{"sandbox_id", id}, {"root", at}, {"path", "/workspace"}});
        QVERIFY2(dump(sc(diff).value(QStringLiteral("added")).toArray().toVariantList().isEmpty()
                         ? QJsonObject {}
                         : sc(diff))
                     .contains("/workspace/summary.csv"),
            dump(diff).constData());
        QVERIFY2(dump(sc(diff)).contains("data.csv"), dump(diff).constData());
        const QJsonObject saved = ide.tool(QStringLiteral("file_download"),
            {{"sandbox_id", id}, {"path", "/workspace/summary.csv"},
                {"host_path", QString(project.path() + QStringLiteral("/summary.csv"))}});
        QVERIFY2(!isError(saved), dump(saved).constData());
        QCOMPARE(ide.questions.size(), 2);
        QVERIFY(
            readFile(QString(project.path() + QStringLiteral("/summary.csv"))).contains("mean"));
        // The root was agreed to once: a second sandbox mounts it without a question.
        const QJsonObject second =
            ide.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(!isError(second), dump(second).constData());
        QCOMPARE(ide.questions.size(), 2);
        ide.tool(QStringLiteral("delete_sandbox"), {{"id", id}});
        ide.tool(QStringLiteral("delete_sandbox"),
            {{"id", sc(second).value(QStringLiteral("id")).toString()}});
    }

    void declinedMountCreatesNothing()
    {
        QTemporaryDir project(QString(QDir::tempPath() + QStringLiteral("/hopx-private-XXXXXX")));
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient ide(socket.get(), {project.path()}, true);
        QVERIFY(ide.ok());
        ide.answer = QStringLiteral("decline");
        const auto count = [&ide] {
            return sc(ide.tool(QStringLiteral("list_sandboxes"), {{"provider", "local"}}))
                .value(QStringLiteral("count"))
                .toInt();
        };
        const int before = count();
        const QJsonObject r = ide.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(isError(r), dump(r).constData());
        QVERIFY2(dump(r).contains("did not allow"), dump(r).constData());
        QCOMPARE(count(), before);
        // Without roots there is nothing to mount, and that is said.
        auto plainSocket = m_app->connect();
        RootsClient plain(plainSocket.get(), {}, false);
        const QJsonObject none =
            plain.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(isError(none) && dump(none).contains("roots"), dump(none).constData());
        QCOMPARE(count(), before);
    }

    // README: an IDE that cannot ask (Claude Code run with -p cancels every question) gets the
    // user's yes from the folder approved in the app, also when that folder is its root.
    void approvedRootMountsWithoutAQuestion()
    {
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient ide(socket.get(), {m_approved.path()}, true);
        QVERIFY(ide.ok());
        ide.answer = QStringLiteral("cancel");
        const QJsonObject r = ide.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(!isError(r), dump(r).constData());
        QVERIFY(ide.questions.isEmpty());
        const QJsonArray mounted = sc(r).value(QStringLiteral("mounted_roots")).toArray();
        QCOMPARE(mounted.size(), 1);
        QCOMPARE(mounted.at(0).toObject().value(QStringLiteral("host_path")).toString(),
            m_approved.path());
        ide.tool(QStringLiteral("delete_sandbox"), {{"id", sc(r).value(QStringLiteral("id"))}});
    }

    // Into /workspace the app writes the sandbox's disk itself (VolumeTarget): the result must
    // be what the agent would have left, parents, modes and all, with nothing half-written.
    void uploadIntoTheWorkspaceIsWhatTheSandboxSees()
    {
        const QString source = QString(root() + QStringLiteral("/tool.sh"));
        QVERIFY(writeFile(source, "#!/bin/sh\necho made-on-the-host\n"));
        QVERIFY(QFile::setPermissions(source, QFile::permissions(source) | QFile::ExeOwner));
        const QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source},
                {"path", "/workspace/new/deeper/tool.sh"}});
        QVERIFY2(!isError(r), dump(r).constData());
        const QJsonObject ran = command(QStringLiteral(
            "cd /workspace/new/deeper && ./tool.sh && stat -c '%a %U' tool.sh . && ls -A"));
        const QString out = sc(ran).value(QStringLiteral("stdout")).toString();
        QCOMPARE(out,
            QStringLiteral("made-on-the-host\n755 user\n755 user\ntool.sh\n")); // no temp file left
        // A file that was there is replaced and keeps its mode; a new plain file is 0644.
        QVERIFY(!isError(
            command(QStringLiteral("echo old > /workspace/kept && chmod 600 /workspace/kept"))));
        QVERIFY(writeFile(root() + QStringLiteral("/new.txt"), "new\n"));
        for (const char *to : {"/workspace/kept", "/home/user/plain"}) {
            const QJsonObject up = tool(QStringLiteral("file_upload"),
                {{"sandbox_id", m_id}, {"host_path", QString(root() + QStringLiteral("/new.txt"))},
                    {"path", QString::fromLatin1(to)}});
            QVERIFY2(!isError(up), dump(up).constData());
        }
        const QJsonObject modes = command(QStringLiteral(
            "cat /workspace/kept /home/user/plain; stat -c %a /workspace/kept /home/user/plain"));
        QCOMPARE(sc(modes).value(QStringLiteral("stdout")).toString(),
            QStringLiteral("new\nnew\n600\n644\n"));
    }

    // The sandbox's links name sandbox paths. Followed on the host side they would lead onto
    // the user's files; they must mean what they mean in the sandbox, or fail.
    void uploadThroughASandboxLinkStaysInTheSandbox()
    {
        const QString hostDir = m_outside.path();
        const QString hostFile = QString(hostDir + QStringLiteral("/victim.txt"));
        QVERIFY(writeFile(hostFile, "the user's file"));
        QVERIFY(writeFile(root() + QStringLiteral("/payload.txt"), "payload"));
        const QJsonObject made = command(QStringLiteral(
            "ln -s %1 /workspace/escape && ln -s %2 /workspace/victim.txt && ln -s /tmp "
            "/workspace/tmplink && echo old > /home/user/inside && ln -s ../home/user/inside "
            "/workspace/rel")
                                             .arg(hostDir, hostFile));
        QVERIFY2(!isError(made), dump(made).constData());
        const QString payload = QString(root() + QStringLiteral("/payload.txt"));
        for (const char *to : {"/workspace/escape/planted.txt", "/workspace/victim.txt",
                 "/workspace/tmplink/via-link.txt", "/workspace/rel"}) {
            const QJsonObject r = tool(QStringLiteral("file_upload"),
                {{"sandbox_id", m_id}, {"host_path", payload}, {"path", QString::fromLatin1(to)}});
            // Two of them lead nowhere in the sandbox, and say so.
            QVERIFY2(isError(r)
                    == (QByteArray(to).contains("escape")
                        || QByteArray(to) == "/workspace/victim.txt"),
                dump(r).constData());
        }
        QCOMPARE(readFile(hostFile), QByteArray("the user's file"));
        QVERIFY2(!entries(hostDir).contains(QStringLiteral("planted.txt")),
            qPrintable(entries(hostDir).join(QLatin1Char(' '))));
        // Where the sandbox's links lead, in the sandbox, is where the bytes went.
        const QJsonObject seen = command(QStringLiteral("cat /tmp/via-link.txt /home/user/inside"));
        QCOMPARE(
            sc(seen).value(QStringLiteral("stdout")).toString(), QStringLiteral("payloadpayload"));
        QVERIFY(!isError(command(QStringLiteral(
            "rm /workspace/escape /workspace/victim.txt /workspace/tmplink /workspace/rel"))));
    }

    void uploadLargerThanASandboxFileIsRefused()
    {
        const QString source = QString(root() + QStringLiteral("/huge.bin"));
        {
            QFile f(source);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize((qint64(1024) << 20) + 1)); // sparse: nothing to write here
        }
        const QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/workspace/huge.bin"}});
        QFile::remove(source);
        QVERIFY2(isError(r) && dump(r).contains("at most 1024 MiB"), dump(r).constData());
        QVERIFY(!sandboxHas(QStringLiteral("/workspace/huge.bin")));
    }

    void uploadFillingTheWorkspaceKeepsWhatWasThere()
    {
        QVERIFY(!isError(command(QStringLiteral("echo before > /workspace/full.bin"))));
        const QString source = QString(root() + QStringLiteral("/zeros.bin"));
        {
            QFile f(source);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(160) << 20)); // the workspace holds 128 MiB
        }
        const QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/workspace/full.bin"}});
        QFile::remove(source);
        QVERIFY2(isError(r) && dump(r).contains("No space left"), dump(r).constData());
        QVERIFY2(dump(r).contains("128 MiB"), dump(r).constData());
        const QJsonObject after = command(
            QStringLiteral("cat /workspace/full.bin; ls -A /workspace | grep -c hopx-part; df -m "
                           "--output=used /workspace | tail -1"));
        const QStringList lines =
            sc(after).value(QStringLiteral("stdout")).toString().split(QLatin1Char('\n'));
        QVERIFY2(lines.size() >= 3, dump(after).constData());
        QCOMPARE(lines.at(0), QStringLiteral("before"));
        QCOMPARE(lines.at(1), QStringLiteral("0")); // the partial copy is gone
        QVERIFY2(lines.at(2).trimmed().toInt() < 64, dump(after).constData()); // and freed
    }

    void bigFilesStreamBothWays()
    {
        const QString source = QString(root() + QStringLiteral("/big.bin"));
        {
            QFile f(source);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray block(1 << 20, Qt::Uninitialized);
            for (int i = 0; i < 48; ++i) {
                for (int j = 0; j < block.size(); j += 4)
                    *reinterpret_cast<quint32 *>(block.data() + j) = quint32(i * 1000003 + j);
                f.write(block);
            }
        }
        QCryptographicHash hash(QCryptographicHash::Sha256);
        QFile in(source);
        QVERIFY(in.open(QIODevice::ReadOnly));
        hash.addData(&in);
        const QByteArray sha = hash.result().toHex();
        m_client->progress = 0;
        const QJsonObject up = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", m_id}, {"host_path", source}, {"path", "/tmp/big.bin"}});
        QVERIFY2(!isError(up), dump(up).constData());
        QCOMPARE(qint64(sc(up).value(QStringLiteral("size")).toDouble()), qint64(48) << 20);
        const QJsonObject sum = command(QStringLiteral("sha256sum /tmp/big.bin"));
        QVERIFY2(dump(sum).contains(sha), dump(sum).constData());
        const QString back = QString(root() + QStringLiteral("/big-back.bin"));
        const QJsonObject down = tool(QStringLiteral("file_download"),
            {{"sandbox_id", m_id}, {"path", "/tmp/big.bin"}, {"host_path", back}});
        QVERIFY2(!isError(down), dump(down).constData());
        QFile out(back);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCryptographicHash backHash(QCryptographicHash::Sha256);
        backHash.addData(&out);
        QCOMPARE(backHash.result().toHex(), sha);
        QFile::remove(source);
        QFile::remove(back);
    }
};

QTEST_GUILESS_MAIN(TestHostFiles)
#include "tst_hostfiles.moc"
