// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// LocalCreateRequest: what a create_sandbox asks of the local provider, read before anything
// boots. No sandbox is started here: only the requests that need none (no "full" network,
// whose check probes this machine).
#include "providers/local/LocalCreateRequest.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"

#include <QTemporaryDir>
#include <QTest>

using Hopx::Core::CreateSpec;
using Hopx::Core::Error;
using Hopx::Core::NetworkPolicy;
using Hopx::Core::Settings;
using Hopx::Local::LocalCreateRequest;

class TestLocalCreateRequest : public QObject
{
    Q_OBJECT

private slots:
    void anUnknownTemplateIsRefusedWithTheKnownOnes()
    {
        CreateSpec spec;
        spec.templateId = QStringLiteral("nope");
        const auto r = LocalCreateRequest::read(spec, nullptr);
        QVERIFY(!r);
        QCOMPARE(r.error().code, Error::Code::NotFound);
        QVERIFY2(r.error().message.contains(QLatin1String("code-interpreter")),
            qPrintable(r.error().message));
    }

    void secretsNeedAnAllowlist()
    {
        CreateSpec spec;
        spec.secrets.append({QStringLiteral("API_KEY"), {QStringLiteral("api.example.com")},
            QStringLiteral("s3cret"), false, false});
        const auto refused = LocalCreateRequest::read(spec, nullptr);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::InvalidArgument);
        QVERIFY(refused.error().message.contains(QLatin1String("allowlist")));
        QVERIFY(!refused.error().message.contains(QLatin1String("s3cret")));

        spec.network = NetworkPolicy::allowlist({QStringLiteral("api.example.com")});
        const auto served = LocalCreateRequest::read(spec, nullptr);
        QVERIFY(served);
        QCOMPARE(served.value().policy().mode, NetworkPolicy::Mode::Allowlist);
        QVERIFY(served.value().wantsNetwork());
        QVERIFY(!served.value().spareCanServe()); // a spare has no network
    }

    void theNetworkIsTheSpecsOrTheUsersDefault()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")), nullptr);
        CreateSpec spec;
        auto r = LocalCreateRequest::read(spec, &settings);
        QVERIFY(r);
        QCOMPARE(r.value().policy().mode, NetworkPolicy::Mode::None);
        QVERIFY(r.value().spareCanServe());

        // internet_access: false wins over a default of "on".
        Hopx::Core::LocalSettings(&settings).setNetworkDefault(true);
        spec.internetAccess = false;
        r = LocalCreateRequest::read(spec, &settings);
        QVERIFY(r);
        QCOMPARE(r.value().policy().mode, NetworkPolicy::Mode::None);

        // A mounted folder is fixed when bwrap starts: no spare can serve it either.
        spec.mounts.append({dir.path(), QStringLiteral("/project/x")});
        r = LocalCreateRequest::read(spec, &settings);
        QVERIFY(r);
        QVERIFY(!r.value().spareCanServe());
    }
};

QTEST_GUILESS_MAIN(TestLocalCreateRequest)
#include "tst_localcreaterequest.moc"
