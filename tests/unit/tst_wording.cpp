// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Wording: one sentence, English for the model and the log, the user's language for the app.
#include "core/base/Wording.h"

#include "BracketTranslator.h"

#include <QCoreApplication>
#include <QTest>

using Hopx::Core::Wording;

class TestWording : public QObject
{
    Q_OBJECT

private slots:
    void emptyAndVerbatim()
    {
        QVERIFY(Wording().isEmpty());
        QVERIFY(Wording().english().isEmpty());
        QVERIFY(Wording(QString()).isEmpty());
        const Wording plain(QStringLiteral("bwrap: Permission denied"));
        QVERIFY(!plain.isEmpty());
        QCOMPARE(plain.english(), QStringLiteral("bwrap: Permission denied"));
        QCOMPARE(plain.translated(), QStringLiteral("bwrap: Permission denied"));
    }

    void nestedSentencesAreTranslatedTheirArgumentsAreNot()
    {
        BracketTranslator translator("Test");
        QVERIFY(QCoreApplication::installTranslator(&translator));
        const Wording inner("Test", "cannot open %1", {QStringLiteral("/dev/fuse")});
        const Wording outer(
            "Test", "FUSE is unusable here: %1 (%2)", {inner, QStringLiteral("error %1")});
        QCOMPARE(outer.english(),
            QStringLiteral("FUSE is unusable here: cannot open /dev/fuse (error %1)"));
        // The inner sentence in the user's language too; a path or a program's message never,
        // and a "%1" inside an argument is not filled by the next one.
        QCOMPARE(outer.translated(),
            QStringLiteral("[FUSE is unusable here: [cannot open /dev/fuse] (error %1)]"));
        QVERIFY(QCoreApplication::removeTranslator(&translator));
        QCOMPARE(outer.translated(), outer.english());
    }
};

QTEST_GUILESS_MAIN(TestWording)
#include "tst_wording.moc"
