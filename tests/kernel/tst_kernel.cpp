// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

#include <signal.h>
#include <sys/types.h>

namespace {

// The sandbox runs Debian's python3; the test uses the same binary without the sandbox.
const char kPython[] = "/usr/bin/python3";

QString kernelPath()
{
    return QStringLiteral(HOPX_SOURCE_DIR "/app/providers/local/resources/kernel.py");
}

} // namespace

/*! \brief Drives one kernel.py process over its request (stdin) and response (stdout) pipes.
 *
 * Every response line is parsed as it arrives; frames are kept in arrival order so tests can
 * check ordering, and protocol violations (unparsable lines, output for a request whose
 * result was already sent) are counted for cleanup() to assert on.
 */
class KernelClient : public QObject
{
    Q_OBJECT
public:
    explicit KernelClient(QObject *parent = nullptr)
        : QObject(parent)
    {
        connect(&m_process, &QProcess::readyReadStandardOutput, this, &KernelClient::onStdout);
        connect(&m_process, &QProcess::readyReadStandardError, this, &KernelClient::onStderr);
    }

    ~KernelClient() override
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
    }

    void start()
    {
        m_process.start(QString::fromLatin1(kPython), {QStringLiteral("-u"), kernelPath()});
    }

    /*! Sends a request shaped like the host's; \a options overrides the defaults. */
    qint64 send(const QString &code, const QJsonObject &options = {})
    {
        const qint64 id = m_nextId++;
        QJsonObject request {{QStringLiteral("id"), id}, {QStringLiteral("code"), code},
            {QStringLiteral("env"), QJsonValue::Null}, {QStringLiteral("unset"), QJsonValue::Null},
            {QStringLiteral("cwd"), QJsonValue::Null}, {QStringLiteral("cpu_s"), 0},
            {QStringLiteral("max_output"), 1048576}};
        for (auto it = options.begin(); it != options.end(); ++it)
            request.insert(it.key(), it.value());
        sendRaw(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
        return id;
    }

    void sendRaw(const QByteArray &bytes) { m_process.write(bytes); }

    /*! Sends a request and waits for its result frame; an empty object on timeout. */
    QJsonObject run(const QString &code, const QJsonObject &options = {}, int timeoutMs = 15000)
    {
        QSignalSpy spy(this, &KernelClient::resultReceived);
        const qint64 id = send(code, options);
        if (!spy.wait(timeoutMs))
            return {};
        const QJsonObject result = spy.first().first().toJsonObject();
        return result.value(QStringLiteral("id")).toInteger() == id ? result : QJsonObject();
    }

    QList<QJsonObject> frames(qint64 id) const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &frame : m_frames) {
            if (frame.value(QStringLiteral("id")).toInteger(-1) == id)
                out.append(frame);
        }
        return out;
    }

    QString streamText(qint64 id, const QString &name) const
    {
        QString text;
        for (const QJsonObject &frame : frames(id)) {
            if (frame.value(QStringLiteral("type")).toString() == QLatin1String("stream")
                && frame.value(QStringLiteral("name")).toString() == name)
                text += frame.value(QStringLiteral("text")).toString();
        }
        return text;
    }

    int countFrames(qint64 id, const QString &type, const QString &name = {}) const
    {
        const QList<QJsonObject> list = frames(id);
        return int(std::count_if(list.begin(), list.end(), [&](const QJsonObject &frame) {
            return frame.value(QStringLiteral("type")).toString() == type
                && (name.isEmpty() || frame.value(QStringLiteral("name")).toString() == name);
        }));
    }

    qint64 lastId() const { return m_nextId - 1; }
    QProcess &process() { return m_process; }
    QJsonObject readyFrame() const { return m_ready; }
    int badLines() const { return m_badLines; }
    int lateFrames() const { return m_lateFrames; }
    QByteArray kernelStderr() const { return m_stderr; }

