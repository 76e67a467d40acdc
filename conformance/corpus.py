"""The source corpus: the five rule texts, their sentences and sentence ids.

The texts are stored byte for byte in ``conformance/sources/NNN.txt``. A
**paragraph** is a non-empty line, counted from 1. A **sentence** is found by
the splitter below, counted from 1 inside its paragraph. The id of a sentence
is ``DOC:P<paragraph>.S<sentence>``, e.g. ``001:P14.S2``. Because the texts are
frozen the ids are stable; a test pins the texts' SHA-256.

The splitter (documented in the docs so others can reproduce the ids):

* a sentence ends after ``.``, ``!``, ``?`` or ``…``, with any closing ``»``,
  ``"`` or ``)`` that follow it,
* only where white space follows and the next character opens a sentence:
  an upper-case letter (Cyrillic or Latin), ``«``, ``"`` or ``(``,
* but not where the sentence so far is a heading's number: at most one word
  and then a number or Roman numeral (``1. Мушка …``, ``Глава XVI. Мушка``).

The text of a sentence is the exact slice of its paragraph with the white
space around it removed, so a quote can be checked against it verbatim.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final, Literal

SOURCES: Final = Path(__file__).parent / "sources"
DOCUMENTS: Final = ("000", "001", "002", "003", "004")

SentenceClass = Literal["normative", "advice", "context", "unclassified"]
CLASSES: Final[tuple[SentenceClass, ...]] = ("normative", "advice", "context", "unclassified")

_BOUNDARY: Final = re.compile(r"[.!?…][»\")]*(?=[\s\u00a0]+[«\"(A-ZА-ЯЁ])")
_NUMBERING: Final = re.compile(r"^(?:\S+\s+)?(?:\d+|[IVXLC]+)\.$")
_ID: Final = re.compile(r"^(\d{3}):P(\d+)\.S(\d+)$")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a source text, with its stable id."""

    id: str
    doc: str
    paragraph: int
    index: int
    text: str


class CitationError(ValueError):
    """A cited sentence id does not exist, or a quote is not verbatim in it."""


def split_sentences(paragraph: str) -> tuple[str, ...]:
    """Split one paragraph into sentences by the documented rule.

    >>> split_sentences("Игроков двое или четверо. Колода 36 карт.")
    ('Игроков двое или четверо.', 'Колода 36 карт.')
    >>> split_sentences("1. Мушка мистигри. Закон и правила.")
    ('1. Мушка мистигри.', 'Закон и правила.')
    """
    parts: list[str] = []
    start = 0
    for match in _BOUNDARY.finditer(paragraph):
        end = match.end()
        if _NUMBERING.match(paragraph[start : match.start() + 1].strip()):
            continue
        piece = paragraph[start:end].strip()
        if piece:
            parts.append(piece)
        start = end
    rest = paragraph[start:].strip()
    if rest:
        parts.append(rest)
    return tuple(parts)


def paragraphs(text: str) -> tuple[str, ...]:
    """The non-empty lines of a text, in order (paragraph 1 is the first)."""
    return tuple(line for line in text.split("\n") if line.strip())


def sentences_of(doc: str, text: str) -> tuple[Sentence, ...]:
    """Every sentence of one document, with ids."""
    out: list[Sentence] = []
    for p, para in enumerate(paragraphs(text), start=1):
        for s, sentence in enumerate(split_sentences(para), start=1):
            out.append(Sentence(f"{doc}:P{p}.S{s}", doc, p, s, sentence))
    return tuple(out)


def read_source(doc: str) -> str:
    """The stored text of a document, decoded from UTF-8."""
    if doc not in DOCUMENTS:
        raise CitationError(f"unknown document {doc!r}; the documents are {', '.join(DOCUMENTS)}")
    return (SOURCES / f"{doc}.txt").read_text(encoding="utf-8")


@cache
def all_sentences() -> dict[str, Sentence]:
    """Every sentence of the corpus by id, in corpus order."""
    return {s.id: s for doc in DOCUMENTS for s in sentences_of(doc, read_source(doc))}


def sentence(sentence_id: str) -> Sentence:
    """The sentence with that id, or a :class:`CitationError` saying why not."""
    if not _ID.match(sentence_id):
        raise CitationError(f"{sentence_id!r} is not a sentence id (DOC:P<n>.S<m>, e.g. 002:P5.S1)")
    found = all_sentences().get(sentence_id)
    if found is None:
        raise CitationError(f"no sentence {sentence_id} in the corpus")
    return found


def cite(sentence_id: str, quote: str) -> Sentence:
    """Check that ``quote`` stands verbatim in the sentence; return the sentence."""
    found = sentence(sentence_id)
    if not quote.strip():
        raise CitationError(f"empty quote for {sentence_id}")
    if quote not in found.text:
        raise CitationError(
            f"quote {quote!r} is not verbatim in {sentence_id}, which reads {found.text!r}"
        )
    return found


# --- annotations: class and game of each sentence; translations ---------------

#: Words that oblige, allow or forbid: a sentence using one and not classed normative
#: needs a written reason in its annotation.
MODAL: Final = re.compile(
    r"\b(долж\w*|обязан\w*|нельзя|можно|мож\w+|мог\w*|следует|нужно|необходимо|прав[оа]"
    r"|допуска\w*|дозволя\w*|разреша\w*|запреща\w*|требует\w*)\b",
    re.IGNORECASE,
)

#: One file per game (``melniki-b.json``), plus ``corpus.json`` for sentences of no game.
ANNOTATIONS: Final = SOURCES / "annotations"
TRANSLATIONS: Final = SOURCES / "translations.json"
INDEX: Final = SOURCES / "index.json"


@dataclass(frozen=True, slots=True)
class Annotation:
    """What we say about a sentence: its class, the game (or games) it belongs to, and why.

    ``reason`` says why a sentence that uses a modal word («должен», «можно», …) is
    not normative (the traceability check asks for it), or anything else worth saying
    about the classification.
    """

    cls: SentenceClass
    game: str | None
    reason: str | None = None


@cache
def sentence_annotations() -> dict[str, Annotation]:
    """The hand-written annotations, by sentence id (missing ids are unclassified)."""
    out: dict[str, Annotation] = {}
    for path in sorted(ANNOTATIONS.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        for sid, entry in raw["sentences"].items():
            cls = entry.get("class", "unclassified")
            if cls not in CLASSES:
                raise ValueError(f"{path}: /sentences/{sid}/class: {cls!r} is not one of {CLASSES}")
            if sid in out:
                raise ValueError(f"{path}: /sentences/{sid}: annotated in another file too")
            out[sid] = Annotation(cls, entry.get("game"), entry.get("reason"))
    return out


@cache
def translations() -> dict[str, str]:
    """Our English translation of each sentence, by id."""
    if not TRANSLATIONS.exists():
        return {}
    raw = json.loads(TRANSLATIONS.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in raw["sentences"].items()}


def build_index() -> str:
    """The generated sentence index (committed as ``index.json``), as text."""
    notes = sentence_annotations()
    unknown = sorted(set(notes) - set(all_sentences()))
    if unknown:
        raise ValueError(f"{ANNOTATIONS}: annotations for sentences that do not exist: {unknown}")
    rows = []
    for s in all_sentences().values():
        note = notes.get(s.id, Annotation("unclassified", None))
        rows.append({"id": s.id, "class": note.cls, "game": note.game, "text": s.text})
    return json.dumps({"sentences": rows}, ensure_ascii=False, indent=1) + "\n"
