// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace Hopx::Core {

/*! \brief A phrase worded once: in English for the model and the log, in the user's language for
 *  the app's own approval list and notifications.
 *
 * A tool says what it wants to do ("show it read-only at /project/x in a new sandbox") in the
 * model's error and in the client's question, which stay English, and in an approval request
 * the app shows on the desktop, which must not. The source text is marked where it is written
 * (ConsentWording) under kContext, so lupdate files it with the approval list's strings; its
 * arguments (paths, ids, hosts) are never translated.
 */
class Wording
{
public:
    //! The translation context every source text is marked in.
    static constexpr const char *kContext = "Hopx::Core::ApprovalListModel";

    Wording() = default;
    //! \a text must outlive the Wording: a string literal marked with QT_TRANSLATE_NOOP.
    explicit Wording(const char *text, QStringList args = {});

    bool isEmpty() const { return !m_text; }
    QString english() const;
    QString translated() const;

private:
    QString fill(const QString &text) const;

    const char *m_text = nullptr;
    QStringList m_args;
};

} // namespace Hopx::Core
