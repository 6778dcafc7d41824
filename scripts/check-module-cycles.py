#!/usr/bin/env python3
"""Import cycles between the source files of each crate.

A module that uses another and is used by it back (directly or through a chain
of others) cannot be read, tested or moved on its own; the workspace keeps its
modules in layers instead. This script builds, for every crate under crates/,
the graph "file A names an item of file B" from `use crate::…`, `crate::x::…`
paths in code, `super::…` and `self::…` paths, and relative `use child::…`
paths, then prints every cycle with its path.

Re-exports are facades, not dependencies: `pub use child::Item` in a module
records where `Item` really lives, and `crate::Item` is followed to that file.
The crate root's own `mod` and `pub use` lines are therefore no edges.

Binaries under src/bin/ are crate roots of their own and are checked alone.

Exit status: 1 when a cycle exists that scripts/module-cycles-allowed.txt does
not list (one cycle a line, as printed, `#` starts a comment), else 0. Listed
cycles are still printed, marked "allowed", so that the list can only shrink.

No dependencies beyond the Python standard library.
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ALLOW_FILE = os.path.join(ROOT, "scripts", "module-cycles-allowed.txt")

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
PATH_RE = re.compile(r"\b(crate|super|self)((?:::(?:super|" + IDENT + r"))+)")
USE_RE = re.compile(r"^\s*(pub(?:\([^)]*\))?\s+)?use\s+([^;]*);", re.S | re.M)
MOD_DECL_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", re.M)
INLINE_MOD_RE = re.compile(r"\bmod\s+(" + IDENT + r")\s*\{")


def strip_comments_and_strings(text):
    """Blank out comments, string and char literals so that braces and paths in
    them are not read as code (line structure is kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            j = n if end < 0 else end + 1 + len(m.group(1))
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F}') or a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9A-Fa-f]*\}|\\.|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def module_of(src, path):
    """The module path (a tuple) of a file under src/."""
    rel = os.path.relpath(path, src).replace(os.sep, "/")
    parts = rel[:-3].split("/")
    if parts[-1] in ("lib", "main") and len(parts) == 1:
        return ()
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)


