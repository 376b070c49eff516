#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes the public symbol graphs of a few modules for DocC (`make docs`), from the debug build,
each into OUTPUT_DIR/MODULE/.

    scripts/symbol-graphs.py OUTPUT_DIR MODULE...

`swift package dump-symbol-graph` extracts every module of the package (the examples, the
benchmarks, the tool...), which took 4-5 minutes here; this runs swift-symbolgraph-extract for
the named modules only, with the import paths and module maps their compilation used, read from
SwiftPM's build description (.build/debug.yaml). Build them first (`swift build`).
"""
import json
import subprocess
import sys
from pathlib import Path

# The compiler arguments symbolgraph-extract needs, with how many values follow each.
KEPT = {"-I": 1, "-Xcc": 1, "-target": 1, "-module-cache-path": 1, "-swift-version": 1}


def compile_arguments(description: str, module: str) -> list[str]:
    key = f'"C.{module}-'
    for block in description.split("\n\n"):
        first = block.lstrip().split("\n", 1)[0]
        if first.startswith(key) and first.rstrip().endswith('-debug.module":'):
            for line in block.split("\n"):
                if line.strip().startswith("args: "):
                    return json.loads(line.strip()[len("args: "):])
    sys.exit(f"symbol-graphs: {module} is not in .build/debug.yaml: build it first")


def extract_arguments(arguments: list[str]) -> list[str]:
    kept, index = [], 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in KEPT:
            kept += arguments[index:index + 1 + KEPT[argument]]
            index += 1 + KEPT[argument]
            continue
        if argument.startswith("-I") and len(argument) > 2:
            kept.append(argument)
        index += 1
    return kept


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, modules = Path(sys.argv[1]), sys.argv[2:]
    for module in modules:
        (output / module).mkdir(parents=True, exist_ok=True)
    description = Path(".build/debug.yaml").read_text()
    runs = [
        subprocess.Popen(
            ["swift-symbolgraph-extract", "-module-name", module, "-minimum-access-level",
             "public", "-output-dir", str(output / module)]
            + extract_arguments(compile_arguments(description, module)))
        for module in modules
    ]
    if any(run.wait() != 0 for run in runs):
        sys.exit("symbol-graphs: swift-symbolgraph-extract failed")


if __name__ == "__main__":
    main()
