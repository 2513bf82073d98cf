// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Screenshots in English and Chinese, run under `xvfb-run -a` (see CMakeLists.txt), into
// build/screenshots/*.png:
//  - realApp: the real hopx-desktop binary with its GUI, real local sandboxes created and used
//    through real hopx-mcp bridges, a second launch that must raise it; the X root is captured.
//  - views: every view and dialog, rendered in-process over the same GuiApplication the app
//    uses (real MCP server, tools and bridge clients; fake providers so the data is rich).
// Fails on a blank image, on a string the Chinese translation lacks at run time, and on
// unfinished strings in the .ts files (lrelease's own count).
#include "GuiFixture.h"

#include "providers/local/boot/SandboxHost.h"
#include "support/BridgeProcess.h"
#include "support/McpClient.h"

#include "core/approvals/ApprovalBroker.h"
#include "core/approvals/ConsentWording.h"
#include "core/models/ClientListModel.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"
#include "core/models/Notices.h"
#include "core/models/SandboxListModel.h"
#include "core/settings/NetworkLog.h"
#include "core/settings/NetworkPolicy.h"
#include "core/tools/McpTools.h"
#include "ui/Icons.h"
#include "ui/MainWindow.h"
#include "ui/TrayIcon.h"
#include "ui/dialogs/ApiKeyDialog.h"
#include "ui/dialogs/ApiKeyTester.h"
#include "ui/dialogs/ConnectIdeDialog.h"
#include "ui/figures/FigureDialog.h"
#include "ui/settings/SettingsDialog.h"
#include "ui/views/LogsView.h"
#include "ui/views/SandboxesView.h"

#include <QApplication>
#include <QCheckBox>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocalSocket>
#include <QMenu>
#include <QPainter>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

#include <algorithm>
#include <csignal>

using namespace Hopx;
using HopxTest::BridgeProcess;
using HopxTest::GuiFixture;
using HopxTest::McpClient;

namespace {

// Asked only when the app's own translator had nothing: every such lookup in our classes is
// a string the translation misses.
class RecordingTranslator : public QTranslator
{
public:
    mutable QStringList missing;
    QString translate(
        const char *context, const char *source, const char *disambiguation, int n) const override
    {
        const QString t = QTranslator::translate(context, source, disambiguation, n);
        if (t.isEmpty() && source && *source && qstrncmp(context, "Hopx::", 6) == 0) {
            const QString entry =
                QLatin1String(context) + QStringLiteral(": ") + QString::fromUtf8(source);
            if (!missing.contains(entry))
                missing << entry;
        }
        return t;
    }
};

// HOPX's /v1/templates for the key dialog's real tester: 200 for any key.
class FakeHopx : public QTcpServer
{
public:
    FakeHopx()
    {
        listen(QHostAddress::LocalHost);
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s] {
                    if (!s->readAll().contains("\r\n\r\n"))
                        return;
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                             "11\r\n"
                             "Connection: close\r\n\r\n{\"data\":[]}");
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(serverPort())); }
};

QString lreleaseReport(const QString &ts)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(HOPX_LRELEASE),
        {ts, QStringLiteral("-qm"), QDir::temp().filePath(QStringLiteral("hopx-check.qm"))});
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAll());
}

} // namespace

class TestScreenshots : public QObject
{
    Q_OBJECT

    QDir m_out {QStringLiteral(HOPX_SCREENSHOT_DIR)};

