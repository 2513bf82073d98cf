// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"

#include <memory>
#include <vector>

namespace Hopx::Mcp {

class FeatureHost;
struct ServerContext;

namespace SessionFeatures {

/*! The features a session offers for what the server has (ServerContext), in dependency
 *  order: each may use those made before it, and they go in reverse. A new feature is one
 *  class and one line here; a new method is one entry in its feature's registerMethods(). */
std::vector<std::unique_ptr<McpFeature>> create(FeatureHost &host, const ServerContext &context);

} // namespace SessionFeatures
} // namespace Hopx::Mcp