def expand_use_tree(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    results = []

    def walk(prefix, s):
        depth, start, items = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(s[start:k])
                start = k + 1
        items.append(s[start:])
        for it in items:
            if not it:
                continue
            b = it.find("{")
            if b >= 0 and it.endswith("}"):
                walk(prefix + it[:b], it[b + 1:-1])
            else:
                results.append(prefix + it)

    walk("", tree)
    return results


def expand_use(raw):
    # `use a::b as c;`: whitespace matters for `as`, so drop aliases first.
    raw = re.sub(r"\s+as\s+" + IDENT, "", raw)
    return expand_use_tree(raw)


class Crate:
    def __init__(self, name, src, files):
        self.name = name
        self.src = src
        self.files = files  # module tuple -> path
        self.modules = set(files)
        self.reexports = {}  # (module, name) -> module tuple it comes from
        self.edges = {}  # module -> {module: example path}

    def resolve(self, segs):
        """Longest known module prefix of an absolute path (a list of names);
        re-exported items are followed to where they live."""
        segs = list(segs)
        for k in range(len(segs), -1, -1):
            mod = tuple(segs[:k])
            if mod in self.modules:
                if k < len(segs):
                    seen = set()
                    while (mod, segs[k]) in self.reexports and (mod, segs[k]) not in seen:
                        seen.add((mod, segs[k]))
                        mod = self.reexports[(mod, segs[k])]
                return mod
        return None

    def absolute(self, module, inline_depth, head, rest):
        """The absolute segments of `head::rest` written in `module`, inside
        `inline_depth` inline `mod x { }` blocks."""
        segs = [s for s in rest.split("::") if s]
        if head == "crate":
            return segs
        # super/self are relative to the inline module we are in.
        base = list(module) + ["<inline>"] * inline_depth
        if head == "self":
            pass
        else:
            base = base[:-1] if base else base
        while segs and segs[0] == "super":
            base = base[:-1] if base else base
            segs = segs[1:]
        if "<inline>" in base:
            return None  # a path inside the file's own inline modules
        return base + segs


def inline_depths(code):
    """For every line, how many inline `mod x {` blocks enclose it."""
    depths, stack, depth = [], [], 0
    for line in code.split("\n"):
        depths.append(len(stack))
        for m in re.finditer(r"\bmod\s+" + IDENT + r"\s*\{|\{|\}", line):
            tok = m.group(0)
            if tok == "}":
                depth -= 1
                if stack and stack[-1] == depth:
                    stack.pop()
            else:
                if tok != "{":
                    stack.append(depth)
                depth += 1
    return depths


def load_crate(crate_dir):
    src = os.path.join(crate_dir, "src")
    crates = []
    if not os.path.isdir(src):
        return crates
    lib_files, bin_roots = {}, []
    for dirpath, _, names in os.walk(src):
        for nm in names:
            if not nm.endswith(".rs"):
                continue
            p = os.path.join(dirpath, nm)
            rel = os.path.relpath(p, src).replace(os.sep, "/")
            if rel.startswith("bin/"):
                bin_roots.append(p)
            else:
                lib_files[module_of(src, p)] = p
    name = os.path.basename(crate_dir)
    if lib_files:
        crates.append(Crate(name, src, lib_files))
    for b in sorted(bin_roots):
        crates.append(Crate(name + "/bin/" + os.path.basename(b)[:-3], src, {(): b}))
    return crates


def analyse(crate):
    codes = {}
    for mod, path in crate.files.items():
        with open(path, encoding="utf-8") as f:
            codes[mod] = strip_comments_and_strings(f.read())
    # Pass 1: re-exports (`pub use child::Item`, `pub use crate::x::Item`).
    for mod, code in codes.items():
        for m in USE_RE.finditer(code):
            if not m.group(1):
                continue
            for p in expand_use(m.group(2)):
                segs = p.split("::")
                if segs[0] == "crate":
                    target = segs[1:]
                elif segs[0] == "self":
                    target = list(mod) + segs[1:]
                elif segs[0] == "super":
                    target = crate.absolute(mod, 0, "super", "::".join(segs[1:])) or []
                else:
                    target = list(mod) + segs
                if len(target) < 2 or target[-1] == "*":
                    continue
                src_mod = crate.resolve(target[:-1])
                if src_mod is not None and src_mod != mod:
                    crate.reexports[(mod, target[-1])] = src_mod
    # Pass 2: edges.
    for mod, code in codes.items():
        lines = code.split("\n")
        depths = inline_depths(code)
        out = crate.edges.setdefault(mod, {})

        def add(target, lineno):
            if target is None or target == mod:
                return
            rel = os.path.relpath(crate.files[mod], ROOT).replace(os.sep, "/")
            out.setdefault(target, f"{rel}:{lineno}")

        reexport_lines = set()
        for m in USE_RE.finditer(code):
            first = code.count("\n", 0, m.start()) + 1
            last = code.count("\n", 0, m.end()) + 1
            if m.group(1):
                reexport_lines.update(range(first, last + 1))
                continue
            # Relative `use child::…` (2018 paths).
            for p in expand_use(m.group(2)):
                segs = p.split("::")
                if segs[0] in ("crate", "self", "super"):
                    continue
                if tuple(list(mod) + segs[:1]) in crate.modules:
                    add(crate.resolve(list(mod) + segs), first)
        for i, line in enumerate(lines, 1):
            if i in reexport_lines:
                continue
            for m in PATH_RE.finditer(line):
                segs = crate.absolute(mod, depths[i - 1], m.group(1), m.group(2))
                if segs is None:
                    continue
                add(crate.resolve(segs), i)
        # `use super::*` etc. inside multi-line groups: handled by PATH_RE on
        # their first line; names inside `crate::{a, b}` groups need expanding.
        for m in USE_RE.finditer(code):
            if m.group(1):
                continue
            first = code.count("\n", 0, m.start()) + 1
            for p in expand_use(m.group(2)):
                segs = p.split("::")
                if segs[0] == "crate":
                    add(crate.resolve(segs[1:]), first)
                elif segs[0] in ("self", "super"):
                    a = crate.absolute(mod, depths[first - 1], segs[0], "::" + "::".join(segs[1:]))
                    if a is not None:
                        add(crate.resolve(a), first)


def name(mod):
    return "::".join(mod) if mod else "(root)"


def shortest_cycle(graph, members, startv):
    prev, frontier, done = {startv: None}, [startv], None
    while frontier and done is None:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, ())):
                if w not in members:
                    continue
                if w == startv:
                    done = v
                    break
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
            if done is not None:
                break
        frontier = nxt
    path, v = [], done
    while v is not None:
        path.append(v)
        v = prev[v]
    path.reverse()
    path.append(startv)
    return path


def cycles(crate):
    """Strongly connected components with more than one module, each with
    the shortest cycle through each of its members."""
    graph = {m: set(t) for m, t in crate.edges.items()}
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    found = []
    for comp in comps:
        members = set(comp)
        seen = set()
        # The shortest cycle through each member, by breadth-first search;
        # together they show every back edge of the component.
        for startv in comp:
            path = shortest_cycle(graph, members, startv)
            key = frozenset(zip(path, path[1:]))
            if key in seen:
                continue
            seen.add(key)
            steps = [f"{name(a)} -> {name(b)} ({crate.edges[a][b]})" for a, b in zip(path, path[1:])]
            found.append((comp, path, steps))
    return found


def main():
    allowed = set()
    if os.path.exists(ALLOW_FILE):
        with open(ALLOW_FILE, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    allowed.add(line)
    crates_dir = os.path.join(ROOT, "crates")
    bad = 0
    total = 0
    for d in sorted(os.listdir(crates_dir)):
        for crate in load_crate(os.path.join(crates_dir, d)):
            analyse(crate)
            for comp, path, steps in cycles(crate):
                total += 1
                ring = path[:-1]
                k = ring.index(min(ring))
                ring = ring[k:] + ring[:k] + [ring[k]]
                key = f"{crate.name}: " + " -> ".join(name(m) for m in ring)
                members = f"{crate.name}: {{" + ", ".join(name(m) for m in comp) + "}"
                ok = key in allowed or members in allowed
                print(("allowed " if ok else "CYCLE   ") + key)
                for s in steps:
                    print("          " + s)
                if not ok:
                    bad += 1
    if total == 0:
        print("no module cycles")
    elif bad:
        print(f"{bad} module cycle(s) not in scripts/module-cycles-allowed.txt")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
