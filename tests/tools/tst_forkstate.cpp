// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Forks and checkpoints that carry the Python state, through the real app and real sandboxes:
// eight forks in one call each get the parent's variables (a DataFrame, a fitted scikit-learn
// model, a lambda, an instance of a class defined in a cell) but not its open file, which
// not_carried names; changing a fork leaves the parent and the other forks as they were; a
// checkpoint's variables come back after kill -9 of the app and a restart.
#include "support/McpTestClient.h"
#include "support/ToolResultJson.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace HopxTest;

namespace {

// The state every test builds: one of each kind the issue names, and an open file.
const QString kState = QStringLiteral("import pandas as pd\n"
                                      "from sklearn.linear_model import LinearRegression\n"
                                      "x = 41\n"
                                      "df = pd.DataFrame({'a': [1, 2, 3], 'b': [2.0, 4.0, 6.0]})\n"
                                      "model = LinearRegression().fit(df[['a']], df['b'])\n"
                                      "add = lambda v: v + x\n"
                                      "class Point:\n"
                                      "    def __init__(self, v):\n"
                                      "        self.v = v\n"
                                      "    def double(self):\n"
                                      "        return self.v * 2\n"
                                      "p = Point(21)\n"
                                      "fh = open('/workspace/log.txt', 'w')\n");

// What a sandbox with that state answers: "41 3 8.0 42 42 True False".
const QString kCheck = QStringLiteral(
    "print(x, len(df), round(float(model.predict(pd.DataFrame({'a': [4]}))[0]), 3), add(1), "
    "p.double(), isinstance(p, Point), 'fh' in globals())");
const QString kIntact = QStringLiteral("41 3 8.0 42 42 True False\n");

/*! One app on an XDG tree of its own; a second App on the same root is the app restarted. */
class App
{
public:
    //! \a diskMb: each sandbox's disk cap (Settings → Local), or the default.
    explicit App(const QString &root, int diskMb = 0)
        : m_app({}, HeadlessApp::xdgUnder(root))
    {
        if (diskMb > 0)
            QSettings(root + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
                QSettings::IniFormat)
                .setValue(QStringLiteral("local/workspaceMb"), diskMb);
    }
    bool start()
    {
        if (!m_app.start())
            return false;
        m_socket = m_app.connect();
        if (!m_socket)
            return false;
        m_client = std::make_unique<McpClient>(m_socket.get());
        return m_client->initialize();
    }
    void killHard() { m_app.killHard(); }
    McpClient &client() { return *m_client; }
    QJsonObject tool(const QString &name, const QJsonObject &args = {})
    {
        return m_client->callTool(name, args, 300000);
    }
    QJsonObject python(const QString &id, const QString &code)
    {
        return sc(tool(QStringLiteral("execute_code"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("code"), code},
                {QStringLiteral("timeout"), 120}}));
    }
    QString create()
    {
        const QJsonObject r = tool(QStringLiteral("create_sandbox"));
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        if (!id.startsWith(QLatin1String("local-")))
            qWarning() << "create_sandbox failed:" << r;
        return id;
    }
    //! Checkpoint \a cp of sandbox \a id as list_checkpoints shows it, once its variables
    //! are on the disk (written behind checkpoint_sandbox's answer), or empty after 60 s.
    QJsonObject onDisk(const QString &id, const QString &cp)
    {
        for (int i = 0; i < 600; ++i) {
            const QJsonObject listed =
                sc(tool(QStringLiteral("list_checkpoints"), {{QStringLiteral("sandbox_id"), id}}));
            for (const QJsonValue &v : listed.value(QStringLiteral("checkpoints")).toArray())
                if (v.toObject().value(QStringLiteral("checkpoint_id")).toString() == cp
                    && v.toObject().value(QStringLiteral("variables_on_disk")).toBool())
                    return v.toObject();
            QTest::qWait(100);
        }
        return {};
    }
    bool lists(const QString &id)
    {
        for (const QJsonValue &v :
            sc(tool(QStringLiteral("list_sandboxes"))).value(QStringLiteral("data")).toArray())
            if (v.toObject().value(QStringLiteral("sandbox_id")).toString() == id)
                return true;
        return false;
    }

private:
    HeadlessApp m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<McpClient> m_client;
};

} // namespace

