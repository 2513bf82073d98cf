// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QTranslator>

/*! Translates every text of one context by putting it in brackets, so that a test sees which
 *  parts of a sentence went through the translator (and which, like paths, did not). */
class BracketTranslator : public QTranslator
{
public:
    explicit BracketTranslator(const char *context)
        : m_context(context)
    { }

    QString translate(const char *context, const char *sourceText, const char *, int) const override
    {
        if (qstrcmp(context, m_context) != 0)
            return {};
        return QStringLiteral("[%1]").arg(QString::fromUtf8(sourceText));
    }
    bool isEmpty() const override { return false; }

private:
    const char *m_context;
};
