// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <vector>

namespace Hopx::Core {

/*! \brief A sentence worded once: in English for the model and the log, in the user's language
 *  for the app's own windows.
 *
 * A tool says what it wants to do ("show it read-only at /project/x in a new sandbox"), and a
 * provider says why it cannot be used ("bubblewrap is not installed …"), in the model's result,
 * which stays English, and on the desktop, which must not. The source text is marked where it
 * is written with QT_TRANSLATE_NOOP(context, text), so lupdate files it under that context.
 * Arguments are either plain text (paths, ids, a program's own message: never translated) or
 * Wordings themselves, translated with the sentence around them.
 */
class Wording
{
public:
    Wording() = default;
    //! Plain text from elsewhere, shown as it is in every language.
    Wording(const QString &verbatim); // NOLINT(google-explicit-constructor): arguments read as text
    //! \a context and \a text must outlive the Wording: literals, \a text marked with
    //! QT_TRANSLATE_NOOP(context, text).
    Wording(const char *context, const char *text, std::vector<Wording> args = {});

    bool isEmpty() const { return !m_text && m_verbatim.isEmpty(); }
    QString english() const;
    QString translated() const;

private:
    QString fill(const QString &text, bool translate) const;

    const char *m_context = nullptr;
    const char *m_text = nullptr;
    QString m_verbatim;
    std::vector<Wording> m_args;
};

} // namespace Hopx::Core
