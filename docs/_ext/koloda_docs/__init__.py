"""Sphinx extension: generate the traceability pages of koloda from the project's data.

At ``builder-inited`` (before Sphinx looks for source files) it writes reST into
``docs/_generated/``: a page per game registered in :func:`reference.games` and
the page of its code, plus fragments that the hand-written pages include (all
five source texts, the register, the traceability matrix, the shuffle vectors,
the splitter). A file is rewritten only when its text changes, so incremental
builds stay incremental; files no longer produced are removed.

The pages carry their tables as raw HTML, so the extension checks its own links:
every link to a page or anchor that does not exist is a Sphinx warning (and
``-W`` makes it an error).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.highlighting import PygmentsBridge
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from koloda_docs import data
from koloda_docs.common import (
    CITING_DOC,
    GAMES_DOC,
    GENERATED,
    INDEX_DOC,
    REGISTER_DOC,
    SHUFFLE_DOC,
    SOURCES_DOC,
    TRACE_DOC,
    Ctx,
    code_doc,
    game_doc,
)
from koloda_docs.game_pages import code_page, game_page
from koloda_docs.html import Linker, default_relative_uri
from koloda_docs.site_pages import (
    anchors_fragment,
    games_fragment,
    landing_fragment,
    landing_problems,
    register_fragment,
    shuffle_spec_fragment,
    shuffle_vectors_fragment,
    sources_fragment,
    splitter_fragment,
    trace_fragment,
)

logger = logging.getLogger(__name__)

__version__: Final = "1"


def generate(
    linker: Linker, highlight: Callable[[str], str], problems: list[str] | None = None
) -> dict[str, str]:
    """Every generated file, by path relative to ``docs/``, with its text; what is missing from
    the docs' own data (``games.json``) is added to ``problems``."""
    corpus = data.load()
    out: dict[str, str] = {}
    if problems is not None:
        problems.extend(landing_problems(Ctx(corpus, linker, INDEX_DOC)))

    def ctx(doc: str) -> Ctx:
        return Ctx(corpus, linker, doc)

    for gid, g in corpus.games.items():
        out[game_doc(gid) + ".rst"] = game_page(ctx(game_doc(gid)), g)
        out[code_doc(gid) + ".rst"] = code_page(ctx(code_doc(gid)), g, highlight)
    fragments = {
        "sources.inc": sources_fragment(ctx(SOURCES_DOC)),
        "register.inc": register_fragment(ctx(REGISTER_DOC)),
        "traceability.inc": trace_fragment(ctx(TRACE_DOC)),
        "games.inc": games_fragment(ctx(GAMES_DOC)),
        "landing.inc": landing_fragment(ctx(INDEX_DOC)),
        "shuffle-spec.inc": shuffle_spec_fragment(),
        "shuffle-vectors.inc": shuffle_vectors_fragment(ctx(SHUFFLE_DOC)),
        "splitter.inc": splitter_fragment(),
        "anchors.inc": anchors_fragment(ctx(CITING_DOC)),
    }
    out.update({f"{GENERATED}/{name}": text for name, text in fragments.items()})
    return out


def write(srcdir: Path, files: dict[str, str]) -> list[str]:
    """Write the files whose text changed, remove stale ones; the paths written."""
    target = srcdir / GENERATED
    target.mkdir(exist_ok=True)
    written: list[str] = []
    for rel, text in files.items():
        path = srcdir / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(rel)
    keep = {(srcdir / rel).resolve() for rel in files}
    for path in target.iterdir():
        if path.is_file() and path.resolve() not in keep:
            path.unlink()
    return written


def _known_pages(srcdir: Path) -> set[str]:
    return {
        p.relative_to(srcdir).with_suffix("").as_posix()
        for p in srcdir.rglob("*.rst")
        if "_build" not in p.relative_to(srcdir).parts
    }


def _builder_inited(app: Sphinx) -> None:
    builder = app.builder
    if isinstance(builder, StandaloneHTMLBuilder):
        html_builder = builder

        def relative_uri(from_doc: str, to_doc: str) -> str:
            return html_builder.get_relative_uri(from_doc, to_doc)

    else:
        relative_uri = default_relative_uri
    bridge = PygmentsBridge("html")

    def highlight(source: str) -> str:
        return bridge.highlight_block(source, "python", {"stripnl": False})

    linker = Linker(relative_uri)
    srcdir = Path(app.srcdir)
    problems: list[str] = []
    files = generate(linker, highlight, problems)
    written = write(srcdir, files)
    logger.info("koloda_docs: %d generated files, %d rewritten", len(files), len(written))
    for problem in linker.dangling(_known_pages(srcdir)):
        logger.warning("koloda_docs: %s", problem, type="koloda", subtype="link")
    for problem in problems:
        logger.warning("koloda_docs: %s", problem, type="koloda", subtype="data")


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the generator with Sphinx."""
    app.connect("builder-inited", _builder_inited)
    app.add_css_file("koloda.css")
    app.add_js_file("koloda.js")
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
