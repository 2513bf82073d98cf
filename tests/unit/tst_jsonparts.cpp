// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A result's JSON in parts (JsonParts): the same bytes as Qt's writer, whole or read piece by
// piece; a tool result whose output stays bytes (Utf8Fields) is the same result; and a pipe
// gets a message in parts whole and in order.
#include "tools/ToolResult.h"
#include "transport/PipeChannel.h"
#include "json/JsonParts.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace Hopx::Mcp;

namespace {

QByteArray qtJson(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

//! What Qt writes for `text` as a string value, without the quotes.
QByteArray qtEscaped(const QString &text)
{
    const QByteArray json = qtJson(QJsonObject {{QStringLiteral("k"), text}});
    return json.mid(6, json.size() - 8); // {"k":"…"}
}

//! Valid UTF-8 with every kind of character an escape treats differently.
QByteArray mixedText(QRandomGenerator &random, int size)
{
    static const QList<QByteArray> pieces {"a", "plain words ", "\"", "\\", "\n", "\t", "\r",
        QByteArray("\x00", 1), "\x01", "\x1f", "\x7f", "/", "é", "✓", "😀", "\\u0041", "\"\\\""};
    QByteArray out;
    while (out.size() < size)
        out += pieces.at(random.bounded(int(pieces.size())));
    return out;
}

QByteArray readAll(const JsonParts &parts, qsizetype pieceSize)
{
    QByteArray out;
    for (JsonParts::Reader reader(parts); !reader.atEnd();) {
        const QByteArray piece = reader.next(pieceSize);
        if (piece.isEmpty())
            return "(an empty piece before the end)";
        out += piece;
    }
    return out;
}

} // namespace

class TestJsonParts : public QObject
{
    Q_OBJECT

private slots:
    void escapedPartsAreQtsEscapes()
    {
        QRandomGenerator random(7);
        for (int round = 0; round < 40; ++round) {
            const QByteArray text = mixedText(random, 1 + random.bounded(20000));
            JsonParts once;
            once.appendEscaped(text);
            const QByteArray expectedOnce = qtEscaped(QString::fromUtf8(text));
            QCOMPARE(once.toByteArray(), expectedOnce);
            // As a string inside a string: the text block of a structured result.
            JsonParts object(QByteArrayLiteral("{\"stdout\":\""));
            object.appendEscaped(text).append(QByteArrayLiteral("\"}"));
            JsonParts twice;
            twice.append(QByteArrayLiteral("["))
                .appendAsString(object)
                .append(QByteArrayLiteral("]"));
            const QByteArray inner = qtJson(QJsonObject {{"stdout", QString::fromUtf8(text)}});
            const QByteArray expectedTwice = "[\"" + qtEscaped(QString::fromUtf8(inner)) + "\"]";
            QCOMPARE(object.toByteArray(), inner);
            QCOMPARE(twice.toByteArray(), expectedTwice);
            for (const qsizetype piece : {1, 2, 3, 7, 64, 4096, 1 << 20}) {
                QCOMPARE(readAll(once, piece), expectedOnce);
                QCOMPARE(readAll(twice, piece), expectedTwice);
            }
        }
    }

    void plainPartsAreSharedNotCopied()
    {
        const QByteArray big(3 * 1024 * 1024, 'x');
        JsonParts parts(big);
        QVERIFY(parts.isSingle());
        QCOMPARE(parts.toByteArray().constData(), big.constData());
        parts.appendEscaped(QByteArrayLiteral("y"));
        QVERIFY(!parts.isSingle());
        JsonParts::Reader reader(parts);
        QCOMPARE(reader.next(16).constData(), big.constData());
        QCOMPARE(reader.next(16), QByteArray("y"));
        QVERIFY(reader.atEnd());
        QVERIFY(JsonParts().isEmpty());
        QVERIFY(JsonParts::Reader(JsonParts()).atEnd());
    }

    void outputAsBytesIsTheSameResult_data()
    {
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("err");
        QTest::addColumn<bool>("ownText");
        QTest::addColumn<bool>("isError");
        QRandomGenerator random(11);
        QTest::newRow("plain") << QByteArray("hello\n") << QByteArray() << false << false;
        QTest::newRow("escapes everywhere")
            << mixedText(random, 5000) << mixedText(random, 300) << false << false;
        QTest::newRow("a text block of its own")
            << mixedText(random, 800) << QByteArray("warn") << true << false;
        QTest::newRow("an error") << QByteArray() << QByteArray("Traceback…") << false << true;
        QTest::newRow("invalid UTF-8")
            << QByteArray("ok \xff\xfe bad \xc3") << QByteArray("\xed\xa0\x80") << false << false;
        QTest::newRow("3 MiB") << QByteArray(3 * 1024 * 1024, 'a') << QByteArray("e") << true
                               << false;
    }

