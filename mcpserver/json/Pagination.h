// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "tools/CacheHint.h"

#include <QJsonArray>
#include <QString>

namespace Hopx::Mcp {

class McpRequest;

/*! \brief Cursor pagination for every list method (tools, resources, templates, prompts,
 *  tasks): opaque cursors this server hands out, -32602 for any other. */
namespace Pagination {

//! Answers `request` with the page of `items` its cursor asks for, under `key`; each page
//! carries `cache` (2026-07-28 callers only).
void answer(const McpRequest &request, const QJsonArray &items, const QString &key, int pageSize,
    const CacheHint &cache = {});

//! The same for a list of things that have toJson() (specs, prompts, resources, tasks).
template<typename Items>
void answerList(const McpRequest &request, const Items &items, const QString &key, int pageSize,
    const CacheHint &cache = {})
{
    QJsonArray json;
    for (const auto &item : items)
        json.append(item.toJson());
    answer(request, json, key, pageSize, cache);
}

} // namespace Pagination
} // namespace Hopx::Mcp
