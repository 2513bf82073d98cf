// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The GUI's sandbox list after an app restart: a real LocalProvider keeps a sandbox's disk at
// shutdown, a second one (the next app run) finds it on the same storage, and the list model
// the Sandboxes view shows gets its row, running, with its disk use. One that cannot come back
// is explained in the Logs in the user's language, and to the model in English; so is storage
// that cannot be made.
#include "../unit/BracketTranslator.h"
#include "LocalTestSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/models/LogFeed.h"
#include "core/models/LogModel.h"
#include "core/models/SandboxListModel.h"
#include "core/settings/Settings.h"
#include "providers/local/LocalProvider.h"
#include "providers/local/disk/SandboxVolume.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>
#include <optional>

using namespace Hopx;

namespace {

//! One app run's sandbox stack on \a root: settings, the local provider, the manager.
struct Run
{
    explicit Run(const QString &root)
        : settings(root + QStringLiteral("/hopx-desktop.ini"), nullptr)
        , provider(&settings, options(root))
        , manager(&settings)
    {
        manager.addProvider(&provider);
    }
    static Local::LocalProvider::Options options(const QString &root)
    {
        Local::LocalProvider::Options o;
        o.stateBase = root + QStringLiteral("/state");
        o.storageBase = root + QStringLiteral("/sandboxes");
        o.agentPath = LocalTest::agentBinary();
        o.warmSpares = 0;
        return o;
    }
    Core::Settings settings;
    Local::LocalProvider provider;
    Core::SandboxManager manager;
};

} // namespace

class TestLocalRecovery : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_root;
    QString m_id;

    //! One app run on \a root that creates a sandbox and quits, keeping its files and record.
    static void keepOne(const QString &root, QString *id)
    {
        Run first(root);
        QVERIFY2(first.provider.unavailableReason().isEmpty(),
            qPrintable(first.provider.unavailableReason().english()));
        // As in the app: the provider's start-up recovery runs before the first call.
        QCoreApplication::processEvents();
        std::optional<Core::Result<Core::SandboxInfo>> created;
        first.provider.create({}, [&](Core::Result<Core::SandboxInfo> r) { created = r; });
        QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), 60000);
        QVERIFY2(created->ok(), created->ok() ? "" : qPrintable(created->error().message));
        *id = created->value().id;
        first.provider.shutdown(); // the app quits: files and record stay
    }