signals:
    void readyReceived(const QJsonObject &frame);
    void resultReceived(const QJsonObject &frame);
    void errorReceived(const QJsonObject &frame);
    void preloadedReceived(const QJsonObject &frame);

private:
    void onStdout()
    {
        m_buffer += m_process.readAllStandardOutput();
        qsizetype newline;
        while ((newline = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(newline);
            m_buffer.remove(0, newline + 1);
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
            if (error.error != QJsonParseError::NoError || !doc.isObject()) {
                ++m_badLines;
                qWarning() << "unparsable frame:" << line.left(200);
                continue;
            }
            handleFrame(doc.object());
        }
    }

    void onStderr() { m_stderr += m_process.readAllStandardError(); }

    void handleFrame(const QJsonObject &frame)
    {
        m_frames.append(frame);
        const QString type = frame.value(QStringLiteral("type")).toString();
        const qint64 id = frame.value(QStringLiteral("id")).toInteger(-1);
        if (type == QLatin1String("ready")) {
            m_ready = frame;
            emit readyReceived(frame);
        } else if (type == QLatin1String("result")) {
            if (m_finished.contains(id))
                ++m_lateFrames;
            m_finished.insert(id);
            emit resultReceived(frame);
        } else if (type == QLatin1String("error")) {
            emit errorReceived(frame);
        } else if (type == QLatin1String("preloaded")) {
            emit preloadedReceived(frame);
        } else if (m_finished.contains(id)) {
            ++m_lateFrames; // the result promised that all output had been forwarded
        }
    }

    QProcess m_process;
    QByteArray m_buffer;
    QByteArray m_stderr;
    QList<QJsonObject> m_frames;
    QSet<qint64> m_finished;
    QJsonObject m_ready;
    qint64 m_nextId = 1;
    int m_badLines = 0;
    int m_lateFrames = 0;
};

class TestKernel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void readyFrame();
    void statePersists();
    void outputCapturedInOrder();
    void stderrCaptured();
    void exceptionKeepsKernelAlive();
    void syntaxError();
    void systemExit();
    void interruptCancelsRun();
    void matplotlibFigure();
    void richValues();
    void outputCap();
    void envPersists();
    void malformedRequest();
    void cpuLimit();
    void strayOutputGoesToNextRun();
    void preloadRunsBesideRequests();
    void preloadNoiseIsDropped();
    void roundTripLatency();

private:
    bool moduleAvailable(const QString &module);

    std::unique_ptr<KernelClient> m_kernel;
};

void TestKernel::init()
{
    m_kernel = std::make_unique<KernelClient>();
    QSignalSpy ready(m_kernel.get(), &KernelClient::readyReceived);
    m_kernel->start();
    QVERIFY(ready.wait(10000));
}

