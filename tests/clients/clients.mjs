// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// How each client is configured for hopx-mcp (as the README's "Connect your IDE" tells users:
// the client's own `mcp add` command, opencode's JSON config; plus the test's private socket),
// pointed at the scripted model, and run headless. toolTimeoutMs is the client's own per-call timeout: the one way to make these
// clients cancel a call without a terminal (each then tells the server, and its model, itself).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { anthropic } from './anthropic.mjs';
import { openai } from './openai.mjs';
import { gemini } from './gemini.mjs';
import { chat } from './chat.mjs';
import { scaled } from '../interop/harness.mjs';
import { connectIde, envFlags, hopxMcp, setupCommand } from './harness.mjs';

// Claude Code pointed at the scripted model. -p connects MCP servers in the background and may
// start the first turn without their tools (anthropics/claude-code#65094): under load, wait for
// them as an interactive user would.
function claudeCodeEnv(ctx) {
  Object.assign(ctx.env, { ANTHROPIC_BASE_URL: ctx.url, ANTHROPIC_API_KEY: 'test-key-for-a-loopback-fake',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', MCP_TOOL_TIMEOUT: String(ctx.toolTimeoutMs),
    MCP_CONNECTION_NONBLOCKING: 'false', MCP_CONNECT_TIMEOUT_MS: '30000' });
}

export const claudeCode = {
  name: 'Claude Code',
  pkg: '@anthropic-ai/claude-code',
  bin: 'claude',
  dialect: anthropic,
  configure(ctx) {
    // README: claude mcp add hopx -- /usr/bin/hopx-mcp (plus the test's private socket).
    const { command, args, env } = ctx.server;
    setupCommand(ctx, ['mcp', 'add', 'hopx', ...envFlags('-e', env), '--', command, ...args]);
    claudeCodeEnv(ctx);
  },
  args: (ctx, prompt) => ['-p', prompt, '--allowedTools', 'mcp__hopx__*', '--output-format', 'stream-json', '--verbose'],
};

// The same client over Streamable HTTP: hopx-desktop --http and its bearer token, added with
// Claude Code's own `claude mcp add --transport http` (docs/ARCHITECTURE.md, "when and where
// HTTP serves").
export const claudeCodeHttp = {
  ...claudeCode,
  name: 'Claude Code (Streamable HTTP)',
  http: true,
  configure(ctx) {
    const { url, headers } = ctx.server;
    setupCommand(ctx, ['mcp', 'add', '--transport', 'http', 'hopx', url,
      ...Object.entries(headers).flatMap(([k, v]) => ['--header', `${k}: ${v}`])]);
    claudeCodeEnv(ctx);
  },
};

export const codex = {
  name: 'Codex',
  pkg: '@openai/codex',
  bin: 'codex',
  dialect: openai,
  configure(ctx) {
    ctx.env.CODEX_HOME = join(ctx.env.HOME, '.codex');
    ctx.env.FAKE_MODEL_API_KEY = 'test-key-for-a-loopback-fake';
    mkdirSync(ctx.env.CODEX_HOME, { recursive: true });
    writeFileSync(join(ctx.env.CODEX_HOME, 'config.toml'), [
      'model = "gpt-fake"', 'model_provider = "fake"', 'approval_policy = "never"', 'check_for_update_on_startup = false', '',
      '[model_providers.fake]', 'name = "scripted model on loopback"', `base_url = "${ctx.url}/v1"`,
      'wire_api = "responses"', 'env_key = "FAKE_MODEL_API_KEY"', '',
    ].join('\n'));
    // README: codex mcp add hopx -- /usr/bin/hopx-mcp
    const { command, args, env } = ctx.server;
    setupCommand(ctx, ['mcp', 'add', 'hopx', ...envFlags('--env', env), '--', command, ...args]);
  },
  // Tools that are not read-only need approval unless the server's default says "approve" (the
  // README's config.toml line, given here as -c).
  args: (ctx, prompt) => ['exec', '-c', 'mcp_servers.hopx.default_tools_approval_mode="approve"',
    '-c', `mcp_servers.hopx.tool_timeout_sec=${ctx.toolTimeoutMs / 1000}`,
    // Codex gives a server 10 s to start; on a loaded machine (a suite beside a build) that was
    // missed and the model got no results at all (clients_shapes_codex, twice in 2026-12).
    '-c', `mcp_servers.hopx.startup_timeout_sec=${scaled(60000) / 1000}`,
    '--json', '--skip-git-repo-check', '-m', 'gpt-fake', prompt],
};

