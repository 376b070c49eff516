#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Proves Sources/CGTK/CGTK.h, our own declarations of the GTK 4 / GLib subset we use,
against the real headers and libraries installed (libgtk-4-dev). CI runs it; `make check-gtk`.

Four C programs, compiled with -Werror (cc, or $CC):
  1. <gtk/gtk.h> and <glib-unix.h>, then CGTK.h: a prototype, typedef or macro of ours that
     differs from GTK's is a conflicting declaration, an error. With CGTK_CHECK defined, the
     enums and structs CGTK.h defines through CGTK_DECLARE get a prefix, and generated
     _Static_asserts compare them with GTK's: each constant's value, each enum's size and
     signedness, each struct's size, alignment and tag, each field's offset, size and type.
  2. The real headers alone, naming everything CGTK.h declares (functions, types, macros):
     one that GTK does not declare fails (a misspelt or made-up name passes 1 silently).
  3. CGTK.h alone, taking every function's address, linked with exactly the libraries the
     module map links: each symbol resolves from them, as a Swift program's link does.
  4. CGTKShim's shim.c, with CGTK.h only, as SwiftPM compiles it (no GTK include path).
Only the check uses pkg-config (for 1 and 2); the package never does.

Usage: check-gtk-declarations.py [--header PATH] [--print]
  --header PATH  check another copy of the header (to see the check fail on a bad one)
  --print        print the generated program 1 and exit
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE_MAP = os.path.join(ROOT, "Sources/CGTK/module.modulemap")
SHIM = os.path.join(ROOT, "Sources/CGTKShim/shim.c")
REAL_HEADERS = "#include <gtk/gtk.h>\n#include <glib-unix.h>\n"
PREFIX = "cgtk_check_"


