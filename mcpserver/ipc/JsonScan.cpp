// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/JsonScan.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace Hopx::Ipc {

namespace {

struct Cursor
{
    std::string_view s;
    size_t i = 0;
    bool ok = true;

    void ws()
    {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
            ++i;
    }
    bool eat(char c)
    {
        ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
};

void appendUtf8(std::string &out, unsigned cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

unsigned hex4(std::string_view s, size_t at, bool *ok)
{
    if (at + 4 > s.size()) {
        *ok = false;
        return 0;
    }
    unsigned v = 0;
    for (size_t k = at; k < at + 4; ++k) {
        const char c = s[k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= unsigned(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= unsigned(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= unsigned(c - 'A' + 10);
        else
            *ok = false;
    }
    return v;
}

// Parses a string at the cursor (which is on the opening quote) into UTF-8.
bool parseString(Cursor &c, std::string *out)
{
    if (c.i >= c.s.size() || c.s[c.i] != '"')
        return false;
    ++c.i;
    while (c.i < c.s.size()) {
        const char ch = c.s[c.i++];
        if (ch == '"')
            return true;
        if (ch != '\\') {
            if (out)
                *out += ch;
            continue;
        }
        if (c.i >= c.s.size())
            return false;
        const char e = c.s[c.i++];
        switch (e) {
        case '"':
        case '\\':
        case '/':
            if (out)
                *out += e;
            break;
        case 'b':
            if (out)
                *out += '\b';
            break;
        case 'f':
            if (out)
                *out += '\f';
            break;
        case 'n':
            if (out)
                *out += '\n';
            break;
        case 'r':
            if (out)
                *out += '\r';
            break;
        case 't':
            if (out)
                *out += '\t';
            break;
        case 'u': {
            bool ok = true;
            unsigned cp = hex4(c.s, c.i, &ok);
            c.i += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && c.i + 6 <= c.s.size() && c.s[c.i] == '\\'
                && c.s[c.i + 1] == 'u') {
                const unsigned low = hex4(c.s, c.i + 2, &ok);
                if (low >= 0xDC00 && low < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    c.i += 6;
                }
            }
            if (!ok)
                return false;
            if (out)
                appendUtf8(*out, cp);
            break;
        }
        default:
            return false;
        }
    }
    return false;
}

// Skips any JSON value; returns false on malformed input.
bool skipValue(Cursor &c)
{
    c.ws();
    if (c.i >= c.s.size())
        return false;
    const char ch = c.s[c.i];
    if (ch == '"')
        return parseString(c, nullptr);
    if (ch == '{' || ch == '[') {
        int depth = 0;
        while (c.i < c.s.size()) {
            const char x = c.s[c.i];
            if (x == '"') {
                if (!parseString(c, nullptr))
                    return false;
                continue;
            }
            if (x == '{' || x == '[')
                ++depth;
            else if (x == '}' || x == ']') {
                if (--depth == 0) {
                    ++c.i;
                    return true;
                }
            }
            ++c.i;
        }
        return false;
    }
    const size_t start = c.i;
    while (c.i < c.s.size() && c.s[c.i] != ',' && c.s[c.i] != '}' && c.s[c.i] != ']'
        && c.s[c.i] != ' ' && c.s[c.i] != '\t' && c.s[c.i] != '\r' && c.s[c.i] != '\n')
        ++c.i;
    return c.i > start;
}

// Reads a JSON-RPC id at the cursor into its canonical key and its JSON. An id that is not a
// string or an integral number (null, an object, 5.5) leaves both empty.
bool readId(Cursor &c, std::string *key, std::string *json)
{
    key->clear();
    json->clear();
    const size_t valueStart = c.i;
    if (c.i < c.s.size() && c.s[c.i] == '"') {
        std::string id;
        if (!parseString(c, &id))
            return false;
        *key = "s:" + id;
        *json = std::string(c.s.substr(valueStart, c.i - valueStart));
        return true;
    }
    if (!skipValue(c))
        return false;
    const std::string raw(c.s.substr(valueStart, c.i - valueStart));
    char *end = nullptr;
    const double d = std::strtod(raw.c_str(), &end);
    if (end && *end == '\0' && std::isfinite(d) && d == std::floor(d)) {
        // Every digit (a double has up to 309), and -0 as 0: the app reads -0 as the integer
        // 0 and echoes "0", whose key must be this one.
        char buf[320];
        std::snprintf(buf, sizeof buf, "%.0f", d == 0 ? 0.0 : d);
        *key = std::string("n:") + buf;
        *json = buf;
    }
    return true;
}

// Skips the "params" value; when it is an object, reads its top-level "requestId" (the last
// one, as for "id").
bool scanParams(Cursor &c, std::string *requestIdKey)
{
    c.ws();
    if (c.i >= c.s.size() || c.s[c.i] != '{')
        return skipValue(c);
    ++c.i;
    if (c.eat('}'))
        return true;
    while (true) {
        c.ws();
        std::string key;
        if (!parseString(c, &key) || !c.eat(':'))
            return false;
        c.ws();
        std::string json;
        if (key == "requestId" ? !readId(c, requestIdKey, &json) : !skipValue(c))
            return false;
        if (c.eat(','))
            continue;
        return c.eat('}');
    }
}

} // namespace

MessageInfo scanMessage(std::string_view line)
{
    MessageInfo info;
    std::string method;
    std::string requestIdKey; // params.requestId, whatever the method
    Cursor c {line};
    if (!c.eat('{'))
        return info;
    info.isObject = true;
    if (c.eat('}'))
        return info;
    while (true) {
        c.ws();
        std::string key;
        if (!parseString(c, &key))
            return MessageInfo {};
        if (!c.eat(':'))
            return MessageInfo {};
        c.ws();
        if (key == "id") {
            // A repeated key: the last one counts, as in Qt's parser (the app's reading).
            if (!readId(c, &info.idKey, &info.idJson))
                return MessageInfo {};
            info.hasId = !info.idKey.empty();
        } else if (key == "method") {
            info.hasMethod = true;
            method.clear();
            if (c.i < line.size() && line[c.i] == '"' ? !parseString(c, &method) : !skipValue(c))
                return MessageInfo {};
        } else if (key == "params") {
            requestIdKey.clear();
            if (!scanParams(c, &requestIdKey))
                return MessageInfo {};
        } else if (!skipValue(c)) {
            return MessageInfo {};
        }
        if (c.eat(','))
            continue;
        if (!c.eat('}'))
            return MessageInfo {};
        // Anything after the object makes the line invalid JSON: the app answers it with a
        // parse error (id null), so the bridge must not wait for an answer to its id.
        c.ws();
        if (c.i != line.size())
            return MessageInfo {};
        if (method == "notifications/cancelled")
            info.cancelledIdKey = requestIdKey;
        return info;
    }
}

std::string jsonQuote(std::string_view text)
{
    std::string out = "\"";
    for (const char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", u);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
    return out;
}

} // namespace Hopx::Ipc
