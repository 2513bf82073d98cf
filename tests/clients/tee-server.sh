#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# tee-server.sh FILE COMMAND [ARG...]: runs an MCP server on stdio and appends every byte it
# sends the client to FILE, so a test can assert on what the client received (progress
# notifications, which no model ever sees).
out=$1
shift
"$@" | tee -a "$out"
