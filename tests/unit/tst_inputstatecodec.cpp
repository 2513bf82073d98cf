// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The requestState of 2026-07-28 input-required results: what comes back intact verifies, and
// whatever a client changes, replays elsewhere or keeps too long is refused.
#include "modern/InputStateCodec.h"

#include <QTest>
#include <QThread>

using namespace Hopx::Mcp;

class TestInputStateCodec : public QObject
{
    Q_OBJECT

    const QByteArray m_key = QByteArray(32, 'k');
    const InputStateCodec::Binding m_binding {QStringLiteral("http-bearer"),
        QStringLiteral("tools/call"), QStringLiteral("execute_code"),
        QJsonObject {{QStringLiteral("code"), QStringLiteral("print(1)")}}};

    static InputState state()
    {
        InputState s;
        s.answers.insert(QStringLiteral("consent"),
            QJsonObject {{QStringLiteral("m"), QStringLiteral("elicitation/create")},
                {QStringLiteral("r"),
                    QJsonObject {{QStringLiteral("action"), QStringLiteral("accept")}}}});
        s.data = QStringLiteral("mine");
        return s;
    }

private slots:
    void roundTrip()
    {
        const InputStateCodec codec(m_key, 60000, 65536);
        const QString token = codec.encode(state(), m_binding);
        QVERIFY(!token.isEmpty());
        const auto back = codec.decode(token, m_binding);
        QVERIFY2(back, qPrintable(back ? QString() : back.error()));
        QCOMPARE(back.value().answers, state().answers);
        QCOMPARE(back.value().data, state().data);
    }

    void refusedWhenChanged_data()
    {
        QTest::addColumn<int>("what");
        QTest::newRow("a payload byte") << 0;
        QTest::newRow("a signature byte") << 1;
        QTest::newRow("another principal") << 2;
        QTest::newRow("other arguments") << 3;
        QTest::newRow("another tool") << 4;
        QTest::newRow("another server key") << 5;
        QTest::newRow("not a token") << 6;
    }
    void refusedWhenChanged()
    {
        QFETCH(int, what);
        const InputStateCodec codec(m_key, 60000, 65536);
        QString token = codec.encode(state(), m_binding);
        InputStateCodec::Binding binding = m_binding;
        const qsizetype dot = token.indexOf(QLatin1Char('.'));
        QVERIFY(dot > 0);
        const auto flip = [&token](qsizetype at) {
            token[at] = token.at(at) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        };
        switch (what) {
        case 0:
            flip(dot / 2);
            break;
        case 1:
            flip(dot + 3);
            break;
        case 2:
            binding.principal = QStringLiteral("http-session:other");
            break;
        case 3:
            binding.arguments.insert(QStringLiteral("code"), QStringLiteral("print(2)"));
            break;
        case 4:
            binding.subject = QStringLiteral("run_command");
            break;
        case 6:
            token = QStringLiteral("garbage");
            break;
        default:
            break;
        }
        const InputStateCodec other(QByteArray(32, 'x'), 60000, 65536);
        const auto back = (what == 5 ? other : codec).decode(token, binding);
        QVERIFY(!back);
        QVERIFY(!back.error().isEmpty());
    }

    void expires()
    {
        const InputStateCodec codec(m_key, 1, 65536);
        const QString token = codec.encode(state(), m_binding);
        QThread::msleep(20);
        const auto back = codec.decode(token, m_binding);
        QVERIFY(!back);
        QVERIFY2(back.error().contains(QLatin1String("expired")), qPrintable(back.error()));
    }

    void boundedInSize()
    {
        const InputStateCodec codec(m_key, 60000, 256);
        InputState big = state();
        big.data = QString(1000, QLatin1Char('x'));
        QVERIFY(codec.encode(big, m_binding).isNull());
    }
};

QTEST_GUILESS_MAIN(TestInputStateCodec)
#include "tst_inputstatecodec.moc"
