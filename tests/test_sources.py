"""The corpus: texts frozen byte for byte, stable sentence ids, verbatim citations."""

from __future__ import annotations

import hashlib
import json

import pytest

from conformance.corpus import (
    ANNOTATIONS,
    INDEX,
    SOURCES,
    CitationError,
    all_sentences,
    build_index,
    cite,
    sentence,
    sentence_annotations,
    split_sentences,
    translations,
)

SHA256 = {
    "000": "04ff44435b1ca491d2e8c0d6a9ed48a9d1c260d19aebfd36cd22b1b376674f83",
    "001": "eb80d214385e2ffbcdb88233c3978a0e67206beaf0f1e4d3faeab0bc584c5bf0",
    "002": "db480806ec3ddd64a37b75785d1028149adb3b8440049a007410d59d326c0359",
    "003": "7ea3c186ab5164d84f9cc1ed665047b8bed7a5052a70f8f08bfa69048aec586b",
    "004": "dc056784811feec452ef979a5cf9a1ed88a2424cad7cffe411769cdbe6359727",
}


@pytest.mark.parametrize("doc", sorted(SHA256))
def test_texts_are_stored_byte_for_byte(doc: str) -> None:
    assert hashlib.sha256((SOURCES / f"{doc}.txt").read_bytes()).hexdigest() == SHA256[doc]


def test_committed_index_is_regenerated_exactly() -> None:
    assert INDEX.read_text(encoding="utf-8") == build_index(), "run python scripts/corpus_index.py"


def test_sentence_ids_are_stable() -> None:
    assert len(all_sentences()) == 347
    assert sentence("002:P6.S1").text == "Игроков двое или четверо."
    assert sentence("002:P9.S1").text.startswith("Оставшийся с картами")
    assert sentence("001:P1.S1").text == "Глава XVI. Мушка"
    assert sentence("001:P19.S2").text.endswith("пишет цифру 3.")


def test_splitter_keeps_abbreviations_and_heading_numbers() -> None:
    assert split_sentences("Карты должны быть преферансные, т. е. в 32 листа.") == (
        "Карты должны быть преферансные, т. е. в 32 листа.",
    )
    assert split_sentences("2. Мушка Памфил. Игра Памфил.") == ("2. Мушка Памфил.", "Игра Памфил.")
    assert split_sentences("Козырь «дураку подкидному». Первым ходит.") == (
        "Козырь «дураку подкидному».",
        "Первым ходит.",
    )


def test_cite_accepts_a_verbatim_quote() -> None:
    assert cite("002:P7.S4", "При отсутствии — козыря.").id == "002:P7.S4"


@pytest.mark.parametrize(
    ("sid", "quote", "why"),
    [
        ("002:P7.S4", "При отсутствии - козыря.", "not verbatim"),
        ("002:P99.S1", "x", "no sentence"),
        ("2:P1.S1", "x", "not a sentence id"),
        ("002:P7.S4", "  ", "empty quote"),
    ],
)
def test_cite_refuses_what_is_not_verbatim(sid: str, quote: str, why: str) -> None:
    with pytest.raises(CitationError, match=why):
        cite(sid, quote)


def test_every_annotation_names_a_real_sentence_and_class() -> None:
    for path in ANNOTATIONS.glob("*.json"):
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert set(raw["sentences"]) <= set(all_sentences()), path
    assert {a.cls for a in sentence_annotations().values()} <= {"normative", "advice", "context"}


def test_every_sentence_is_translated() -> None:
    assert set(translations()) == set(all_sentences())
    assert all(t.strip() for t in translations().values())