    void outputAsBytesIsTheSameResult()
    {
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, err);
        QFETCH(bool, ownText);
        QFETCH(bool, isError);
        // Keys before, between and after the fields', as an execution's dict has them.
        const QJsonObject rest {{QStringLiteral("exit_code"), 1},
            {QStringLiteral("sandbox_id"), QStringLiteral("local-1")},
            {QStringLiteral("success"), false}, {QStringLiteral("timed_out"), true},
            {QStringLiteral("error"), QStringLiteral("exit status 1, see stop_sandbox")}};
        QJsonObject text = rest;
        if (ownText)
            text.insert(QStringLiteral("rich_outputs"), QJsonArray {QStringLiteral("(cut)")});
        const auto withOutput = [&](QJsonObject o) {
            o.insert(QStringLiteral("stdout"), QString::fromUtf8(out));
            o.insert(QStringLiteral("stderr"), QString::fromUtf8(err));
            return o;
        };
        const ToolResult strings =
            ToolResult::structured(withOutput(rest), withOutput(text), isError);
        const ToolResult bytes = ToolResult::structured(rest, text,
            {{QStringLiteral("stdout"), out}, {QStringLiteral("stderr"), err}}, isError);

        const QByteArray expected = strings.toResponseJson();
        QCOMPARE(expected, qtJson(strings.toJson()));
        QCOMPARE(readAll(bytes.toResponseParts(), 65536), expected);
        QCOMPARE(bytes.toResponseJson(), expected);
        QCOMPARE(bytes.structuredString(QStringLiteral("stdout")), QString::fromUtf8(out));
        QCOMPARE(bytes.structuredString(QStringLiteral("error")),
            rest.value(QStringLiteral("error")).toString());
        QCOMPARE(bytes.contentCount(), 1);
        // Valid output goes out in parts, never joined; invalid UTF-8 as a string, as before.
        QCOMPARE(!bytes.toResponseParts().isSingle(), out.isValidUtf8() && err.isValidUtf8());
        // Asked for as objects, they are the same objects, and the response stays the same.
        QCOMPARE(bytes.structuredContent(), strings.structuredContent());
        QCOMPARE(bytes.content(), strings.content());
        QCOMPARE(bytes.toJson(), strings.toJson());
        QCOMPARE(bytes.toResponseJson(), expected);
    }

    void aPipeGetsMessagesInPartsWholeAndInOrder()
    {
        int toApp[2];
        int fromApp[2];
        QCOMPARE(::pipe2(toApp, O_CLOEXEC), 0);
        QCOMPARE(::pipe2(fromApp, O_CLOEXEC), 0);
        PipeChannel channel(toApp[0], fromApp[1]);
        QRandomGenerator random(3);
        const QByteArray out = mixedText(random, 6 * 1024 * 1024);
        JsonParts result(QByteArrayLiteral("{\"stdout\":\""));
        result.appendEscaped(out).append(QByteArrayLiteral("\"}"));
        JsonParts big(QByteArrayLiteral("{\"text\":"));
        big.appendAsString(result)
            .append(QByteArrayLiteral(",\"structured\":"))
            .append(result)
            .append(QByteArrayLiteral("}"));
        channel.writeLine(QByteArrayLiteral("{\"first\":1}"));
        channel.writeLine(big);
        channel.writeLine(QByteArrayLiteral("{\"last\":1}"));
        // The pipe holds 64 KiB: the rest waits, cut into pieces only as the reader reads.
        QVERIFY(channel.hasPendingOutput());
        QSignalSpy drained(&channel, &PipeChannel::drained);
        ::fcntl(fromApp[0], F_SETFL, O_NONBLOCK);
        QByteArray got;
        char buffer[65536];
        QElapsedTimer timer;
        timer.start();
        while (drained.isEmpty() && timer.elapsed() < 60000) {
            const ssize_t n = ::read(fromApp[0], buffer, sizeof buffer);
            if (n > 0)
                got.append(buffer, n);
            QCoreApplication::processEvents();
        }
        for (ssize_t n; (n = ::read(fromApp[0], buffer, sizeof buffer)) > 0;)
            got.append(buffer, n);
        QVERIFY(!channel.hasPendingOutput());
        const QList<QByteArray> lines = got.split('\n');
        QCOMPARE(lines.size(), 4); // three lines and what follows the last newline
        QCOMPARE(lines.at(0), QByteArray("{\"first\":1}"));
        QCOMPARE(lines.at(1), big.toByteArray());
        QCOMPARE(lines.at(2), QByteArray("{\"last\":1}"));
        const QJsonObject parsed = QJsonDocument::fromJson(lines.at(1)).object();
        QCOMPARE(parsed.value("structured").toObject().value("stdout").toString().toUtf8(), out);
        QCOMPARE(QJsonDocument::fromJson(parsed.value("text").toString().toUtf8())
                     .object()
                     .value("stdout")
                     .toString()
                     .toUtf8(),
            out);
        ::close(toApp[1]);
        ::close(fromApp[0]);
    }
};

QTEST_GUILESS_MAIN(TestJsonParts)
#include "tst_jsonparts.moc"
