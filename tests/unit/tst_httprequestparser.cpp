// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// HttpRequestParser against request-smuggling and limit cases: the shapes of a well-known
// parser's test corpus (llhttp's request tests: duplicate and conflicting Content-Length,
// Content-Length with Transfer-Encoding, obs-fold, bare CR/LF, invalid chunk sizes, …), as our
// own rows. A request two parsers could frame differently is refused with a 4xx, never guessed.
#include "transport/HttpRequestParser.h"

#include <QTest>

using Hopx::Mcp::HttpRequestParser;

namespace {
constexpr qsizetype kMaxHeader = 1024;
constexpr qsizetype kMaxBody = 64;
const QByteArray kHost = "Host: x\r\n";
} // namespace

class TestHttpRequestParser : public QObject
{
    Q_OBJECT

private:
    // Parses `raw` fed in one piece and one byte at a time; both must agree.
    static void parseBoth(const QByteArray &raw, int *status, QByteArray *body, QByteArray *rest)
    {
        for (const int step : {int(raw.size()) + 1, 1}) {
            HttpRequestParser parser(kMaxHeader, kMaxBody);
            QByteArray buffer;
            HttpRequestParser::State state = HttpRequestParser::State::NeedMore;
            for (qsizetype at = 0; at < raw.size() && state == HttpRequestParser::State::NeedMore;
                 at += step) {
                buffer += raw.mid(at, step);
                state = parser.parse(buffer);
            }
            const int s = state == HttpRequestParser::State::Error ? parser.errorStatus()
                : state == HttpRequestParser::State::Complete      ? 200
                                                                   : 0;
            const QByteArray b = state == HttpRequestParser::State::Complete
                ? parser.takeRequest().body
                : QByteArray();
            if (step == 1) {
                QCOMPARE(s, *status);
                QCOMPARE(b, *body);
                if (s == 200)
                    QCOMPARE(buffer, *rest);
            } else {
                *status = s;
                *body = b;
                *rest = buffer;
            }
        }
    }

private slots:
    void framing_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status"); // 200 = a complete request, 0 = waiting for more
        QTest::addColumn<QByteArray>("body");

        const QByteArray post = "POST /mcp HTTP/1.1\r\n" + kHost;
        const QByteArray chunked = post + "Transfer-Encoding: chunked\r\n\r\n";
        // Accepted shapes.
        QTest::newRow("get") << QByteArray("GET /mcp HTTP/1.1\r\n" + kHost + "\r\n") << 200
                             << QByteArray();
        QTest::newRow("length") << post + "Content-Length: 5\r\n\r\nhello" << 200
                                << QByteArray("hello");
        QTest::newRow("length with zeroes")
            << post + "Content-Length: 003\r\n\r\nabc" << 200 << QByteArray("abc");
        QTest::newRow("length with surrounding spaces")
            << post + "Content-Length:  3 \r\n\r\nabc" << 200 << QByteArray("abc");
        QTest::newRow("mixed-case name")
            << post + "conTENT-Length: 3\r\n\r\nabc" << 200 << QByteArray("abc");
        QTest::newRow("http/1.0 without host")
            << QByteArray("POST /mcp HTTP/1.0\r\nContent-Length: 2\r\n\r\nab") << 200
            << QByteArray("ab");
        QTest::newRow("chunks") << chunked + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
                                << 200 << QByteArray("hello world");
        QTest::newRow("chunk sizes in both cases")
            << chunked + "a\r\n0123456789\r\nA\r\n0123456789\r\n0\r\n\r\n"
            << 200 << QByteArray("01234567890123456789");
        QTest::newRow("zero-prefixed last chunk") << chunked + "2\r\nab\r\n000\r\n\r\n"
                                                  << 200 << QByteArray("ab");
        QTest::newRow("chunk extensions")
            << chunked + "2;name=value;flag\r\nab\r\n0;x=\"q; uoted\"\r\n\r\n"
            << 200 << QByteArray("ab");
        QTest::newRow("trailers") << chunked + "2\r\nab\r\n0\r\nVary: *\r\nX-T: 1\r\n\r\n"
                                  << 200 << QByteArray("ab");
        QTest::newRow("value with tab and obs-text")
            << QByteArray("GET / HTTP/1.1\r\n" + kHost + "X-A: a\tb \xc3\xa9\r\n\r\n") << 200
            << QByteArray();
        QTest::newRow("leading blank lines")
            << QByteArray("\r\n\r\nGET / HTTP/1.1\r\n" + kHost + "\r\n") << 200 << QByteArray();

