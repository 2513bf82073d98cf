// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/settings/NetworkLog.h"

#include "core/base/Wording.h"
#include "core/settings/NetworkPolicy.h"

#include <QRegularExpression>

#include <functional>
#include <vector>

namespace Hopx::Core {

namespace {

// The sentences, English in the stream; lupdate files them under NetworkLog (QT_TRANSLATE_NOOP
// needs the literal context).
constexpr const char *kAllowed =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "egress allowed: %1:%2");
constexpr const char *kDenied =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "egress denied: %1:%2 (%3)");
constexpr const char *kSecretUsed =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "secret %1 used for %2");
constexpr const char *kSecretOffered =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "secret %1 offered to %2 (sent unreplaced)");
constexpr const char *kNotListed =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "not in this sandbox's network allowlist");
constexpr const char *kInvalidHost =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "not a valid host");
constexpr const char *kPrivateAddress =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "a loopback, private or link-local address");
constexpr const char *kPortOnly =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "the host map allows it on port %1 only");
constexpr const char *kResolvesToPrivate = QT_TRANSLATE_NOOP(
    "Hopx::Core::NetworkLog", "it resolves to a loopback, private or link-local address (%1)");
constexpr const char *kUnresolved =
    QT_TRANSLATE_NOOP("Hopx::Core::NetworkLog", "the name does not resolve (%1)");

QString english(const char *text)
{
    return QString::fromUtf8(text);
}

//! A sentence and the pattern of the lines it makes: the text itself, %1 the longest text and
//! every later %N the shortest that still lets the whole line match (a host may hold ':', a
//! reason '(').
struct Sentence
{
    explicit Sentence(const char *text)
        : text(text)
    {
        QString escaped = QRegularExpression::escape(english(text));
        escaped.replace(QStringLiteral("\\%1"), QStringLiteral("(.*)"));
        static const QRegularExpression later(QStringLiteral("\\\\%\\d"));
        escaped.replace(later, QStringLiteral("(.*?)"));
        pattern.setPattern(QLatin1Char('^') + escaped + QLatin1Char('$'));
    }

    const char *text;
    QRegularExpression pattern;
};

//! \a line in the user's language when one of \a sentences made it, filled with what it held,
//! each argument through \a translateArg when given. Empty when none matches.
QString translateOne(const QString &line, const std::vector<Sentence> &sentences,
    const std::function<QString(const QString &)> &translateArg = {})
{
    for (const Sentence &sentence : sentences) {
        const QRegularExpressionMatch m = sentence.pattern.match(line);
        if (!m.hasMatch())
            continue;
        // Wording fills the arguments all at once: a host or a message holding "%1" stays.
        std::vector<Wording> args;
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            args.emplace_back(translateArg ? translateArg(m.captured(i)) : m.captured(i));
        return Wording("Hopx::Core::NetworkLog", sentence.text, std::move(args)).translated();
    }
    return {};
}

} // namespace

QString NetworkLog::allowedLine(const QString &host, quint16 port)
{
    return english(kAllowed).arg(host).arg(port);
}

QString NetworkLog::deniedLine(const QString &host, quint16 port, const QString &reason)
{
    return english(kDenied).arg(host, QString::number(port), reason);
}

QString NetworkLog::secretUsedLine(const QString &secret, const QString &host)
{
    return english(kSecretUsed).arg(secret, host);
}

QString NetworkLog::secretOfferedLine(const QString &secret, const QString &host)
{
    return english(kSecretOffered).arg(secret, host);
}

QString NetworkLog::notListed()
{
    return english(kNotListed);
}

QString NetworkLog::invalidHost()
{
    return english(kInvalidHost);
}

QString NetworkLog::privateAddress()
{
    return english(kPrivateAddress);
}

QString NetworkLog::portOnly(quint16 port)
{
    return english(kPortOnly).arg(port);
}

QString NetworkLog::resolvesToPrivate(const QString &address)
{
    return english(kResolvesToPrivate).arg(address);
}

QString NetworkLog::unresolved(const QString &error)
{
    return english(kUnresolved).arg(error);
}

QString NetworkLog::allowableHostOf(const QString &line)
{
    static const Sentence denied(kDenied);
    const QRegularExpressionMatch m = denied.pattern.match(line.trimmed());
    if (!m.hasMatch() || m.captured(3) != notListed())
        return {};
    return NetworkPolicy::normalizeHost(m.captured(1));
}

QString NetworkLog::translated(const QString &text)
{
    // Compiled once: the Logs view asks again on every repaint.
    static const std::vector<Sentence> lines {
        Sentence(kAllowed), Sentence(kSecretUsed), Sentence(kSecretOffered)};
    static const std::vector<Sentence> denied {Sentence(kDenied)};
    static const std::vector<Sentence> reasons {Sentence(kNotListed), Sentence(kInvalidHost),
        Sentence(kPrivateAddress), Sentence(kPortOnly), Sentence(kResolvesToPrivate),
        Sentence(kUnresolved)};
    const auto reason = [](const QString &arg) {
        const QString t = translateOne(arg, reasons);
        return t.isEmpty() ? arg : t;
    };
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        QString t = translateOne(line, lines);
        if (t.isEmpty())
            t = translateOne(line, denied, reason);
        out << (t.isEmpty() ? line : t);
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace Hopx::Core