    static bool notBlank(const QImage &image, QString *why)
    {
        if (image.isNull() || image.width() < 100 || image.height() < 50) {
            *why = QStringLiteral("empty or tiny image");
            return false;
        }
        QHash<QRgb, int> colours;
        const QImage img = image.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                ++colours[img.pixel(x, y)];
        int top = 0, total = 0;
        for (int c : std::as_const(colours)) {
            top = std::max(top, c);
            total += c;
        }
        if (colours.size() < 16 || top > total * 97 / 100) {
            *why = QStringLiteral("blank: %1 colours, the commonest covers %2%")
                       .arg(colours.size())
                       .arg(top * 100 / std::max(1, total));
            return false;
        }
        return true;
    }
    void save(const QImage &image, const QString &name)
    {
        QString why;
        QVERIFY2(notBlank(image, &why), qPrintable(name + QStringLiteral(": ") + why));
        QVERIFY(image.save(m_out.filePath(name + QStringLiteral(".png"))));
        qInfo().noquote() << "wrote" << m_out.filePath(name + QStringLiteral(".png"));
    }
    //! The tooltip the view has just shown (Qt's own top-level label).
    static QWidget *visibleTip()
    {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w->inherits("QTipLabel") && w->isVisible())
                return w;
        return nullptr;
    }
    void save(QWidget *w, const QString &name)
    {
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QTest::qWait(150); // let queued layouts and repaints land
        save(w->grab().toImage(), name);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("DISPLAY"), "run me under xvfb-run -a");
        m_out.mkpath(QStringLiteral("."));
        for (const QString &old : m_out.entryList({QStringLiteral("*.png")}, QDir::Files))
            m_out.remove(old);
    }

    void translationsAreFinished()
    {
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            const QString report = lreleaseReport(
                QStringLiteral(HOPX_SOURCE_DIR "/translations/hopx-desktop_%1.ts").arg(lang));
            const auto m = QRegularExpression(QStringLiteral("(\\d+) unfinished")).match(report);
            if (lang == QLatin1String("zh_CN")) {
                QVERIFY2(m.hasMatch() || report.contains(QStringLiteral("Generated")),
                    qPrintable(report));
                QVERIFY2(!m.hasMatch() || m.captured(1) == QLatin1String("0"), qPrintable(report));
                QVERIFY2(!report.contains(QStringLiteral("untranslated")), qPrintable(report));
            }
        }
    }

    void trayIcons()
    {
        const int sizes[] = {16, 22, 32, 48};
        const Ui::Icons::Tray states[] = {Ui::Icons::Tray::Idle, Ui::Icons::Tray::Busy,
            Ui::Icons::Tray::Error, Ui::Icons::Tray::NoKey};
        QImage sheet(4 * 64 + 16, 2 * (4 * 56), QImage::Format_RGB32);
        QPainter p(&sheet);
        // Light and dark panels, as trays come in both.
        p.fillRect(0, 0, sheet.width(), sheet.height() / 2, QColor(0xF3, 0xF3, 0xF3));
        p.fillRect(
            0, sheet.height() / 2, sheet.width(), sheet.height() / 2, QColor(0x20, 0x21, 0x24));
        for (int panel = 0; panel < 2; ++panel)
            for (int row = 0; row < 4; ++row)
                for (int col = 0; col < 4; ++col) {
                    const int s = sizes[row];
                    const QPoint at(8 + col * 64 + (64 - s) / 2,
                        panel * sheet.height() / 2 + row * 56 + (56 - s) / 2);
                    p.drawPixmap(at, Ui::Icons::tray(states[col]).pixmap(s, s));
                }
        p.end();
        save(sheet, QStringLiteral("tray-icons"));
        save(Ui::Icons::app().pixmap(256, 256).toImage().convertToFormat(QImage::Format_ARGB32),
            QStringLiteral("app-icon"));
    }

    void realApp_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void realApp()
    {
        QFETCH(QString, lang);
        QTemporaryDir root(QDir::tempPath() + QStringLiteral("/hopx-shot-XXXXXX"));
        const QString socket = root.path() + QStringLiteral("/run/hopx-desktop/mcp.sock");
        QDir().mkpath(root.path() + QStringLiteral("/run"));
        QFile::setPermissions(root.path() + QStringLiteral("/run"),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QDir().mkpath(root.path() + QStringLiteral("/config/hopx-desktop"));
        {
            QFile ini(root.path() + QStringLiteral("/config/hopx-desktop/hopx-desktop.ini"));
            QVERIFY(ini.open(QIODevice::WriteOnly));
            ini.write(
                QStringLiteral("[ui]\nlanguage=%1\nnoTrayHintShown=true\n").arg(lang).toUtf8());
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), root.path() + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), root.path() + QStringLiteral("/data"));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), root.path() + QStringLiteral("/cache"));
        env.insert(QStringLiteral("XDG_STATE_HOME"), root.path() + QStringLiteral("/state"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), root.path() + QStringLiteral("/run"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("HOPX_BASE_URL"),
            QStringLiteral("http://127.0.0.1:9")); // never the real cloud
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
            QStringLiteral("unix:path=/nonexistent/hopx-bus"));
        env.remove(QStringLiteral("HOPX_API_KEY"));
        env.remove(QStringLiteral("HOPX_MCP_SOCKET"));

        QProcess app;
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::ForwardedChannels);
        app.start(
            QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"), {QStringLiteral("--socket"), socket});
        QVERIFY(app.waitForStarted(5000));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(socket), 15000);

        BridgeProcess claudeBridge, cursorBridge;
        QVERIFY(claudeBridge.start(socket));
        QVERIFY(cursorBridge.start(socket));
        McpClient claude(&claudeBridge), cursor(&cursorBridge);
        QVERIFY(claude.initialize(
            QStringLiteral("2025-06-18"), QStringLiteral("claude-code"), QStringLiteral("2.0.14")));
        QVERIFY(cursor.initialize(QStringLiteral("2025-06-18"), QStringLiteral("cursor-vscode"),
            QStringLiteral("1.7.33")));

        // Real local sandboxes, when this machine can run them.
        QStringList ids;
        for (int n = 0; n < 2; ++n) {
            const qint64 c = claude.startTool(QStringLiteral("create_sandbox"),
                {{QStringLiteral("provider"), QStringLiteral("local")},
                    {QStringLiteral("timeout_seconds"), 1800 + n * 1800}});
            QTRY_VERIFY_WITH_TIMEOUT(claude.find(c), 60000);
            const QJsonObject sc =
                claude.result(c).value(QStringLiteral("structuredContent")).toObject();
            const QString id = sc.value(QStringLiteral("id")).toString();
            if (id.isEmpty()) {
                qWarning().noquote()
                    << "no local sandbox here:"
                    << QJsonDocument(claude.result(c)).toJson(QJsonDocument::Compact);
                break;
            }
            ids << id;
        }
        if (!ids.isEmpty()) {
            const qint64 e = claude.startTool(QStringLiteral("execute_code"),
                {{QStringLiteral("sandbox_id"), ids.first()},
                    {QStringLiteral("mode"), QStringLiteral("persistent")},
                    {QStringLiteral("code"),
                        QStringLiteral("import sys\nprint('Python', "
                                       "sys.version.split()[0])\nprint(sum(range(10)))")}});
            const qint64 r = cursor.startTool(QStringLiteral("run_command"),
                {{QStringLiteral("sandbox_id"), ids.last()},
                    {QStringLiteral("command"),
                        QStringLiteral("echo hello > /workspace/hello.txt && ls /workspace")}});
            QTRY_VERIFY_WITH_TIMEOUT(claude.find(e) && cursor.find(r), 60000);
        }
        const qint64 h = cursor.startTool(QStringLiteral("health"), {});
        QTRY_VERIFY_WITH_TIMEOUT(cursor.find(h), 15000);

        // Launching the app again raises the running one and exits 0; a headless one still exits 3.
        QProcess second;
        second.setProcessEnvironment(env);
        second.start(
            QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"), {QStringLiteral("--socket"), socket});
        QVERIFY(second.waitForFinished(15000));
        QCOMPARE(second.exitCode(), 0);
        QProcess headless;
        headless.setProcessEnvironment(env);
        headless.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"),
            {QStringLiteral("--headless"), QStringLiteral("--socket"), socket});
        QVERIFY(headless.waitForFinished(15000));
        QCOMPARE(headless.exitCode(), 3);

        QTest::qWait(4500); // two resource samples (2 s apart), countdown ticks, log batches
        const QString raw = root.path() + QStringLiteral("/root.png");
        QProcess import;
        import.start(
            QStringLiteral("import"), {QStringLiteral("-window"), QStringLiteral("root"), raw});
        QVERIFY(import.waitForFinished(30000));
        QImage screen(raw);
        QVERIFY2(!screen.isNull(), "ImageMagick's import could not capture the screen");
        // No window manager: the window sits on a black root; cut it out.
        QRect box;
        const QImage rgb = screen.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < rgb.height(); ++y)
            for (int x = 0; x < rgb.width(); ++x)
                if ((rgb.pixel(x, y) & 0xFFFFFF) != 0)
                    box |= QRect(x, y, 1, 1);
        save(rgb.copy(box), QStringLiteral("app-real-") + lang);

        ::kill(pid_t(app.processId()), SIGTERM);
        QVERIFY(app.waitForFinished(15000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    }

    void desktopNotifications_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    /*! Notifications as a desktop shows them: GNOME's notification daemon on the test's own
     *  session bus (ctest runs this under dbus-run-session), the whole screen grabbed. */
    void desktopNotifications()
    {
        QFETCH(QString, lang);
        const QString daemon = QStringLiteral("/usr/lib/notification-daemon/notification-daemon");
        QDBusConnection bus = QDBusConnection::sessionBus();
        if (!bus.isConnected() || !QFileInfo(daemon).isExecutable())
            QSKIP("needs a session bus and notification-daemon (apt-get install "
                  "notification-daemon)");
        QVERIFY2(
            !bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.Notifications")),
            "another notification server is on this bus: the screenshot would be its");
        // The daemon shows one notification at a time: one daemon per picture.
        auto server = std::make_unique<QProcess>();
        const auto start = [&] {
            server = std::make_unique<QProcess>();
            server->start(daemon, {});
            QVERIFY(server->waitForStarted());
            QTRY_VERIFY_WITH_TIMEOUT(bus.interface()->isServiceRegistered(
                                         QStringLiteral("org.freedesktop.Notifications")),
                10000);
        };
        const auto stop = [&] {
            server->terminate();
            server->waitForFinished(5000);
            QTRY_VERIFY(!bus.interface()->isServiceRegistered(
                QStringLiteral("org.freedesktop.Notifications")));
        };
        auto stopAtEnd = qScopeGuard([&] {
            server->terminate();
            server->waitForFinished(5000);
        });
        const auto grab = [this](const QString &name) {
            QTest::qWait(1500); // the daemon draws it
            const QImage screen = QGuiApplication::primaryScreen()->grabWindow(0).toImage();
            const int width = 560;
            save(screen.copy(screen.width() - width, 0, width, 220), name);
        };

        GuiFixture f;
        f.settings.setLanguage(lang);
        f.settings.setNoTrayHintShown(true);
        f.makeGui(QStringLiteral(HOPX_QM_DIR));
        const QString id = QStringLiteral("local-r7n2ce");
        f.addSandbox(id);
        start();
        f.approvals.request(
            {Core::ApprovalBroker::kFolderRead, QStringLiteral("Claude Code"),
                QDir::homePath() + QStringLiteral("/proj"),
                Core::ConsentWording::mountReadOnly(QStringLiteral("/project/proj"))},
            [](Core::ApprovalBroker::Answer, const QString &) {});
        grab(QStringLiteral("notification-approval-") + lang);
        stop();
        start();
        emit f.local.output(id, QStringLiteral("network"),
            (Core::NetworkLog::deniedLine(
                 QStringLiteral("api.github.com"), 443, Core::NetworkLog::notListed())
                + '\n')
                .toUtf8());
        grab(QStringLiteral("notification-network-") + lang);
    }

    void views_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void views()
    {
        QFETCH(QString, lang);
        RecordingTranslator recorder;
        QVERIFY(recorder.load(QStringLiteral("hopx-desktop_") + lang, QStringLiteral(HOPX_QM_DIR)));
        QCoreApplication::installTranslator(&recorder);
        auto removeRecorder =
            qScopeGuard([&recorder] { QCoreApplication::removeTranslator(&recorder); });

        FakeHopx hopx;
        GuiFixture f;
        f.settings.setLanguage(lang);
        f.settings.setNoTrayHintShown(true);
        Core::Tools::registerAll(
            f.registry, Core::Tools::ToolDeps {&f.manager, &f.settings, &f.network});
        QVERIFY(f.listen());
        f.makeGui(QStringLiteral(HOPX_QM_DIR),
            Ui::ApiKeyTester::make(&f.network, [&hopx] { return hopx.url(); }));
        Ui::MainWindow *w = f.gui->mainWindow();
        w->resize(1280, 700);
        f.gui->start(false);

        // The first run: no sandboxes; one IDE connected, two installed but not yet.
        f.installIdes();
        f.gui->refreshIdes();
        w->tabs()->setCurrentIndex(Ui::MainWindow::SandboxesTab);
        save(w, QStringLiteral("main-empty-") + lang);

        // Sandboxes that were there before: two in the cloud, one local, one paused.
        f.addSandbox(QStringLiteral("sbx-4f7c2a91"), QStringLiteral("hopx"),
            QStringLiteral("running"), 25 * 60, 3600);
        f.addSandbox(QStringLiteral("sbx-9e01bd37"), QStringLiteral("hopx"),
            QStringLiteral("paused"), 3 * 3600, 6 * 3600);
        const Core::SandboxInfo notebook = f.addSandbox(QStringLiteral("local-k2m8xq"),
            QStringLiteral("local"), QStringLiteral("running"), 7 * 60, 1800);
        // A fork of it, and one that may reach the package indexes and holds a secret.
        Core::SandboxInfo fork = notebook;
        fork.id = QStringLiteral("local-p4t9wd");
        fork.createdAt = QDateTime::currentDateTime().addSecs(-3 * 60);
        fork.extra.insert(QStringLiteral("forked_from"),
            QJsonObject {{QStringLiteral("sandbox_id"), notebook.id},
                {QStringLiteral("checkpoint_id"), QStringLiteral("cp-cleaned")}});
        f.local.add(fork);
        Core::SandboxInfo packages = notebook;
        packages.id = QStringLiteral("local-r7n2ce");
        packages.createdAt = QDateTime::currentDateTime().addSecs(-2 * 60);
        packages.internetAccess = true;
        packages.extra.insert(QStringLiteral("network"),
            Core::NetworkPolicy::allowlist(
                f.settings.packageHosts() << QStringLiteral("api.github.com"))
                .toJson());
        packages.extra.insert(
            QStringLiteral("secrets"), QJsonArray {QStringLiteral("GITHUB_TOKEN")});
        f.local.add(packages);

        // Two IDEs through real bridges, calling real tools.
        BridgeProcess claudeBridge, cursorBridge;
        QVERIFY(claudeBridge.start(f.socket));
        QVERIFY(cursorBridge.start(f.socket));
        McpClient claude(&claudeBridge), cursor(&cursorBridge);
        QVERIFY(claude.initialize(
            QStringLiteral("2025-06-18"), QStringLiteral("claude-code"), QStringLiteral("2.0.14")));
        QVERIFY(cursor.initialize(QStringLiteral("2025-06-18"), QStringLiteral("cursor-vscode"),
            QStringLiteral("1.7.33")));
        const qint64 list = claude.request(QStringLiteral("tools/list"));
        const qint64 create = claude.startTool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("template_name"), QStringLiteral("python")}});
        QTRY_VERIFY_WITH_TIMEOUT(claude.find(list) && claude.find(create), 15000);
        const QString created = claude.result(create)
                                    .value(QStringLiteral("structuredContent"))
                                    .toObject()
                                    .value(QStringLiteral("id"))
                                    .toString();
        QVERIFY2(!created.isEmpty(), QJsonDocument(claude.result(create)).toJson().constData());

        f.local.outputs = {QStringLiteral("rows: 1204, columns: 7"),
            QStringLiteral("mean latency: 41.3 ms"),
            QStringLiteral("stderr:FutureWarning: DataFrame.applymap has been deprecated")};
        // The run's two figures, as matplotlib drew them (tests/gui/data).
        for (const char *name : {"latency.png", "latency-histogram.png"}) {
            QFile png(QStringLiteral(HOPX_SOURCE_DIR "/tests/gui/data/") + QLatin1String(name));
            QVERIFY(png.open(QIODevice::ReadOnly));
            f.local.richOutputs.append({QStringLiteral("image/png"), png.readAll()});
        }
        const qint64 exec = claude.startTool(QStringLiteral("execute_code"),
            {{QStringLiteral("sandbox_id"), created},
                {QStringLiteral("mode"), QStringLiteral("persistent")},
                {QStringLiteral("code"),
                    QStringLiteral(
                        "import pandas as pd\ndf = pd.read_csv('/workspace/latency.csv')\n"
                        "print(f'rows: {len(df)}, columns: {df.shape[1]}')\n"
                        "print(f'mean latency: {df.ms.mean():.1f} ms')\n"
                        "by_hour = df.groupby('hour').ms.quantile([0.5, 0.95]).unstack()\n"
                        "by_hour.plot(marker='o', title='Request latency, 1204 rows')\n"
                        "df.ms.plot.hist(bins=40, title='Latency distribution')")}});
        QTRY_VERIFY_WITH_TIMEOUT(claude.find(exec), 15000);
        f.local.richOutputs.clear();
        f.local.outputs = {QStringLiteral("analysis.py"), QStringLiteral("latency.csv")};
        const qint64 cmd = cursor.startTool(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), notebook.id},
                {QStringLiteral("command"), QStringLiteral("ls /workspace")}});
        QTRY_VERIFY_WITH_TIMEOUT(cursor.find(cmd), 15000);
        const qint64 missing = cursor.startTool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), notebook.id},
                {QStringLiteral("path"), QStringLiteral("/workspace/report.md")}});
        const qint64 health = cursor.startTool(QStringLiteral("health"), {});
        QTRY_VERIFY_WITH_TIMEOUT(cursor.find(missing) && cursor.find(health), 15000);

        // The UI's own sampler asks the (fake) local provider for its processes every 2 s: wait
        // for two samples, so the CPU column shows a rate.
        f.local.cpuMsPerCall = 330;
        Core::SandboxListModel *sandboxes = f.gui->sandboxModel();
        auto cpuShown = [sandboxes](const QString &id) {
            const int row = sandboxes->rowOf(id);
            return row >= 0
                && sandboxes->index(row, Core::SandboxListModel::Cpu)
                       .data()
                       .toString()
                       .contains(QLatin1Char('%'));
        };
        QTRY_VERIFY_WITH_TIMEOUT(cpuShown(created) && cpuShown(notebook.id), 10000);
        QTRY_COMPARE(f.gui->clientModel()->rowCount(), 2);
        QTRY_VERIFY(f.gui->logModel()->rowCount() >= 10);

        Ui::SandboxesView *sv = w->sandboxesView();
        w->tabs()->setCurrentIndex(Ui::MainWindow::SandboxesTab);
        sv->selectId(created);
        save(w, QStringLiteral("main-sandboxes-") + lang);

        w->tabs()->setCurrentIndex(Ui::MainWindow::LogsTab);
        Ui::LogsView *lv = w->logsView();
        // The end of the pandas run: its detail shows the code and the output.
        for (int row = 0; row < lv->filter()->rowCount(); ++row) {
            const QModelIndex i = lv->filter()->index(row, Core::LogModel::Message);
            if (i.data(Core::LogModel::KindRole).toInt() == int(Core::LogEntry::Kind::Execution)
                && i.data(Core::LogModel::DetailRole)
                       .toString()
                       .contains(QStringLiteral("import pandas")))
                lv->table()->setCurrentIndex(i);
        }
        // Its figures beside the detail, and in the row, once decoded.
        QTRY_VERIFY(!lv->figureButtons().isEmpty() && !lv->figureButtons().last()->icon().isNull()
            && !lv->rowThumbnail(lv->table()->currentIndex()).isNull());
        save(w, QStringLiteral("main-logs-") + lang);
        lv->openFigure(lv->table()->currentIndex(), 0);
        QTRY_VERIFY(lv->figureDialog() && !lv->figureDialog()->image().isNull());
        lv->figureDialog()->resize(720, 540);
        save(lv->figureDialog(), QStringLiteral("figure-") + lang);
        lv->figureDialog()->close();
        w->tabs()->setCurrentIndex(Ui::MainWindow::ClientsTab);
        save(w, QStringLiteral("main-clients-") + lang);

        // Two clients wait for the user: the list above the tabs, and the tray's menu.
        f.approvals.request(
            {Core::ApprovalBroker::kFolderRead, QStringLiteral("Claude Code"),
                QDir::homePath() + QStringLiteral("/proj"),
                Core::ConsentWording::mountReadOnly(QStringLiteral("/project/proj"))},
            [](Core::ApprovalBroker::Answer, const QString &) {});
        f.approvals.request({Core::ApprovalBroker::kInternet, QStringLiteral("Codex"), {},
                                Core::ConsentWording::internet(), false},
            [](Core::ApprovalBroker::Answer, const QString &) {});
        w->tabs()->setCurrentIndex(Ui::MainWindow::SandboxesTab);
        save(w, QStringLiteral("main-approvals-") + lang);

        // A background run ended: without a tray the notification is the status bar's.
        f.settings.setNotifies(Core::Settings::Notice::RunFinished, true);
        Core::ExecutionRecord ended;
        ended.sandboxId = notebook.id;
        ended.language = QStringLiteral("command");
        ended.code = QStringLiteral("python train.py --epochs 40");
        ended.background = true;
        ended.finished = true;
        ended.seconds = 754;
        f.gui->notices()->execution(ended);
        save(w, QStringLiteral("notification-") + lang);

        Ui::ApiKeyDialog *key = f.gui->showApiKeyDialog();
        QTRY_VERIFY(!key->isBusy());
        key->keyEdit()->setText(QStringLiteral("hopx_live_9fQ2x7Lm0pK4vW8sT1cZ"));
        QTest::mouseClick(key->testButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!key->isBusy() && !key->resultLabel()->text().isEmpty(), 15000);
        save(key, QStringLiteral("apikey-") + lang);
        key->close();

        Ui::SettingsDialog *settings = f.gui->showSettings();
        const char *pages[] = {"general", "local", "network", "packages", "folders",
            "notifications", "cloud", "http", "tools"};
        QCOMPARE(settings->tabs()->count(), int(std::size(pages)));
        for (int tab = 0; tab < settings->tabs()->count(); ++tab) {
            settings->tabs()->setCurrentIndex(tab);
            save(settings, QStringLiteral("settings-%1-%2").arg(QLatin1String(pages[tab]), lang));
        }
        // MCP over HTTP asked for on a port another program holds: why, and what to do.
        QTcpServer squatter;
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        f.http.start();
        const auto http = std::find_if(std::begin(pages), std::end(pages),
            [](const char *page) { return qstrcmp(page, "http") == 0; });
        settings->tabs()->setCurrentIndex(int(http - std::begin(pages)));
        settings->findChild<QCheckBox *>(QStringLiteral("httpEnabled"))->setChecked(true);
        settings->findChild<QSpinBox *>(QStringLiteral("httpPort"))
            ->setValue(squatter.serverPort());
        QTest::mouseClick(settings->buttons()->button(QDialogButtonBox::Apply), Qt::LeftButton);
        QTRY_COMPARE(f.http.state(), Core::HttpService::State::Failed);
        save(settings, QStringLiteral("settings-http-taken-") + lang);
        f.http.stop();
        settings->close();

        Ui::ConnectIdeDialog *ide = f.gui->showConnectIde();
        ide->selectIde(Core::IdeConfig::Ide::ClaudeDesktop);
        save(ide, QStringLiteral("connect-ide-") + lang);
        ide->selectIde(Core::IdeConfig::Ide::ClaudeCode);
        save(ide, QStringLiteral("connect-ide-claude-code-") + lang);
        ide->close();

        QMenu *menu = f.gui->tray()->menu();
        menu->popup(QPoint(40, 40));
        save(menu, QStringLiteral("tray-menu-") + lang);
        // The tray menu shows what still waits (the two requests above), first.
        QVERIFY(f.gui->tray()->approvalsMenu()->menuAction()->isVisible());
        for (const Core::ApprovalBroker::Pending &p : f.approvals.pending())
            f.approvals.answer(p.id, Core::ApprovalBroker::Answer::Deny);

        QMenu *sub = f.gui->tray()->sandboxesMenu();
        emit sub->aboutToShow();
        sub->popup(QPoint(40 + menu->width(), 60));
        save(sub, QStringLiteral("tray-sandboxes-") + lang);
        sub->hide();
        menu->hide();

        // A sandbox a newer version last used: listed in red, and its status says why (the
        // local provider's sentences, under their context).
        const char *ctx = "Hopx::Core::SandboxProvider";
        const QString newerId = QStringLiteral("local-w3h8za");
        Core::SandboxInfo newer;
        newer.id = newerId;
        newer.provider = QStringLiteral("local");
        newer.status = Core::SandboxStatus::Unavailable;
        newer.problem = Core::Wording(ctx,
            "Sandbox %1 cannot be used: %2. Its files are left as they are in %3.",
            {newerId,
                Core::Wording(ctx,
                    "it was made by a newer version of HOPX Desktop (sandbox format %1; this "
                    "version reads formats up to %2): use it with that version, or update this "
                    "one",
                    {QStringLiteral("2"), QStringLiteral("1")}),
                QString(
                    QStringLiteral("/home/ada/.local/state/hopx-desktop/sandboxes/") + newerId)});
        f.local.add(newer);
        w->tabs()->setCurrentIndex(Ui::MainWindow::SandboxesTab);
        sv->selectId(newerId);
        auto *table = sv->findChild<QTableView *>();
        QVERIFY(table);
        const QModelIndex newerStatus =
            table->model()->index(table->currentIndex().row(), Core::SandboxListModel::Status);
        QVERIFY(!newerStatus.data(Qt::ToolTipRole).toString().isEmpty());
        const QPoint at = table->visualRect(newerStatus).center();
        QHelpEvent help(QEvent::ToolTip, at, table->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(table->viewport(), &help);
        // Qt's label goes away on its own (a timer, the pointer elsewhere): taken at once.
        QPointer<QWidget> tip;
        QTRY_VERIFY((tip = visibleTip()) != nullptr);
        const QPixmap tipShot = tip->grab();
        const QPoint tipAt = w->mapFromGlobal(tip->mapToGlobal(QPoint(0, 0)));
        tip->hide();
        QImage shot = w->grab().toImage();
        {
            QPainter painter(&shot);
            painter.drawPixmap(tipAt, tipShot);
        }
        save(shot, QStringLiteral("main-unavailable-") + lang);
        f.local.remove(newerId);

        // A machine without bubblewrap: the local provider's own sentence, above the tabs.
        f.local.setReason(Local::SandboxHost::selfTest(QStringLiteral("/nonexistent/bwrap")));
        QVERIFY(w->problemHint()->isVisible());
        save(w, QStringLiteral("main-problem-") + lang);
        f.local.setReason({});

        QVERIFY2(recorder.missing.isEmpty() || lang == QLatin1String("en"),
            qPrintable(QStringLiteral("untranslated at run time:\n  ")
                + recorder.missing.join(QStringLiteral("\n  "))));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