class TestForkState : public QObject
{
    Q_OBJECT
    QTemporaryDir m_root {QDir::tempPath() + QStringLiteral("/hopx-forkstate-XXXXXX")};

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        QVERIFY(m_root.isValid());
    }

    void cleanupTestCase() { HeadlessApp::unmountLeftovers(m_root.path()); }

    void eightForksCarryTheVariablesButNotTheOpenFile()
    {
        App app(m_root.path() + QStringLiteral("/forks"));
        QVERIFY(app.start());
        const QString parent = app.create();
        QVERIFY(!parent.isEmpty());
        const QJsonObject made = app.python(parent, kState);
        QVERIFY2(made.value(QStringLiteral("exit_code")).toInt() == 0, dump(made));

        const QJsonObject r = app.tool(QStringLiteral("fork_sandbox"),
            {{QStringLiteral("sandbox_id"), parent}, {QStringLiteral("count"), 8}});
        const QJsonObject fork = sc(r);
        const QJsonArray children = fork.value(QStringLiteral("children")).toArray();
        QVERIFY2(children.size() == 8 && fork.value(QStringLiteral("count")).toInt() == 8, dump(r));
        // The count=1 keys stay: the first child, its parent, what it carries, and why not.
        QCOMPARE(fork.value(QStringLiteral("sandbox_id")).toString(),
            children.at(0).toObject().value(QStringLiteral("sandbox_id")).toString());
        QCOMPARE(fork.value(QStringLiteral("parent_id")).toString(), parent);
        QVERIFY2(
            fork.value(QStringLiteral("_note")).toString().contains(QLatin1String("fh")), dump(r));
        QStringList ids;
        for (const QJsonValue &v : children) {
            const QJsonObject child = v.toObject();
            const QString id = child.value(QStringLiteral("sandbox_id")).toString();
            QVERIFY2(id.startsWith(QLatin1String("local-")) && id != parent && !ids.contains(id),
                dump(child));
            ids << id;
            const QJsonArray carried = child.value(QStringLiteral("carried")).toArray();
            for (const char *name : {"x", "df", "model", "add", "Point", "p", "pd"})
                QVERIFY2(carried.contains(QLatin1String(name)), dump(child));
            QVERIFY2(!carried.contains(QStringLiteral("fh")), dump(child));
            const QString why = child.value(QStringLiteral("not_carried"))
                                    .toObject()
                                    .value(QStringLiteral("fh"))
                                    .toString();
            QVERIFY2(why.contains(QLatin1String("open file")), dump(child));
        }
        for (const QString &id : std::as_const(ids)) {
            const QJsonObject seen = app.python(id, kCheck);
            QVERIFY2(seen.value(QStringLiteral("stdout")).toString() == kIntact, dump(seen));
        }

        // Copies, not shared objects: a fork's changes stay in that fork.
        const QJsonObject changed = app.python(ids.at(0),
            QStringLiteral("x = 0\ndf['a'] = 0\np.v = 0\nPoint.double = lambda self: -1\n"
                           "model.coef_[0] = 0.0\nprint(x, int(df['a'].sum()), p.double())"));
        QVERIFY2(changed.value(QStringLiteral("stdout")).toString() == QLatin1String("0 0 -1\n"),
            dump(changed));
        for (const QString &id : {parent, ids.at(1), ids.at(7)}) {
            const QJsonObject seen = app.python(id, kCheck);
            QVERIFY2(seen.value(QStringLiteral("stdout")).toString()
                    == QString(kIntact).replace(QStringLiteral("False\n"),
                        id == parent ? QStringLiteral("True\n") : QStringLiteral("False\n")),
                dump(seen));
        }

        // Where each branch came from.
        const QJsonObject listed = sc(
            app.tool(QStringLiteral("list_checkpoints"), {{QStringLiteral("sandbox_id"), parent}}));
        QCOMPARE(listed.value(QStringLiteral("forks")).toArray().size(), 8);
        const QJsonObject child = sc(app.tool(
            QStringLiteral("list_checkpoints"), {{QStringLiteral("sandbox_id"), ids.at(3)}}));
        QVERIFY2(child.value(QStringLiteral("forked_from"))
                     .toObject()
                     .value(QStringLiteral("sandbox_id"))
                     .toString()
                == parent,
            dump(child));
        for (const QString &id : std::as_const(ids))
            app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), parent}});
    }

    void forksShareFilesButNeverEachOthersChanges()
    {
        App app(m_root.path() + QStringLiteral("/files"));
        QVERIFY(app.start());
        const QString parent = app.create();
        QVERIFY(!parent.isEmpty());
        const QString made =
            app.python(parent,
                   QStringLiteral("import os\n"
                                  "open('/workspace/data.bin', 'wb').write(os.urandom(4 << 20))\n"
                                  "open('/workspace/notes.txt', 'w').write('v1\\n')\n"
                                  "print('ok')"))
                .value(QStringLiteral("stdout"))
                .toString();
        QCOMPARE(made, QStringLiteral("ok\n"));
        const QString sum = QStringLiteral(
            "import hashlib\n"
            "print(hashlib.sha256(open('/workspace/data.bin','rb').read()).hexdigest()[:16], "
            "open('/workspace/notes.txt').read().strip())");
        const QString original = app.python(parent, sum).value(QStringLiteral("stdout")).toString();
        const QString checkpoint = sc(app.tool(QStringLiteral("checkpoint_sandbox"),
                                          {{QStringLiteral("sandbox_id"), parent}}))
                                       .value(QStringLiteral("checkpoint_id"))
                                       .toString();
        QVERIFY(!checkpoint.isEmpty());
        const QJsonArray children =
            sc(app.tool(QStringLiteral("fork_sandbox"),
                   {{QStringLiteral("sandbox_id"), parent}, {QStringLiteral("count"), 2}}))
                .value(QStringLiteral("children"))
                .toArray();
        QCOMPARE(children.size(), 2);
        const QString a = children.at(0).toObject().value(QStringLiteral("sandbox_id")).toString();
        const QString b = children.at(1).toObject().value(QStringLiteral("sandbox_id")).toString();

        // On the host the two forks hold one copy of the data (a link each), not two.
        const QString sandboxes =
            m_root.path() + QStringLiteral("/files/xdg_state_home/hopx-desktop/sandboxes/");
        const auto inode = [&](const QString &id) {
            struct stat st
            {
            };
            const QByteArray path =
                QFile::encodeName(sandboxes + id + QStringLiteral("/disk/workspace/data.bin"));
            return ::stat(path.constData(), &st) == 0 ? st.st_ino : ino_t(0);
        };
        QVERIFY(inode(a) != 0);
        QCOMPARE(inode(a), inode(b));

        // A hostile fork: the marker, the host's requests, links, renames, a way up.
        const QJsonObject hostile = app.python(a,
            QStringLiteral("import os, errno\n"
                           "def refused(f):\n"
                           "    try:\n"
                           "        f()\n"
                           "    except OSError:\n"
                           "        return True\n"
                           "    return False\n"
                           "r = [refused(lambda: os.setxattr('/workspace/data.bin', "
                           "'user.hopx.shared', b'0')),\n"
                           "     refused(lambda: os.setxattr('/workspace', 'hopx.clone', "
                           "b'workspace\\n/tmp/x')),\n"
                           "     refused(lambda: os.listdir('/workspace/../.checkpoints')),\n"
                           "     refused(lambda: os.stat('/workspace/../../disk'))]\n"
                           "with open('/workspace/data.bin', 'r+b') as f:\n"
                           "    f.write(b'fork a was here')\n"
                           "os.rename('/workspace/notes.txt', '/workspace/moved.txt')\n"
                           "os.link('/workspace/moved.txt', '/workspace/notes.txt')\n"
                           "open('/workspace/notes.txt', 'a').write('changed by a\\n')\n"
                           "os.chmod('/workspace/moved.txt', 0o600)\n"
                           "print(r)"));
        QVERIFY2(hostile.value(QStringLiteral("stdout")).toString()
                == QLatin1String("[True, True, True, True]\n"),
            dump(hostile));
        QVERIFY(inode(a) != inode(b));
        QCOMPARE(app.python(b, sum).value(QStringLiteral("stdout")).toString(), original);
        QCOMPARE(app.python(parent, sum).value(QStringLiteral("stdout")).toString(), original);

        // The parent changes too, then goes back to its checkpoint; the forks keep theirs.
        app.python(parent, QStringLiteral("open('/workspace/notes.txt', 'a').write('parent\\n')"));
        const QJsonObject restored = sc(app.tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), parent},
                {QStringLiteral("checkpoint_id"), checkpoint}}));
        QVERIFY2(!restored.isEmpty(), "restore_sandbox failed");
        QCOMPARE(app.python(parent, sum).value(QStringLiteral("stdout")).toString(), original);
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), parent}});
        QCOMPARE(app.python(b, sum).value(QStringLiteral("stdout")).toString(), original);
        const QString changedA =
            app.python(a, QStringLiteral("print(open('/workspace/moved.txt').read().split())"))
                .value(QStringLiteral("stdout"))
                .toString();
        QCOMPARE(changedA, QStringLiteral("['v1', 'changed', 'by', 'a']\n"));
        for (const QString &id : {a, b})
            app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void aCheckpointWhoseVariablesDoNotFitGoesWithoutThem()
    {
        // 300 MB of variables do not fit in a 256 MiB disk (their file is written behind the
        // checkpoint's answer, so the checkpoint itself is made).
        App app(m_root.path() + QStringLiteral("/full"), 256);
        QVERIFY(app.start());
        const QString id = app.create();
        QVERIFY(!id.isEmpty());
        QCOMPARE(
            app.python(id, QStringLiteral("import numpy as np\nbig = np.ones(300_000_000 // 8)"))
                .value(QStringLiteral("exit_code"))
                .toInt(),
            0);
        const QJsonObject checkpoint = sc(
            app.tool(QStringLiteral("checkpoint_sandbox"), {{QStringLiteral("sandbox_id"), id}}));
        QVERIFY2(checkpoint.value(QStringLiteral("checkpoint_id"))
                     .toString()
                     .startsWith(QLatin1String("ckpt-")),
            dump(checkpoint));
        // The live copy of the interpreter still has everything while the app runs.
        QVERIFY2(checkpoint.value(QStringLiteral("python_state")).toBool(), dump(checkpoint));
        // The variables are written behind the answer; once that failed, the checkpoint says
        // it keeps none on the disk, and why.
        const QJsonObject listed =
            app.onDisk(id, checkpoint.value(QStringLiteral("checkpoint_id")).toString());
        QVERIFY2(!listed.isEmpty(), "the variables' write never ended");
        QVERIFY2(
            listed.value(QStringLiteral("python_variables")).toArray().isEmpty(), dump(listed));
        QVERIFY2(listed.value(QStringLiteral("_note")).toString().contains(QLatin1String("space")),
            dump(listed));
        // And the sandbox's disk is not left full of a state file, here or where it was written.
        QCOMPARE(app.python(id,
                        QStringLiteral("import os\nprint(os.path.exists("
                                       "'/home/user/.cache/hopx/python-state'), "
                                       "os.listdir('/run/sbx/state'))"))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("False []\n"));
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void checkpointVariablesComeBackAfterTheAppIsKilled()
    {
        const QString root = m_root.path() + QStringLiteral("/restart");
        App first(root);
        QVERIFY(first.start());
        const QString id = first.create();
        QVERIFY(!id.isEmpty());
        QCOMPARE(first.python(id, kState).value(QStringLiteral("exit_code")).toInt(), 0);
        const QJsonObject checkpoint = sc(
            first.tool(QStringLiteral("checkpoint_sandbox"), {{QStringLiteral("sandbox_id"), id}}));
        const QString cp = checkpoint.value(QStringLiteral("checkpoint_id")).toString();
        QVERIFY2(cp.startsWith(QLatin1String("ckpt-")), dump(checkpoint));
        QVERIFY2(checkpoint.value(QStringLiteral("python_variables"))
                     .toArray()
                     .contains(QStringLiteral("model")),
            dump(checkpoint));
        QVERIFY2(
            checkpoint.value(QStringLiteral("not_kept")).toObject().contains(QStringLiteral("fh")),
            dump(checkpoint));
        const QJsonObject listed = first.onDisk(id, cp);
        QVERIFY2(listed.value(QStringLiteral("python_variables"))
                     .toArray()
                     .contains(QStringLiteral("model")),
            dump(listed));
        // The live sandbox does not keep the state file: it went into the checkpoint only.
        QCOMPARE(first
                     .python(id,
                         QStringLiteral("import os\nprint(os.path.exists("
                                        "'/home/user/.cache/hopx/python-state'))"))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("False\n"));
        first.python(id, QStringLiteral("x = 0\ndel model"));
        first.killHard();

        App second(root);
        QVERIFY(second.start());
        QTRY_VERIFY_WITH_TIMEOUT(second.lists(id), 30000);
        const QJsonObject restored = sc(second.tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}));
        QVERIFY2(restored.value(QStringLiteral("python_state_restored")).toBool(), dump(restored));
        for (const char *name : {"x", "df", "model", "add", "Point", "p"})
            QVERIFY2(restored.value(QStringLiteral("python_variables"))
                         .toArray()
                         .contains(QLatin1String(name)),
                dump(restored));
        QVERIFY2(restored.value(QStringLiteral("not_restored"))
                     .toObject()
                     .value(QStringLiteral("fh"))
                     .toString()
                     .contains(QLatin1String("open file")),
            dump(restored));
        const QJsonObject seen = second.python(id, kCheck);
        QVERIFY2(seen.value(QStringLiteral("stdout")).toString() == kIntact, dump(seen));

        // A fork of that checkpoint, after the restart, carries the variables too.
        const QJsonObject fork = sc(second.tool(QStringLiteral("fork_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}));
        const QString child = fork.value(QStringLiteral("sandbox_id")).toString();
        QVERIFY2(child.startsWith(QLatin1String("local-")), dump(fork));
        QCOMPARE(second.python(child, kCheck).value(QStringLiteral("stdout")).toString(), kIntact);
        const QJsonArray checkpoints = sc(
            second.tool(QStringLiteral("list_checkpoints"), {{QStringLiteral("sandbox_id"), id}}))
                                           .value(QStringLiteral("checkpoints"))
                                           .toArray();
        QVERIFY2(
            checkpoints.at(0).toObject().value(QStringLiteral("forks")).toArray().contains(child),
            QJsonDocument(checkpoints).toJson().constData());
        second.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), child}});
        second.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void theVariablesWriteReadsNoHostFile()
    {
        // The sandbox names the file the host reads a failed write's reason from: a symlink
        // there to a host file must not bring that file into the checkpoint's note.
        QFile secret(m_root.path() + QStringLiteral("/host-secret.txt"));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("TOPSECRET-4711\n");
        secret.close();
        App app(m_root.path() + QStringLiteral("/hostile-write"), 2048);
        QVERIFY(app.start());
        const QString id = app.create();
        QVERIFY(!id.isEmpty());
        const QJsonObject planted = app.python(id,
            QStringLiteral("import numpy as np, os, threading, time\n"
                           "a = np.ones(200_000_000 // 8)\n"
                           "def plant():\n"
                           "    while True:\n"
                           "        for d in os.listdir('/run/sbx/state'):\n"
                           "            try:\n"
                           "                os.symlink('%1', '/run/sbx/state/' + d + "
                           "'/python-state.failed')\n"
                           "            except OSError:\n"
                           "                pass\n"
                           "        time.sleep(0.001)\n"
                           "threading.Thread(target=plant, daemon=True).start()")
                .arg(secret.fileName()));
        QCOMPARE(planted.value(QStringLiteral("exit_code")).toInt(), 0);
        const QString cp =
            sc(app.tool(QStringLiteral("checkpoint_sandbox"), {{QStringLiteral("sandbox_id"), id}}))
                .value(QStringLiteral("checkpoint_id"))
                .toString();
        const QJsonObject listed = app.onDisk(id, cp);
        QVERIFY2(!listed.isEmpty(), "the variables' write never ended");
        QVERIFY2(!QJsonDocument(listed).toJson().contains("TOPSECRET"), dump(listed));
        // The planted name was seen: the write counts as failed, and says nothing more.
        QVERIFY2(listed.value(QStringLiteral("_note")).toString().contains(QLatin1String("failed")),
            dump(listed));
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void checkpointsLeaveNoZombies()
    {
        // Each checkpoint's stopped interpreter and variables' writer is a child of the
        // kernel; ended (deleted, restored over), each must be reaped, or a long session runs
        // into the sandbox's process limit.
        App app(m_root.path() + QStringLiteral("/zombies"));
        QVERIFY(app.start());
        const QString id = app.create();
        QVERIFY(!id.isEmpty());
        QCOMPARE(
            app.python(id, QStringLiteral("x = 41")).value(QStringLiteral("exit_code")).toInt(), 0);
        for (int i = 0; i < 12; ++i) {
            const QString cp = sc(app.tool(QStringLiteral("checkpoint_sandbox"),
                                      {{QStringLiteral("sandbox_id"), id}}))
                                   .value(QStringLiteral("checkpoint_id"))
                                   .toString();
            QVERIFY(!app.onDisk(id, cp).isEmpty());
            if (i % 3 == 0)
                app.tool(QStringLiteral("restore_sandbox"),
                    {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}});
            app.tool(QStringLiteral("delete_checkpoint"),
                {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}});
        }
        const auto zombies = [&app, &id]() {
            return sc(
                app.tool(QStringLiteral("run_command"),
                    {{QStringLiteral("sandbox_id"), id},
                        {QStringLiteral("command"),
                            QStringLiteral("ps -eo stat=,pid=,ppid=,comm= | grep '^Z' || true")}}))
                .value(QStringLiteral("stdout"))
                .toString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(zombies(), QString(), 5000);
        QCOMPARE(
            app.python(id, QStringLiteral("print(x)")).value(QStringLiteral("stdout")).toString(),
            QStringLiteral("41\n"));
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void aForkWaitingForVariablesHearsItsParentWasDeleted()
    {
        // A fork of a checkpoint waits for its variables' file; the parent deleted meanwhile:
        // the fork says so (the app crashed on the gone disk once), and nothing is left.
        App app(m_root.path() + QStringLiteral("/fork-deleted"), 2048);
        QVERIFY(app.start());
        const QString id = app.create();
        QVERIFY(!id.isEmpty());
        QCOMPARE(app.python(id, QStringLiteral("import numpy as np\na = np.ones(400_000_000 // 8)"))
                     .value(QStringLiteral("exit_code"))
                     .toInt(),
            0);
        const QString cp =
            sc(app.tool(QStringLiteral("checkpoint_sandbox"), {{QStringLiteral("sandbox_id"), id}}))
                .value(QStringLiteral("checkpoint_id"))
                .toString();
        const qint64 fork = app.client().startTool(QStringLiteral("fork_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}});
        QTest::qWait(100);
        app.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
        const auto answer = app.client().response(fork, 60000);
        QVERIFY2(answer, "the fork never answered");
        const QJsonObject out = answer->value(QStringLiteral("result")).toObject();
        QVERIFY2(out.value(QStringLiteral("isError")).toBool()
                && dump(out).contains(QLatin1String("deleted")),
            dump(out));
        // The app still serves, and no child of the fork is left.
        QTRY_COMPARE_WITH_TIMEOUT(
            sc(app.tool(QStringLiteral("list_sandboxes"))).value(QStringLiteral("count")).toInt(),
            0, 10000);
    }

    void largeVariablesAreWrittenBehindTheCheckpoint()
    {
        const QString root = m_root.path() + QStringLiteral("/behind");
        App first(root, 3072);
        QVERIFY(first.start());
        const QString id = first.create();
        QVERIFY(!id.isEmpty());
        QCOMPARE(
            first
                .python(
                    id, QStringLiteral("import numpy as np\na = np.ones(400_000_000 // 8)\nx = 41"))
                .value(QStringLiteral("exit_code"))
                .toInt(),
            0);
        const auto checkpoint = [&first, &id]() {
            return sc(first.tool(
                QStringLiteral("checkpoint_sandbox"), {{QStringLiteral("sandbox_id"), id}}));
        };
        const auto writes = [](App &app, const QString &id) {
            return app
                .python(
                    id, QStringLiteral("import os\nprint(sorted(os.listdir('/run/sbx/state')))"))
                .value(QStringLiteral("stdout"))
                .toString();
        };
        // The answer comes before 400 MB reach the disk; it names what they will keep.
        const QJsonObject taken = checkpoint();
        const QString cp = taken.value(QStringLiteral("checkpoint_id")).toString();
        QVERIFY2(!taken.value(QStringLiteral("variables_on_disk")).toBool(), dump(taken));
        QVERIFY2(
            taken.value(QStringLiteral("python_variables")).toArray().contains(QStringLiteral("a")),
            dump(taken));
        // A restore at once (every other process ends) neither waits for nor ends the writer.
        first.python(id, QStringLiteral("x = 0"));
        const QJsonObject restored = sc(first.tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}));
        QVERIFY2(restored.value(QStringLiteral("python_state_restored")).toBool(), dump(restored));
        QCOMPARE(
            first.python(id, QStringLiteral("print(x)")).value(QStringLiteral("stdout")).toString(),
            QStringLiteral("41\n"));
        const QJsonObject listed = first.onDisk(id, cp);
        QVERIFY2(
            listed.value(QStringLiteral("python_variables")).toArray().contains(QStringLiteral("x"))
                && listed.value(QStringLiteral("size_bytes")).toInteger() >= 400000000,
            dump(listed));
        QCOMPARE(writes(first, id), QStringLiteral("[]\n"));

        // The writer killed (out of memory, say): the checkpoint says its variables were not
        // written, within about a second, and nothing is left half written.
        const QString killed = checkpoint().value(QStringLiteral("checkpoint_id")).toString();
        const QJsonObject pkill = sc(first.tool(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("command"), QStringLiteral("pkill -9 -x hopx-variables")}}));
        QVERIFY2(pkill.value(QStringLiteral("exit_code")).toInt() == 0, dump(pkill));
        const QJsonObject lost = first.onDisk(id, killed);
        QVERIFY2(lost.value(QStringLiteral("python_variables")).toArray().isEmpty()
                && lost.value(QStringLiteral("_note")).toString().contains(QLatin1String("ended")),
            dump(lost));
        QCOMPARE(writes(first, id), QStringLiteral("[]\n"));
        first.tool(QStringLiteral("delete_checkpoint"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), killed}});

        // A checkpoint deleted while its variables are written: the writer and its file go.
        const QString gone = checkpoint().value(QStringLiteral("checkpoint_id")).toString();
        QVERIFY(
            !sc(first.tool(QStringLiteral("delete_checkpoint"),
                    {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), gone}}))
                 .contains(QStringLiteral("error")));
        QTRY_COMPARE_WITH_TIMEOUT(writes(first, id), QStringLiteral("[]\n"), 10000);

        // The app killed while a checkpoint's variables are written: after the restart that
        // checkpoint says it keeps its files only, the earlier one still has its variables,
        // and nothing is left half written.
        const QString cut = checkpoint().value(QStringLiteral("checkpoint_id")).toString();
        first.killHard();
        App second(root, 3072);
        QVERIFY(second.start());
        QTRY_VERIFY_WITH_TIMEOUT(second.lists(id), 30000);
        const QJsonObject after = second.onDisk(id, cut);
        QVERIFY2(after.value(QStringLiteral("python_variables")).toArray().isEmpty()
                && after.value(QStringLiteral("_note"))
                       .toString()
                       .contains(QLatin1String("still being written")),
            dump(after));
        QVERIFY2(
            !sc(second.tool(QStringLiteral("restore_sandbox"),
                    {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cut}}))
                 .value(QStringLiteral("python_state_restored"))
                 .toBool(),
            "a checkpoint without variables on the disk restored some");
        const QJsonObject back = sc(second.tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}));
        QVERIFY2(
            back.value(QStringLiteral("python_variables")).toArray().contains(QStringLiteral("a")),
            dump(back));
        QCOMPARE(second.python(id, QStringLiteral("print(x, a.nbytes)"))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("41 400000000\n"));
        QCOMPARE(writes(second, id), QStringLiteral("[]\n"));
        second.tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }
};

QTEST_GUILESS_MAIN(TestForkState)
#include "tst_forkstate.moc"