        // Content-Length.
        QTest::newRow("two lengths")
            << post + "Content-Length: 1\r\nContent-Length: 2\r\n\r\nab" << 400 << QByteArray();
        QTest::newRow("two equal lengths")
            << post + "Content-Length: 1\r\nContent-Length: 1\r\n\r\na" << 400 << QByteArray();
        QTest::newRow("length list")
            << post + "Content-Length: 1, 1\r\n\r\na" << 400 << QByteArray();
        QTest::newRow("empty length") << post + "Content-Length:\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("space inside length") << post + "Content-Length: 4 2\r\n\r\n"
                                             << 400 << QByteArray();
        QTest::newRow("signed length")
            << post + "Content-Length: +3\r\n\r\nabc" << 400 << QByteArray();
        QTest::newRow("negative length") << post + "Content-Length: -1\r\n\r\n"
                                         << 400 << QByteArray();
        QTest::newRow("hex length")
            << post + "Content-Length: 0x3\r\n\r\nabc" << 400 << QByteArray();
        QTest::newRow("overflowing length")
            << post + "Content-Length: 1000000000000000000000\r\n\r\n"
            << 413 << QByteArray();
        QTest::newRow("length over the limit") << post + "Content-Length: 65\r\n\r\n"
                                               << 413 << QByteArray();
        QTest::newRow("space before colon")
            << post + "Content-Length : 3\r\n\r\nabc" << 400 << QByteArray();
        QTest::newRow("CR instead of dash")
            << post + "Content\rLength: 3\r\n\r\nabc" << 400 << QByteArray();

        // Transfer-Encoding.
        QTest::newRow("length and chunked")
            << post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            << 400 << QByteArray();
        QTest::newRow("chunked and length")
            << post + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n"
            << 400 << QByteArray();
        QTest::newRow("identity and length")
            << post + "Transfer-Encoding: identity\r\nContent-Length: 5\r\n\r\nhello" << 400
            << QByteArray();
        QTest::newRow("empty coding and length")
            << post + "Transfer-Encoding:\r\nContent-Length: 5\r\n\r\nhello" << 400 << QByteArray();
        QTest::newRow("empty coding") << post + "Transfer-Encoding:\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("unknown coding") << post + "Transfer-Encoding: pigeons\r\n\r\n"
                                        << 501 << QByteArray();
        QTest::newRow("chunkedchunked") << post + "Transfer-Encoding: chunkedchunked\r\n\r\n"
                                        << 501 << QByteArray();
        QTest::newRow("chunked before another coding")
            << post + "Transfer-Encoding: chunked, deflate\r\n\r\nWorld" << 400 << QByteArray();
        QTest::newRow("chunked then another header")
            << post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: deflate\r\n\r\nWorld" << 400
            << QByteArray();
        QTest::newRow("chunked twice") << post + "Transfer-Encoding: chunked, chunked\r\n\r\n"
                                       << 400 << QByteArray();
        QTest::newRow("another coding then chunked")
            << post + "Transfer-Encoding: deflate, chunked\r\n\r\n5\r\nWorld\r\n0\r\n\r\n"
            << 501 << QByteArray();
        QTest::newRow("chunked in http/1.0")
            << QByteArray("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") << 400
            << QByteArray();
        QTest::newRow("chunked with obs-fold")
            << post + "Transfer-Encoding: chunked\r\n  abc\r\n\r\n5\r\nWorld\r\n0\r\n\r\n"
            << 400 << QByteArray();
        QTest::newRow("coding with a vertical tab") << post
                + "Transfer-Encoding: \x0b"
                  "chunked\r\n\r\n0\r\n\r\n" << 400 << QByteArray();