export const geminiCli = {
  name: 'Gemini CLI',
  pkg: '@google/gemini-cli',
  bin: 'gemini',
  dialect: gemini,
  configure(ctx) {
    Object.assign(ctx.env, { GEMINI_API_KEY: 'test-key-for-a-loopback-fake', GOOGLE_GEMINI_BASE_URL: ctx.url });
    // README: gemini mcp add -s user hopx /usr/bin/hopx-mcp
    const { command, args, env } = ctx.server;
    setupCommand(ctx, ['mcp', 'add', '-s', 'user', ...envFlags('-e', env), 'hopx', command, ...args]);
    const path = join(ctx.env.HOME, '.gemini', 'settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    settings.security = { auth: { selectedType: 'gemini-api-key' } };
    settings.privacy = { usageStatisticsEnabled: false };
    settings.mcpServers.hopx.timeout = ctx.toolTimeoutMs;
    // `-e K=V` keeps only what lies between the first and a second '=': values with their own '='
    // (the sanitizer options, detect_leaks=1:...) are written back whole.
    if (Object.keys(env ?? {}).length) settings.mcpServers.hopx.env = { ...settings.mcpServers.hopx.env, ...env };
    writeFileSync(path, JSON.stringify(settings, null, 2));
  },
  args: (ctx, prompt) => ['-p', prompt, '--yolo', '--skip-trust', '--output-format', 'stream-json', '-m', 'gemini-2.5-pro'],
};

export const opencode = {
  name: 'opencode',
  pkg: 'opencode-ai',
  bin: 'opencode',
  dialect: anthropic,
  // Its MCP calls pass resetTimeoutOnProgress: its timeout is an idle timeout.
  resetsTimeoutOnProgress: true,
  configure(ctx) {
    ctx.env.OPENCODE_DISABLE_MODELS_FETCH = '1';
    // README: { "mcp": { "hopx": { "type": "local", "command": ["/usr/bin/hopx-mcp"] } } }
    const dir = join(ctx.env.XDG_CONFIG_HOME, 'opencode');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'opencode.json'), JSON.stringify({
      provider: { fake: { npm: '@ai-sdk/anthropic', name: 'Scripted model on loopback',
        options: { baseURL: `${ctx.url}/v1`, apiKey: 'test-key-for-a-loopback-fake' },
        models: { 'claude-fake': { name: 'Claude (fake)', attachment: true, tool_call: true,
          modalities: { input: ['text', 'image'], output: ['text'] } } } } },
      mcp: { hopx: { type: 'local', command: [ctx.server.command, ...ctx.server.args], environment: ctx.server.env,
        enabled: true, timeout: ctx.toolTimeoutMs } },
    }, null, 2));
  },
  args: (ctx, prompt) => ['run', '--pure', '--auto', '--format', 'json', '-m', 'fake/claude-fake', prompt],
};

// Qwen Code and Cline: connected the way the app tells a user to, `hopx-desktop --connect`
// (Connect an IDE), then pointed at the scripted model as an OpenAI-compatible endpoint.
export const qwenCode = {
  name: 'Qwen Code',
  pkg: '@qwen-code/qwen-code',
  bin: 'qwen',
  ide: 'qwen-code',
  dialect: chat,
  // Qwen Code passes a result's image on only to a model it knows to take images.
  model: 'qwen3.6-plus',
  // It takes 15 s to start and stop on an idle machine, a minute on a loaded one.
  limitMs: 150000,
  configure(ctx) {
    // The entry as written, untouched: SHORT plays no cancel, so Qwen Code's own tool timeout
    // (10 minutes) stays.
    connectIde(ctx, this.ide);
    Object.assign(ctx.env, { OPENAI_API_KEY: 'test-key-for-a-loopback-fake', OPENAI_BASE_URL: `${ctx.url}/v1`,
      OPENAI_MODEL: this.model, QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' });
  },
  args: (ctx, prompt) => ['-p', prompt, '--yolo', '--output-format', 'stream-json'],
};

// Cline's CLI: its agent runs in a Bun binary from an npm platform package.
export const cline = {
  name: 'Cline',
  pkg: 'cline',
  bin: 'cline',
  ide: 'cline',
  dialect: chat,
  model: 'gpt-fake',
  limitMs: 150000,
  configure(ctx) {
    // ~/.cline/data/settings/cline_mcp_settings.json, untouched (Cline's own timeout stays).
    connectIde(ctx, this.ide);
    // Its own setup command for an OpenAI-compatible endpoint (~/.cline/data/settings too).
    setupCommand(ctx, ['auth', '-p', 'openai-compatible', '-k', 'test-key-for-a-loopback-fake', '-m', this.model, '-b', `${ctx.url}/v1`]);
  },
  args: (ctx, prompt) => ['--json', prompt],
};

// GitHub Copilot CLI: connected by Connect an IDE (~/.copilot/mcp-config.json), its model a
// custom provider (BYOK, `copilot help environment`) in offline mode: no GitHub account, and
// nothing but the scripted model is asked.
export const copilotCli = {
  name: 'GitHub Copilot CLI',
  pkg: '@github/copilot',
  bin: 'copilot',
  ide: 'copilot-cli',
  dialect: anthropic,
  model: 'claude-sonnet-4.5',
  // A failed call reaches its model as text that starts so, with no is_error.
  errorText: /^MCP server 'hopx': /,
  // Its timeout restarts on every progress notification, as opencode's does.
  resetsTimeoutOnProgress: true,
  configure(ctx) {
    // Another server in hopx's place (shapes.test.mjs): its own `copilot mcp add`.
    if (ctx.server.command === hopxMcp) connectIde(ctx, this.ide);
    else setupCommand(ctx, ['mcp', 'add', 'hopx', ...envFlags('--env', ctx.server.env), '--', ctx.server.command, ...ctx.server.args]);
    // Its per-server timeout (ms, for discovery and every call), which the cancel scenario needs.
    const path = join(ctx.env.HOME, '.copilot', 'mcp-config.json');
    const config = JSON.parse(readFileSync(path, 'utf8'));
    config.mcpServers.hopx.timeout = ctx.toolTimeoutMs;
    writeFileSync(path, JSON.stringify(config, null, 2));
    Object.assign(ctx.env, { COPILOT_OFFLINE: 'true', COPILOT_PROVIDER_TYPE: 'anthropic',
      COPILOT_PROVIDER_BASE_URL: ctx.url, COPILOT_PROVIDER_API_KEY: 'test-key-for-a-loopback-fake',
      COPILOT_MODEL: this.model, COPILOT_AUTO_UPDATE: 'false' });
  },
  args: (ctx, prompt) => ['-p', prompt, '--allow-all-tools', '--output-format', 'json', '--disable-builtin-mcps'],
};