private slots:
    void initTestCase() { HOPX_REQUIRE_LOCAL_PROVIDER(); }
    //! Each test starts from an app run that kept one sandbox.
    void init()
    {
        m_root = std::make_unique<QTemporaryDir>();
        QVERIFY(m_root->isValid());
        keepOne(m_root->path(), &m_id);
    }

    void theListShowsARecoveredSandbox()
    {
        const QString id = m_id;
        Run second(m_root->path());
        Core::SandboxListModel model;
        model.setTickInterval(0);
        model.attach(&second.manager);
        auto row = [&]() {
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.index(r, Core::SandboxListModel::Id).data().toString() == id)
                    return r;
            return -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(row() >= 0, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(
            model.index(row(), Core::SandboxListModel::Status).data().toString(),
            Core::SandboxListModel::statusName(Core::SandboxStatus::Running), 60000);
        second.provider.shutdown();
    }

    void aSandboxThatCannotComeBackIsExplainedInTheUsersLanguage_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("its record names another sandbox") << QStringLiteral("id");
        QTest::newRow("a newer version's record") << QStringLiteral("version");
        QTest::newRow("a record cut short") << QStringLiteral("cut");
    }
    void aSandboxThatCannotComeBackIsExplainedInTheUsersLanguage()
    {
        QFETCH(QString, damage);
        const QString id = m_id;
        const QString dir = m_root->path() + QStringLiteral("/sandboxes/") + id;
        // What a copied directory, a newer build or a crash while writing leaves: the
        // sandbox stays on disk untouched.
        QFile record(dir + QStringLiteral("/sandbox.json"));
        QVERIFY2(record.open(QIODevice::ReadOnly), qPrintable(record.fileName()));
        const QByteArray written = record.readAll();
        record.close();
        QJsonObject o = QJsonDocument::fromJson(written).object();
        QVERIFY(o.contains(QStringLiteral("id")) && o.contains(QStringLiteral("version")));
        QByteArray damaged;
        QString why; // the reason, in English; the translator brackets it
        if (damage == QLatin1String("id")) {
            o.insert(QStringLiteral("id"), QStringLiteral("local-elsewhere"));
            damaged = QJsonDocument(o).toJson();
            why = QStringLiteral("its record names another sandbox (local-elsewhere)");
        } else if (damage == QLatin1String("version")) {
            o.insert(QStringLiteral("version"), 99);
            damaged = QJsonDocument(o).toJson();
            why = QStringLiteral("it was made by a newer version of HOPX Desktop (sandbox format "
                                 "99; this version reads formats up to 1): use it with that "
                                 "version, or update this one");
        } else {
            damaged = written.left(written.size() / 2);
            QJsonParseError parsed;
            QJsonDocument::fromJson(damaged, &parsed);
            QVERIFY(parsed.error != QJsonParseError::NoError);
            why = QStringLiteral("%1 is damaged (%2 at byte %3), perhaps cut short by a full disk "
                                 "or a crash")
                      .arg(record.fileName(), parsed.errorString())
                      .arg(parsed.offset);
        }
        QVERIFY(record.open(QIODevice::WriteOnly | QIODevice::Truncate));
        record.write(damaged);
        record.close();

        BracketTranslator translator("Hopx::Core::SandboxProvider");
        QCoreApplication::installTranslator(&translator);
        Run second(m_root->path());
        Core::LogModel logs;
        Core::LogFeed feed(&logs);
        feed.attachManager(&second.manager); // before the recovery, which runs from the loop
        QTRY_VERIFY_WITH_TIMEOUT(logs.rowCount() > 0, 60000);
        // The Sandboxes list, attached once the recovery has run (as a window opened later
        // is): its row says why on its status.
        Core::SandboxListModel list;
        list.setTickInterval(0);
        list.attach(&second.manager);
        QTRY_COMPARE(list.rowCount(), 1);
        const QModelIndex status = list.index(0, Core::SandboxListModel::Status);
        const QString statusTip = status.data(Qt::ToolTipRole).toString();
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(status.data().toString(),
            Core::SandboxListModel::statusName(Core::SandboxStatus::Unavailable));
        // The Logs: the provider's sentence and its reason both through the translator, the
        // id, the path and Qt's own words as they are.
        const Core::LogEntry &shown = logs.entry(logs.rowCount() - 1);
        QCOMPARE(shown.level, Core::LogEntry::Level::Error);
        QCOMPARE(shown.sandboxId, id);
        QCOMPARE(shown.message,
            QStringLiteral("[Sandbox %1 cannot be used: [%2]. Its files are left as they are in "
                           "%3.]")
                .arg(id, why, dir));
        QCOMPARE(statusTip, QStringLiteral("<p>%1</p>").arg(shown.message.toHtmlEscaped()));
        // The model reads it in English, in list_sandboxes' reason and in a call's error.
        const Core::Result<Core::Sandbox *> got = second.provider.sandbox(id);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().message,
            QStringLiteral("Sandbox %1 cannot be used: %2. Its files are left as they are in %3.")
                .arg(id, why, dir));
        QFile kept(record.fileName());
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), damaged);
        second.provider.shutdown();
    }

    //! The user may delete one that cannot come back (the app asks first); a tool cannot.
    void theUserCanDeleteASandboxThatCannotComeBack()
    {
        const QString id = m_id;
        const QString dir = m_root->path() + QStringLiteral("/sandboxes/") + id;
        QFile record(dir + QStringLiteral("/sandbox.json"));
        QVERIFY(record.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(record.readAll()).object();
        record.close();
        o.insert(QStringLiteral("version"), 99);
        QVERIFY(record.open(QIODevice::WriteOnly | QIODevice::Truncate));
        record.write(QJsonDocument(o).toJson());
        record.close();

        Run second(m_root->path());
        Core::SandboxListModel list;
        list.setTickInterval(0);
        list.attach(&second.manager);
        QTRY_COMPARE_WITH_TIMEOUT(list.rowCount(), 1, 60000);
        // What a tool's delete_sandbox meets: no handle, the reason.
        const Core::Result<Core::Sandbox *> handle = second.provider.sandbox(id);
        QVERIFY(!handle.ok());
        QCOMPARE(handle.error().code, Core::Error::Code::Unavailable);
        QVERIFY(QFileInfo::exists(dir));
        // Another id, or a running sandbox, is not for this.
        QCOMPARE(second.provider.discardUnusable(QStringLiteral("local-000000000000")).error().code,
            Core::Error::Code::NotFound);

        const Core::Result<Core::Unit> discarded = second.provider.discardUnusable(id);
        QVERIFY2(discarded.ok(), discarded.ok() ? "" : qPrintable(discarded.error().message));
        QCOMPARE(list.rowCount(), 0);
        QVERIFY(!second.manager.sandbox(id));
        QCOMPARE(second.provider.sandbox(id).error().code, Core::Error::Code::NotFound);
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(dir), 30000);
        // Nothing of it is left behind under another name either.
        QTRY_COMPARE_WITH_TIMEOUT(
            QDir(m_root->path() + QStringLiteral("/sandboxes"))
                .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot)
                .size(),
            0, 30000);
        second.provider.shutdown();
    }

    //! Not recovery, but what the same user meets at the same start: the storage's folder
    //! cannot be made (here a file is in its way).
    void aStorageThatCannotBeMadeIsExplainedInTheUsersLanguage()
    {
        const QString blocker = m_root->path() + QStringLiteral("/blocker");
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        Core::Settings settings(m_root->path() + QStringLiteral("/other.ini"), nullptr);
        Local::LocalProvider::Options o = Run::options(m_root->path());
        o.storageBase = blocker + QStringLiteral("/sandboxes");
        Local::LocalProvider provider(&settings, o);
        const QString why = QStringLiteral(
            "Local sandboxes need a private directory for their files: cannot create %1.")
                                .arg(o.storageBase);
        BracketTranslator translator("Hopx::Core::SandboxProvider");
        QCoreApplication::installTranslator(&translator);
        const QString shown = provider.unavailableReason().translated();
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(shown, QLatin1Char('[') + why + QLatin1Char(']'));
        std::optional<Core::Result<Core::SandboxInfo>> created;
        provider.create({}, [&](Core::Result<Core::SandboxInfo> r) { created = r; });
        QTRY_VERIFY(created.has_value());
        QVERIFY(!created->ok());
        QCOMPARE(created->error().message, why);
    }
};

QTEST_GUILESS_MAIN(TestLocalRecovery)
#include "tst_localrecovery.moc"
