"""Editing the table's configuration file as text, so that everything `companion hall-join` does
not change stays as the organiser or the installer wrote it: other sections, order, comments."""

from __future__ import annotations

import json
import re

_HEADER = re.compile(r"\s*\[([^\[\]]+)\]\s*(#.*)?$")


def set_section(text: str, section: str, values: dict[str, object]) -> str:
    """The TOML text with `[section]` replaced by `values` (removed when empty), the rest untouched."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            inside = header.group(1).strip() == section
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    if values:
        out += ["", f"[{section}]"] + [f"{k} = {toml_value(v)}" for k, v in values.items()]
    return "\n".join(out) + "\n"


def set_keys(text: str, section: str, values: dict[str, object]) -> str:
    """The TOML text with these keys of `[section]` set in place: a key's line keeps its place
    and its comment, a missing key goes after the section's last key, a missing section at the
    end. [table] sits at the top of the Pi's file, and its comments say what the ids are for."""
    lines = text.splitlines()
    left = dict(values)
    start = end = None  # the section's header line and the line after its last key
    for i, line in enumerate(lines):
        header = _HEADER.match(line)
        if header:
            if start is not None and end is None:
                end = last_key + 1
            if header.group(1).strip() == section and start is None:
                start = last_key = i
            continue
        if start is None or end is not None:
            continue
        key = re.match(r"\s*([A-Za-z0-9_-]+)\s*=\s*(\"(?:[^\"\\]|\\.)*\"|[^#]*?)(\s*#.*)?$", line)
        if key:
            last_key = i
            if key.group(1) in left:
                comment = key.group(3) or ""
                lines[i] = f"{key.group(1)} = {toml_value(left.pop(key.group(1)))}{comment}"
    if start is None:
        return set_section(text, section, values) if values else text
    if end is None:
        end = last_key + 1
    added = [f"{k} = {toml_value(v)}" for k, v in left.items()]
    return "\n".join(lines[:end] + added + lines[end:]) + "\n"


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    # A JSON string is a TOML basic string: quotes, backslashes and control characters escaped.
    return json.dumps(str(value), ensure_ascii=False)
