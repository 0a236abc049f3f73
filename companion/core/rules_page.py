"""A game's rules page: companion/games/<id>/rules.md, in the project's own words, read by the
touchscreen's rules screen, the phone page and "What now?" (which names the section behind a step).

The page is plain Markdown: a `# Title`, a short opening paragraph, then `## Section` headings,
each with a few paragraphs or `- ` items. A section is named by its heading's slug ("Your turn"
is "your-turn"), so a game's Teaching.rule and the page cannot drift apart unnoticed: the
suite checks every section a game names exists.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources

FILE = "rules.md"


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    text: str  # the section's Markdown without its heading: a line per paragraph or `- ` item

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "text": self.text}


@dataclass(frozen=True)
class RulesPage:
    title: str
    opening: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)

    def to_json(self) -> dict[str, object]:
        return {"title": self.title, "opening": self.opening, "sections": [s.to_json() for s in self.sections]}


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def parse(text: str) -> RulesPage:
    title, opening, sections = "", [], []
    current: tuple[str, list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            if current is not None:
                sections.append(_section(*current))
            current = (line[3:].strip(), [])
        elif line.startswith("# ") and not title:
            title = line[2:].strip()
        elif current is not None:
            current[1].append(line)
        else:
            opening.append(line)
    if current is not None:
        sections.append(_section(*current))
    return RulesPage(title, unwrap(opening), tuple(sections))


def _section(title: str, lines: list[str]) -> Section:
    return Section(slug(title), title, unwrap(lines))


def unwrap(lines: list[str]) -> str:
    """A section's text with each paragraph and each item on one line (the file wraps them to
    read well in an editor; a screen or phone wraps them to its own width), blank lines between
    paragraphs kept."""
    out: list[str] = []
    for line in lines:
        text = line.strip()
        if not text:
            if out and out[-1]:
                out.append("")
        elif text.startswith("- ") or not out or not out[-1]:
            out.append(text)
        else:  # a wrapped line goes on the paragraph or item it belongs to
            out[-1] += " " + text
    return "\n".join(out).strip()


@functools.cache
def read(game_id: str) -> RulesPage | None:
    """The rules page of a shipped game, or None for a game without one: read once a process
    (What now?, the story and the rules screen ask for it at every opening; it ships with the
    table and does not change under it)."""
    try:
        text = resources.files(f"companion.games.{game_id}").joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return parse(text)