def fail(message):
    print(f"check-gtk-declarations: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def parse(text):
    """What the header declares: CGTK_DECLARE'd enums (name -> constants) and structs
    (tag -> typedef names, fields), and the plain functions, typedefs and macros."""
    code = re.sub(r"//[^\n]*", "", text)
    enums, structs, typedefs = {}, {}, {}
    for body, name in re.findall(r"typedef enum \{([^}]*)\} CGTK_DECLARE\((\w+)\);", code):
        enums[name] = re.findall(r"CGTK_DECLARE\((\w+)\)", body)
    for tag, body in re.findall(r"\nstruct CGTK_DECLARE\((\w+)\) \{([^}]*)\};", code):
        fields = []
        for field in body.split(";")[:-1]:
            match = re.search(r"(\w+)\s*(?:\[[^\]]*\])?\s*$", field)
            if not match:
                fail(f"struct {tag}: cannot read the field '{field.strip()}'")
            fields.append(match.group(1))
        structs[tag] = fields
    for tag, name in re.findall(r"typedef struct CGTK_DECLARE\((\w+)\) CGTK_DECLARE\((\w+)\);", code):
        typedefs[name] = tag
    classified = set(enums) | set(structs) | set(typedefs)
    classified |= {constant for constants in enums.values() for constant in constants}
    for name in re.findall(r"CGTK_DECLARE\((\w+)\)", code):
        if name not in classified and name != "name":
            fail(f"CGTK_DECLARE({name}) is neither an enum, its constant, nor a struct or its typedef")
    for tag in typedefs.values():
        if tag not in structs:
            fail(f"typedef of struct {tag}, which CGTK_DECLARE does not define")
    # Top-level statements: prototypes are the ones that are not typedefs or definitions.
    statements = re.sub(r"^#.*$", "", code, flags=re.M)
    statements = re.sub(r"\{[^{}]*\}", "{}", statements)
    functions, plain_types = [], []
    for statement in statements.split(";"):
        statement = " ".join(statement.split())
        if not statement or "CGTK_DECLARE" in statement:
            continue
        if statement.startswith("typedef"):
            match = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(|(\w+)$", statement)
            plain_types.append(match.group(1) or match.group(2))
            continue
        functions.append(function_name(statement))
    macros = [m for m in re.findall(r"^#define (\w+)", text, re.M)
              if m not in ("SWIFTVLC_CGTK_H", "CGTK_DECLARE")]
    return enums, structs, typedefs, functions, plain_types, macros


def function_name(prototype):
    """The name in a prototype: the last identifier before its parameter list."""
    depth = 0
    for index in range(len(prototype) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(prototype[index], 0)
        if depth == 0 and prototype[index] == "(":
            match = re.search(r"(\w+)\)?\s*$", prototype[:index])
            if match:
                return match.group(1)
            break
    fail(f"cannot read the declaration '{prototype}'")


def layout_program(enums, structs, typedefs):
    """Program 1: the real headers, then ours under CGTK_CHECK, and the comparisons."""
    lines = [REAL_HEADERS + "#define CGTK_CHECK\n#include \"CGTK.h\"\n#include <stddef.h>\n",
             "#define SAME_TYPE(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))"]

    def check(condition, what):
        lines.append(f'_Static_assert({condition}, "{what}");')

    for name, constants in enums.items():
        ours = PREFIX + name
        check(f"sizeof({ours}) == sizeof({name})", f"enum {name}: size")
        # Signedness: what Swift imports the enum's raw value as (Int32 or UInt32).
        check(f"((long long)({ours})-1 < 0) == ((long long)({name})-1 < 0)", f"enum {name}: signedness")
        for constant in constants:
            check(f"(long long){PREFIX}{constant} == (long long){constant}", f"{constant}: value")
    for tag, fields in structs.items():
        ours, real = f"struct {PREFIX}{tag}", f"struct {tag}"
        check(f"sizeof({ours}) == sizeof({real})", f"struct {tag}: size")
        check(f"_Alignof({ours}) == _Alignof({real})", f"struct {tag}: alignment")
        for field in fields:
            a, b = f"(({ours} *)0)->{field}", f"(({real} *)0)->{field}"
            check(f"offsetof({ours}, {field}) == offsetof({real}, {field})", f"{tag}.{field}: offset")
            check(f"sizeof({a}) == sizeof({b})", f"{tag}.{field}: size")
            check(f"SAME_TYPE({a}, {b})", f"{tag}.{field}: type")
    for name, tag in typedefs.items():
        check(f"SAME_TYPE({name}, struct {tag})", f"{name}: GTK's typedef of struct {tag}")
    return "\n".join(lines) + "\n"


def names_program(enums, typedefs, functions, plain_types, macros):
    """Program 2: the real headers alone, naming everything ours declares."""
    lines = [REAL_HEADERS]
    for macro in macros:
        lines.append(f"#ifndef {macro}\n#error GTK does not define {macro}\n#endif")
    lines.append("void cgtk_names(void);\nvoid cgtk_names(void) {")
    for name in list(enums) + list(typedefs) + plain_types:
        lines.append(f"  (void)sizeof({name} *);")
    for function in functions:
        lines.append(f"  (void)&{function};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def link_program(functions):
    """Program 3: ours alone, every function's address, for the link."""
    entries = "".join(f"  (void *)&{function},\n" for function in functions)
    return ("#include \"CGTK.h\"\n#include <stdio.h>\n"
            f"void *const cgtk_functions[] = {{\n{entries}}};\n"
            "int main(void) {\n"
            "  size_t count = sizeof cgtk_functions / sizeof *cgtk_functions;\n"
            "  for (size_t i = 0; i < count; i++) if (cgtk_functions[i] == NULL) return 1;\n"
            "  printf(\"%zu\\n\", count);\n  return 0;\n}\n")


def run(command, what):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        fail(what)
    return result.stdout


def main():
    args = sys.argv[1:]
    header = os.path.join(ROOT, "Sources/CGTK/CGTK.h")
    if "--header" in args:
        header = os.path.abspath(args[args.index("--header") + 1])
    with open(header) as file:
        enums, structs, typedefs, functions, plain_types, macros = parse(file.read())
    program = layout_program(enums, structs, typedefs)
    if "--print" in args:
        print(program, end="")
        return
    if not functions or not structs or not enums:
        fail(f"read no functions, structs or enums from {header}")
    with open(MODULE_MAP) as file:
        libraries = re.findall(r'^\s*link "([^"]+)"', file.read(), re.M)
    cc = os.environ.get("CC", "cc")
    flags = ["-std=gnu11", "-Wall", "-Wextra", "-Werror"]
    gtk_flags = run(["pkg-config", "--cflags", "gtk4"], "pkg-config --cflags gtk4").split()
    with tempfile.TemporaryDirectory() as tmp:
        # The header beside the programs, so that --header checks the copy given.
        with open(os.path.join(tmp, "CGTK.h"), "w") as out, open(header) as source:
            out.write(source.read())

        def write(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w") as out:
                out.write(text)
            return path

        layout = write("layout.c", program)
        run([cc, *flags, *gtk_flags, f"-I{tmp}", "-fsyntax-only", layout],
            "CGTK.h differs from GTK's headers (program 1; --print shows it)")
        names = write("names.c", names_program(enums, typedefs, functions, plain_types, macros))
        run([cc, *flags, *gtk_flags, "-fsyntax-only", names],
            "CGTK.h declares a name GTK's headers do not (program 2)")
        binary = os.path.join(tmp, "link")
        linked = write("link.c", link_program(functions))
        run([cc, *flags, f"-I{tmp}", linked, "-o", binary, *[f"-l{lib}" for lib in libraries]],
            f"a function does not resolve from the module map's libraries {libraries} (program 3)")
        count = run([binary], "the linked program did not run").strip()
        shim_include = os.path.join(tmp, "shim-include")
        os.makedirs(os.path.join(shim_include, "CGTK"))
        os.makedirs(os.path.join(shim_include, "CGTKShim", "include"))
        os.rename(os.path.join(tmp, "CGTK.h"), os.path.join(shim_include, "CGTK", "CGTK.h"))
        with open(os.path.join(ROOT, "Sources/CGTKShim/include/CGTKShim.h")) as source:
            write("shim-include/CGTKShim/include/CGTKShim.h", source.read())
        run([cc, *flags, f"-I{shim_include}/CGTKShim/include", "-c", SHIM, "-o",
             os.path.join(tmp, "shim.o")], "shim.c does not compile with CGTK.h alone (program 4)")
    constants = sum(len(c) for c in enums.values())
    print(f"check-gtk-declarations: ok: {count} functions, {len(plain_types)} plain typedefs, "
          f"{len(macros)} macros, {len(enums)} enums ({constants} constants), {len(structs)} "
          f"structs ({sum(len(f) for f in structs.values())} fields) match GTK "
          f"{run(['pkg-config', '--modversion', 'gtk4'], 'gtk4 version').strip()} and link from "
          f"{', '.join(libraries)}")


if __name__ == "__main__":
    main()