        // Line endings and control characters.
        QTest::newRow("bare LF line ends")
            << QByteArray("GET / HTTP/1.1\nHost: x\n\n") << 400 << QByteArray();
        QTest::newRow("bare LF in a header block")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n") << 400 << QByteArray();
        QTest::newRow("bare CR in a value")
            << post + "X-A: a\rContent-Length: 3\r\n\r\nabc" << 400 << QByteArray();
        QTest::newRow("bare CR before the end")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\r\n\r\n") << 400 << QByteArray();
        QTest::newRow("NUL in a value") << QByteArray("GET / HTTP/1.1\r\nHost: x") + '\0'
                + "y\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("control character in a value")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\x01y\r\n\r\n") << 400 << QByteArray();
        QTest::newRow("obs-fold") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n")
                                  << 400 << QByteArray();
        QTest::newRow("two hosts")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n") << 400 << QByteArray();
        QTest::newRow("no host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400 << QByteArray();
        QTest::newRow("empty header name")
            << QByteArray("GET / HTTP/1.1\r\n" + kHost + ": v\r\n\r\n") << 400 << QByteArray();

        // Request line.
        QTest::newRow("two spaces")
            << QByteArray("GET  / HTTP/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("leading space")
            << QByteArray(" GET / HTTP/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("tab in target")
            << QByteArray("GET /a\tb HTTP/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("control in target")
            << QByteArray("GET /a\x7f HTTP/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("bad method")
            << QByteArray("G(T / HTTP/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("lowercase version")
            << QByteArray("GET / http/1.1\r\n" + kHost + "\r\n") << 400 << QByteArray();
        QTest::newRow("http/2") << QByteArray("PRI * HTTP/2.0\r\n\r\n") << 505 << QByteArray();
        QTest::newRow("http/1.2") << QByteArray("GET / HTTP/1.2\r\n" + kHost + "\r\n") << 505
                                  << QByteArray();

        // Chunks.
        QTest::newRow("space after chunk size") << chunked + "a \r\n0123456789\r\n0\r\n\r\n"
                                                << 400 << QByteArray();
        QTest::newRow("chunk size with a word") << chunked + "2 erfrferferf\r\naa\r\n0\r\n\r\n"
                                                << 400 << QByteArray();
        QTest::newRow("signed chunk size") << chunked + "+2\r\naa\r\n0\r\n\r\n"
                                           << 400 << QByteArray();
        QTest::newRow("negative zero chunk") << chunked + "-0\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("0x chunk size") << chunked + "0x2\r\naa\r\n0\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("empty chunk size") << chunked + "\r\naa\r\n0\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("overflowing chunk size")
            << chunked + "ffffffffffffffffffff\r\naa\r\n0\r\n\r\n"
            << 400 << QByteArray();
        QTest::newRow("chunks over the limit")
            << chunked + "40\r\n" + QByteArray(64, 'x') + "\r\n1\r\nx\r\n0\r\n\r\n"
            << 413 << QByteArray();
        QTest::newRow("bare CR in a chunk size line")
            << chunked + "5\r\r;ABCD\r\n34\r\nE\r\n0\r\n\r\n"
            << 400 << QByteArray();
        QTest::newRow("bare LF after a chunk size") << chunked + "2\naa\r\n0\r\n\r\n"
                                                    << 400 << QByteArray();
        QTest::newRow("chunk data without CRLF") << chunked + "5\r\nABCDE0\r\n\r\n"
                                                 << 400 << QByteArray();
        QTest::newRow("missing last chunk") << chunked + "3\r\nfoo\r\n\r\n" << 400 << QByteArray();
        QTest::newRow("control in a trailer") << chunked + "0\r\nX-T: a\x01\r\n\r\n"
                                              << 400 << QByteArray();

        // Limits.
        QTest::newRow("huge header") << QByteArray(
            "GET / HTTP/1.1\r\n" + kHost + "X-Pad: " + QByteArray(kMaxHeader, 'a') + "\r\n\r\n")
                                     << 431 << QByteArray();
        QTest::newRow("huge unfinished header")
            << QByteArray("GET / HTTP/1.1\r\nX-Pad: " + QByteArray(kMaxHeader, 'a')) << 431
            << QByteArray();
        QTest::newRow("unfinished body")
            << post + "Content-Length: 5\r\n\r\nhel" << 0 << QByteArray();
    }
    void framing()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        int gotStatus = 0;
        QByteArray gotBody, rest;
        parseBoth(raw, &gotStatus, &gotBody, &rest);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(gotStatus, status);
        QCOMPARE(gotBody, body);
    }

    void requestFields()
    {
        // What the server reads: the request line's parts, each header in order with its name
        // in lower case (known and unknown names, any case) and its value without the
        // whitespace around it (but with the one inside), the last line ending the block.
        const QByteArray raw = "POST /mcp?a=1&b HTTP/1.0\r\n"
                               "HOST: 127.0.0.1:8080\r\n"
                               "Content-Type:application/json; charset=utf-8\r\n"
                               "X-Custom-Name: \t one  two \t\r\n"
                               "Empty:\r\n"
                               "connection: Keep-Alive\r\n"
                               "Content-LENGTH: 2\r\n\r\n{}";
        HttpRequestParser parser(kMaxHeader, kMaxBody);
        QByteArray buffer = raw;
        QCOMPARE(parser.parse(buffer), HttpRequestParser::State::Complete);
        const Hopx::Mcp::HttpRequest r = parser.takeRequest();
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.target, QByteArray("/mcp?a=1&b"));
        QCOMPARE(r.path, QByteArray("/mcp"));
        QCOMPARE(r.minorVersion, 0);
        const QList<QPair<QByteArray, QByteArray>> expected {{"host", "127.0.0.1:8080"},
            {"content-type", "application/json; charset=utf-8"}, {"x-custom-name", "one  two"},
            {"empty", ""}, {"connection", "Keep-Alive"}, {"content-length", "2"}};
        QCOMPARE(r.headers, expected);
        QCOMPARE(r.header("x-custom-name"), QByteArray("one  two"));
        QVERIFY(r.hasHeader("empty"));
        QVERIFY(r.header("missing").isNull());
        QVERIFY(r.keepAlive()); // HTTP/1.0 with Connection: keep-alive
        QCOMPARE(r.body, QByteArray("{}"));
        QVERIFY(buffer.isEmpty());
    }

    void pipelinedRequestsStayApart()
    {
        // The second request starts exactly where the first one's body ends.
        const QByteArray first = "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 3\r\n\r\nabc";
        const QByteArray second = "GET /b HTTP/1.1\r\n" + kHost + "\r\n";
        HttpRequestParser parser(kMaxHeader, kMaxBody);
        QByteArray buffer = first + second;
        QCOMPARE(parser.parse(buffer), HttpRequestParser::State::Complete);
        QCOMPARE(parser.takeRequest().path, QByteArray("/a"));
        QCOMPARE(buffer, second);
        QCOMPARE(parser.parse(buffer), HttpRequestParser::State::Complete);
        QCOMPARE(parser.takeRequest().path, QByteArray("/b"));
        QVERIFY(buffer.isEmpty());
    }

    void errorIsFinal()
    {
        HttpRequestParser parser(kMaxHeader, kMaxBody);
        QByteArray buffer = "GET / HTTP/1.1\nHost: x\n\n";
        QCOMPARE(parser.parse(buffer), HttpRequestParser::State::Error);
        QCOMPARE(parser.errorStatus(), 400);
        QVERIFY(!parser.errorMessage().isEmpty());
        QByteArray good = "GET / HTTP/1.1\r\n" + kHost + "\r\n";
        QCOMPARE(parser.parse(good), HttpRequestParser::State::Error);
    }
};

QTEST_APPLESS_MAIN(TestHttpRequestParser)
#include "tst_httprequestparser.moc"