void TestKernel::cleanup()
{
    QCOMPARE(m_kernel->badLines(), 0);
    QCOMPARE(m_kernel->lateFrames(), 0);
    // EOF on the request pipe is how the host ends a session: the kernel must exit 0.
    QSignalSpy finished(&m_kernel->process(), &QProcess::finished);
    m_kernel->process().closeWriteChannel();
    QVERIFY(finished.wait(5000));
    QCOMPARE(m_kernel->process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(m_kernel->process().exitCode(), 0);
    // User output must all have gone through the protocol, never to the kernel's own stderr.
    const QByteArray stderrText =
        m_kernel->kernelStderr() + m_kernel->process().readAllStandardError();
    QVERIFY2(stderrText.isEmpty(), stderrText.constData());
}

bool TestKernel::moduleAvailable(const QString &module)
{
    const QJsonObject r = m_kernel->run(
        QStringLiteral("import importlib.util\nimportlib.util.find_spec('%1') is not None")
            .arg(module));
    return r.value(QStringLiteral("result")).toString() == QLatin1String("True");
}

void TestKernel::readyFrame()
{
    const QJsonObject ready = m_kernel->readyFrame();
    QCOMPARE(ready.value(QStringLiteral("version")).toInt(), 1);
    QVERIFY(QRegularExpression(QStringLiteral("^3\\.\\d+\\.\\d+$"))
                .match(ready.value(QStringLiteral("python")).toString())
                .hasMatch());
    QCOMPARE(ready.value(QStringLiteral("pid")).toInteger(), m_kernel->process().processId());
}

void TestKernel::statePersists()
{
    QJsonObject r = m_kernel->run(QStringLiteral("x = 41"));
    QVERIFY(r.value(QStringLiteral("result")).isNull());
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    QVERIFY(r.value(QStringLiteral("error")).isNull());

    r = m_kernel->run(QStringLiteral("x + 1"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("42"));

    // Functions defined in one request are callable (and picklable: __main__ is the user's).
    m_kernel->run(QStringLiteral("def double(v):\n    return 2 * v\nclass Box:\n    pass"));
    r = m_kernel->run(QStringLiteral(
        "import pickle\ntype(pickle.loads(pickle.dumps(Box()))).__name__, double(x)"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("('Box', 82)"));
}

void TestKernel::outputCapturedInOrder()
{
    // print() is line-buffered, os.system's child writes fd 1 directly, and printf() from C
    // sits in libc's buffer until the kernel flushes it at the end of the run.
    const QJsonObject r =
        m_kernel->run(QStringLiteral("import os, ctypes\n"
                                     "print('one')\n"
                                     "os.system('echo two')\n"
                                     "print('three')\n"
                                     "ctypes.CDLL(None).printf(b'four from C\\n')\n"
                                     "None"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    const qint64 id = m_kernel->lastId();
    QCOMPARE(m_kernel->streamText(id, QStringLiteral("stdout")),
        QStringLiteral("one\ntwo\nthree\nfour from C\n"));
    // The result is the last frame of its request (cleanup() also checks nothing follows it).
    const QList<QJsonObject> frames = m_kernel->frames(id);
    QCOMPARE(frames.last().value(QStringLiteral("type")).toString(), QStringLiteral("result"));
    QVERIFY(m_kernel->countFrames(id, QStringLiteral("stream")) >= 1);
}

void TestKernel::stderrCaptured()
{
    const QJsonObject r = m_kernel->run(QStringLiteral(
        "import sys, os\nsys.stderr.write('e1\\n')\nos.system('echo e2 >&2')\nNone"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    const qint64 id = m_kernel->lastId();
    QCOMPARE(m_kernel->streamText(id, QStringLiteral("stderr")), QStringLiteral("e1\ne2\n"));
    QCOMPARE(m_kernel->streamText(id, QStringLiteral("stdout")), QString());
}

void TestKernel::exceptionKeepsKernelAlive()
{
    QJsonObject r =
        m_kernel->run(QStringLiteral("def boom():\n    raise ValueError('bad value')\nboom()"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QVERIFY(r.value(QStringLiteral("result")).isNull());
    const QJsonObject error = r.value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("ename")).toString(), QStringLiteral("ValueError"));
    QCOMPARE(error.value(QStringLiteral("evalue")).toString(), QStringLiteral("bad value"));
    const QJsonArray traceback = error.value(QStringLiteral("traceback")).toArray();
    QVERIFY(!traceback.isEmpty());
    QCOMPARE(traceback.first().toString(), QStringLiteral("Traceback (most recent call last):"));
    QCOMPARE(traceback.last().toString(), QStringLiteral("ValueError: bad value"));
    for (const QJsonValue &line : traceback)
        QVERIFY2(
            !line.toString().contains(QLatin1String("kernel.py")), qPrintable(line.toString()));
    // Printed to stderr too, as python itself would.
    const QString stderrText = m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stderr"));
    QVERIFY(stderrText.startsWith(QLatin1String("Traceback (most recent call last):")));
    QVERIFY(stderrText.contains(QLatin1String("raise ValueError('bad value')")));

    r = m_kernel->run(QStringLiteral("'alive'"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("'alive'"));
}

void TestKernel::syntaxError()
{
    const QJsonObject r = m_kernel->run(QStringLiteral("x = ("));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QCOMPARE(r.value(QStringLiteral("error")).toObject().value(QStringLiteral("ename")).toString(),
        QStringLiteral("SyntaxError"));
    QCOMPARE(m_kernel->run(QStringLiteral("1 + 1")).value(QStringLiteral("result")).toString(),
        QStringLiteral("2"));
}

void TestKernel::systemExit()
{
    QJsonObject r = m_kernel->run(QStringLiteral("import sys\nsys.exit(3)"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 3);
    QVERIFY(r.value(QStringLiteral("error")).isNull());

    r = m_kernel->run(QStringLiteral("sys.exit()"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);

    r = m_kernel->run(QStringLiteral("sys.exit('giving up')"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stderr")),
        QStringLiteral("giving up\n"));

    r = m_kernel->run(QStringLiteral("'alive'"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("'alive'"));
}

void TestKernel::interruptCancelsRun()
{
    QSignalSpy results(m_kernel.get(), &KernelClient::resultReceived);
    const qint64 id = m_kernel->send(
        QStringLiteral("import time\nprint('sleeping', flush=True)\ntime.sleep(30)"));
    // Only interrupt once user code is running; earlier SIGINTs are deliberately ignored.
    QTRY_VERIFY_WITH_TIMEOUT(
        m_kernel->streamText(id, QStringLiteral("stdout")) == QLatin1String("sleeping\n"), 10000);
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(::kill(pid_t(m_kernel->process().processId()), SIGINT), 0);
    QVERIFY(results.wait(1000));
    QVERIFY(timer.elapsed() < 1000);
    const QJsonObject r = results.first().first().toJsonObject();
    QCOMPARE(r.value(QStringLiteral("id")).toInteger(), id);
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QCOMPARE(r.value(QStringLiteral("error")).toObject().value(QStringLiteral("ename")).toString(),
        QStringLiteral("KeyboardInterrupt"));

    // A SIGINT while idle must not kill the kernel or break the next request.
    QCOMPARE(::kill(pid_t(m_kernel->process().processId()), SIGINT), 0);
    QCOMPARE(m_kernel->run(QStringLiteral("'alive'")).value(QStringLiteral("result")).toString(),
        QStringLiteral("'alive'"));
}

void TestKernel::matplotlibFigure()
{
    if (!moduleAvailable(QStringLiteral("matplotlib")))
        QSKIP("matplotlib is not installed");
    // The first import may build matplotlib's font cache, hence the long timeout.
    QJsonObject r = m_kernel->run(
        QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])"), {}, 60000);
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    QVERIFY(r.value(QStringLiteral("result")).toString().contains(QLatin1String("Line2D")));
    const QJsonArray rich = r.value(QStringLiteral("rich_outputs")).toArray();
    QCOMPARE(rich.size(), 1);
    const QJsonObject image = rich.first().toObject();
    QCOMPARE(image.value(QStringLiteral("type")).toString(), QStringLiteral("image/png"));
    const QByteArray png =
        QByteArray::fromBase64(image.value(QStringLiteral("data")).toString().toLatin1());
    QVERIFY(png.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));

    // Figures are closed after being sent, so the next run has none.
    r = m_kernel->run(QStringLiteral("len(plt.get_fignums())"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("0"));
    QVERIFY(r.value(QStringLiteral("rich_outputs")).toArray().isEmpty());
}

void TestKernel::richValues()
{
    QJsonObject r = m_kernel->run(QStringLiteral("class Picture:\n"
                                                 "    def _repr_png_(self):\n"
                                                 "        return b'\\x89PNG fake'\n"
                                                 "    def __repr__(self):\n"
                                                 "        return 'Picture()'\n"
                                                 "Picture()"));
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("Picture()"));
    QJsonArray rich = r.value(QStringLiteral("rich_outputs")).toArray();
    QCOMPARE(rich.size(), 1);
    QCOMPARE(rich.first().toObject().value(QStringLiteral("type")).toString(),
        QStringLiteral("image/png"));
    QCOMPARE(QByteArray::fromBase64(
                 rich.first().toObject().value(QStringLiteral("data")).toString().toLatin1()),
        QByteArray("\x89PNG fake"));

    if (!moduleAvailable(QStringLiteral("pandas")))
        QSKIP("pandas is not installed");
    r = m_kernel->run(
        QStringLiteral("import pandas as pd\npd.DataFrame({'a': [1, 2]})"), {}, 60000);
    QVERIFY(r.value(QStringLiteral("result")).toString().contains(QLatin1String("a")));
    rich = r.value(QStringLiteral("rich_outputs")).toArray();
    QCOMPARE(rich.size(), 1);
    QCOMPARE(rich.first().toObject().value(QStringLiteral("type")).toString(),
        QStringLiteral("text/html"));
    QVERIFY(rich.first()
                .toObject()
                .value(QStringLiteral("data"))
                .toString()
                .contains(QLatin1String("<table")));
}

void TestKernel::outputCap()
{
    // 5000 bytes from print() and 300 kB from a child: both past the cap, and the child's
    // output must still be drained or it would block on a full pipe and the run never end.
    const QJsonObject r =
        m_kernel->run(QStringLiteral("import os, sys\n"
                                     "print('x' * 5000)\n"
                                     "os.system(\"head -c 300000 /dev/zero | tr '\\\\0' z\")\n"
                                     "sys.stderr.write('e' * 10)\n"
                                     "None"),
            {{QStringLiteral("max_output"), 1000}});
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    const qint64 id = m_kernel->lastId();
    QCOMPARE(m_kernel->streamText(id, QStringLiteral("stdout")), QString(1000, QLatin1Char('x')));
    QCOMPARE(m_kernel->countFrames(id, QStringLiteral("truncated"), QStringLiteral("stdout")), 1);
    QCOMPARE(m_kernel->countFrames(id, QStringLiteral("truncated"), QStringLiteral("stderr")), 0);
    QCOMPARE(m_kernel->streamText(id, QStringLiteral("stderr")), QString(10, QLatin1Char('e')));

    // The cap is per request.
    m_kernel->run(QStringLiteral("print('fresh')"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stdout")),
        QStringLiteral("fresh\n"));
}

void TestKernel::envPersists()
{
    const QString tmp = QDir(QDir::tempPath()).canonicalPath();
    QJsonObject r =
        m_kernel->run(QStringLiteral("import os\nos.environ.get('HOPX_KERNEL_TEST'), os.getcwd()"),
            {{QStringLiteral("env"),
                 QJsonObject {{QStringLiteral("HOPX_KERNEL_TEST"), QStringLiteral("abc")}}},
                {QStringLiteral("cwd"), tmp}});
    QCOMPARE(
        r.value(QStringLiteral("result")).toString(), QStringLiteral("('abc', '%1')").arg(tmp));

    // No env in this request: the variable (and the directory) are still the session's, and
    // children see them.
    r = m_kernel->run(QStringLiteral("os.system('echo $HOPX_KERNEL_TEST; pwd')\nNone"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stdout")),
        QStringLiteral("abc\n%1\n").arg(tmp));

    r = m_kernel->run(QStringLiteral("'HOPX_KERNEL_TEST' in os.environ"),
        {{QStringLiteral("unset"), QJsonArray {QStringLiteral("HOPX_KERNEL_TEST")}}});
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("False"));

    // A cwd that does not exist fails the request without running the code.
    r = m_kernel->run(QStringLiteral("print('ran')"),
        {{QStringLiteral("cwd"), QStringLiteral("/nonexistent/hopx")}});
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QCOMPARE(r.value(QStringLiteral("error")).toObject().value(QStringLiteral("ename")).toString(),
        QStringLiteral("FileNotFoundError"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stdout")), QString());
}

void TestKernel::malformedRequest()
{
    QSignalSpy errors(m_kernel.get(), &KernelClient::errorReceived);
    m_kernel->sendRaw("this is not json\n");
    QVERIFY(errors.wait(5000));
    QJsonObject error = errors.takeFirst().first().toJsonObject();
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
    QVERIFY(!error.contains(QStringLiteral("id")));

    // A well-formed line with a bad field is answered for its id, so the host can fail it.
    m_kernel->sendRaw("{\"id\":77,\"code\":5}\n");
    QVERIFY(errors.wait(5000));
    error = errors.takeFirst().first().toJsonObject();
    QCOMPARE(error.value(QStringLiteral("id")).toInteger(), 77);

    QCOMPARE(m_kernel->run(QStringLiteral("6 * 7")).value(QStringLiteral("result")).toString(),
        QStringLiteral("42"));
}

void TestKernel::cpuLimit()
{
    // CPU seconds, not wall seconds: on a loaded machine the wall time can be several times
    // longer, so only the timeout bounds it.
    QJsonObject r = m_kernel->run(
        QStringLiteral("while True:\n    pass"), {{QStringLiteral("cpu_s"), 1}}, 60000);
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 1);
    QCOMPARE(r.value(QStringLiteral("error")).toObject().value(QStringLiteral("ename")).toString(),
        QStringLiteral("CPUTimeLimitExceeded"));

    // The limit is lifted afterwards: a later run may use more CPU than the first was allowed.
    r = m_kernel->run(QStringLiteral("import time\nt = time.process_time()\n"
                                     "while time.process_time() - t < 2.5:\n    pass\n'done'"),
        {}, 60000);
    QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("'done'"));
}

void TestKernel::strayOutputGoesToNextRun()
{
    // Output written after a result was sent (a background child) is held for the next request
    // rather than sent under a finished one.
    m_kernel->run(QStringLiteral(
        "import subprocess\nsubprocess.Popen('sleep 0.1; echo late', shell=True)\nNone"));
    QTest::qWait(1500);
    m_kernel->run(QStringLiteral("None"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stdout")),
        QStringLiteral("late\n"));
}

namespace {
//! A module in the kernel's working directory (sys.path[0] is ''), for the preload to import.
void writeModule(const QString &dir, const QString &name, const QByteArray &source)
{
    QFile f(dir + QLatin1Char('/') + name + QStringLiteral(".py"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(source);
}

QByteArray preloadLine(const QStringList &modules)
{
    return QJsonDocument(QJsonObject {{QStringLiteral("op"), QStringLiteral("preload")},
                             {QStringLiteral("modules"), QJsonArray::fromStringList(modules)}})
               .toJson(QJsonDocument::Compact)
        + '\n';
}
} // namespace

void TestKernel::preloadRunsBesideRequests()
{
    QTemporaryDir dir;
    m_kernel = std::make_unique<KernelClient>();
    m_kernel->process().setWorkingDirectory(dir.path());
    // A stand-in for matplotlib (the working directory comes first on sys.path) whose pyplot
    // imports until the test says so: a request must be answered meanwhile, and the figure
    // capture must leave the half-imported pyplot alone.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("matplotlib")));
    writeModule(dir.path(), QStringLiteral("matplotlib/__init__"), "");
    writeModule(dir.path(), QStringLiteral("matplotlib/pyplot"),
        "import os, time\nwhile not os.path.exists('go'):\n    time.sleep(0.02)\n"
        "def get_fignums():\n    return []\n");
    QSignalSpy ready(m_kernel.get(), &KernelClient::readyReceived);
    QSignalSpy preloaded(m_kernel.get(), &KernelClient::preloadedReceived);
    m_kernel->start();
    QVERIFY(ready.wait(10000));
    m_kernel->sendRaw(preloadLine({QStringLiteral("csv"), QStringLiteral("matplotlib.pyplot"),
        QStringLiteral("no_such_module_hopx")}));
    const QJsonObject r = m_kernel->run(QStringLiteral("import sys, time\n"
                                                       "while 'matplotlib.pyplot' not in "
                                                       "sys.modules: time.sleep(0.01)\n"
                                                       "('csv' in sys.modules, sorted(globals()))"),
        {}, 60000);
    QCOMPARE(r.value(QStringLiteral("result")).toString(),
        QStringLiteral("(True, ['__builtins__', '__doc__', '__hopx_shell__', '__loader__', "
                       "'__name__', '__package__', '__spec__', 'sys', 'time'])"));
    QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 0);
    QVERIFY(r.value(QStringLiteral("error")).isNull());
    QCOMPARE(preloaded.count(), 0); // answered while the preload was still importing

    QFile go(dir.path() + QStringLiteral("/go"));
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();
    QVERIFY(preloaded.wait(15000));
    const QJsonObject frame = preloaded.first().first().toJsonObject();
    QCOMPARE(frame.value(QStringLiteral("modules")).toVariant().toStringList(),
        (QStringList {QStringLiteral("csv"), QStringLiteral("matplotlib.pyplot")}));
    QCOMPARE(frame.value(QStringLiteral("failed")).toVariant().toStringList(),
        QStringList {QStringLiteral("no_such_module_hopx")});
    // A second preload request is ignored: one per interpreter.
    m_kernel->sendRaw(preloadLine({QStringLiteral("json")}));
    QCOMPARE(m_kernel->run(QStringLiteral("1")).value(QStringLiteral("result")).toString(),
        QStringLiteral("1"));
    QVERIFY(!preloaded.wait(300));
}

void TestKernel::preloadNoiseIsDropped()
{
    QTemporaryDir dir;
    m_kernel = std::make_unique<KernelClient>();
    m_kernel->process().setWorkingDirectory(dir.path());
    writeModule(dir.path(), QStringLiteral("hopx_noisy_import"),
        "import sys\nprint('noise on stdout')\nprint('noise on stderr', file=sys.stderr)\n");
    QSignalSpy ready(m_kernel.get(), &KernelClient::readyReceived);
    QSignalSpy preloaded(m_kernel.get(), &KernelClient::preloadedReceived);
    m_kernel->start();
    QVERIFY(ready.wait(10000));
    m_kernel->sendRaw(preloadLine({QStringLiteral("hopx_noisy_import")}));
    QVERIFY(preloaded.wait(15000));
    // What the preload printed before any user code ran is nobody's output.
    m_kernel->run(QStringLiteral("print('mine')"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stdout")),
        QStringLiteral("mine\n"));
    QCOMPARE(m_kernel->streamText(m_kernel->lastId(), QStringLiteral("stderr")), QString());
}

void TestKernel::roundTripLatency()
{
    m_kernel->run(QStringLiteral("1 + 1")); // warm-up
    QList<qint64> samples;
    for (int i = 0; i < 100; ++i) {
        QElapsedTimer timer;
        timer.start();
        const QJsonObject r = m_kernel->run(QStringLiteral("1 + 1"));
        samples.append(timer.nsecsElapsed());
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("2"));
    }
    std::sort(samples.begin(), samples.end());
    const double medianMs = samples.at(samples.size() / 2) / 1e6;
    const double p95Ms = samples.at(samples.size() * 95 / 100) / 1e6;
    qInfo("warm round trip for 1 + 1: median %.3f ms, p95 %.3f ms", medianMs, p95Ms);
    // Generous: this guards against accidental coalescing delays (20 ms) on the result path.
    QVERIFY(medianMs < 15.0);
}

QTEST_GUILESS_MAIN(TestKernel)
#include "tst_kernel.moc"
