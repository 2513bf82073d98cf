#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""The Flatpak manifest parses (YAML or JSON) and has the shape flatpak-builder needs."""
import json
import sys


def fail(message):
    print(f"FAIL: {sys.argv[1]}: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        manifest = json.loads(text)
    else:
        try:
            import yaml
        except ImportError:
            fail("PyYAML is missing (apt-get install python3-yaml)")
        try:
            manifest = yaml.safe_load(text)
        except yaml.YAMLError as error:
            fail(f"not valid YAML: {error}")
    if not isinstance(manifest, dict):
        fail("the top level is not a mapping")
    expected = {"app-id": "dev.hopx.Desktop", "runtime": "org.kde.Platform", "sdk": "org.kde.Sdk",
                "command": "hopx-desktop"}
    for key, value in expected.items():
        if manifest.get(key) != value:
            fail(f"{key} is {manifest.get(key)!r}, expected {value!r}")
    if not str(manifest.get("runtime-version", "")).startswith("6."):
        fail(f"runtime-version {manifest.get('runtime-version')!r} is not a Qt 6 KDE runtime")
    if not all(isinstance(arg, str) and arg.startswith("--") for arg in manifest.get("finish-args", [])):
        fail("finish-args must be a list of --options")
    modules = manifest.get("modules")
    if not isinstance(modules, list) or not modules:
        fail("no modules")
    for module in modules:
        if not isinstance(module, dict) or not module.get("name") or not module.get("sources"):
            fail(f"a module needs a name and sources: {module!r}")
        for source in module["sources"]:
            if source.get("type") == "git" and not (source.get("tag") or source.get("commit")):
                fail(f"module {module['name']}: a git source must be pinned (tag/commit)")
    if modules[-1]["name"] != "hopx-desktop":
        fail("the last module must be hopx-desktop itself")
    print(f"ok: {path} ({len(modules)} modules, runtime {manifest['runtime']}//{manifest['runtime-version']})")


if __name__ == "__main__":
    main()
