"""Sphinx configuration of the koloda docs.

The pages of the games, the register, the traceability matrix and the source
texts are generated from the project's data at every build by the local
extension ``docs/_ext/koloda_docs`` (see ``contributing.rst``).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent))  # the project, when it is not installed

project = "koloda"
author = "the koloda authors"
copyright = "the koloda authors"
release = "0.1.0"

extensions = ["koloda_docs"]

language = "en"
# The sources are Russian: the search index stems Russian words (козырь, козыри,
# козырем all find each other). English words are indexed too, unstemmed.
html_search_language = "ru"

root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_theme = "alabaster"
html_theme_options = {
    "page_width": "1240px",
    "sidebar_width": "230px",
    "body_max_width": "none",
    "description": "Card games of five Russian rule texts: rules, rulings, conformance.",
    "fixed_sidebar": False,
}
html_title = "koloda"
html_show_sourcelink = False
html_copy_source = False
