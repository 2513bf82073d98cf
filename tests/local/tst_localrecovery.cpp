// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The GUI's sandbox list after an app restart: a real LocalProvider keeps a sandbox's disk at
// shutdown, a second one (the next app run) finds it on the same storage, and the list model
// the Sandboxes view shows gets its row, running, with its disk use.
#include "LocalTestSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/models/SandboxListModel.h"
#include "core/settings/Settings.h"
#include "providers/local/LocalProvider.h"
#include "providers/local/disk/SandboxVolume.h"

#include <QTemporaryDir>

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

private slots:
    void initTestCase() { HOPX_REQUIRE_LOCAL_PROVIDER(); }

    void theListShowsARecoveredSandbox()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QString id;
        {
            Run first(root.path());
            QVERIFY2(first.provider.unavailableReason().isEmpty(),
                qPrintable(first.provider.unavailableReason().english()));
            // As in the app: the provider's start-up recovery runs before the first call.
            QCoreApplication::processEvents();
            std::optional<Core::Result<Core::SandboxInfo>> created;
            first.provider.create({}, [&](Core::Result<Core::SandboxInfo> r) { created = r; });
            QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), 60000);
            QVERIFY2(created->ok(), created->ok() ? "" : qPrintable(created->error().message));
            id = created->value().id;
            first.provider.shutdown(); // the app quits: files and record stay
        }

        Run second(root.path());
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
};

QTEST_GUILESS_MAIN(TestLocalRecovery)
#include "tst_localrecovery.moc"
