"""A seat's name inside a sentence (issue 55): Spanish said its seats as proper names,
capitalised mid-sentence and without the article Spanish needs ("Esperando a Derecha…",
"Derecha paga a Izquierda"). A catalog writes ``{name:said}`` where a sentence says the
name in its own form (``said.<key>``), ``{name:Said}`` at a sentence's start, and the
language's contractions are made ("a el" -> "al")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

import pytest

from game import i18n
from game.language import LanguageError, language_from
from game.scenes.table.context import seat_name
from game.words import Words

RIGHT, LEFT, PARTNER = (1, 4), (3, 4), (2, 4)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def named(seat: tuple[int, int]) -> str:
    return seat_name(*seat)


@pytest.mark.parametrize(
    "key, params, said",
    [
        ("table.waiting_for", {"name": RIGHT}, "Esperando al de la derecha…"),
        ("table.received_from", {"name": LEFT}, "Del de la izquierda"),
        (
            "table.announce_tribute",
            {"payer": RIGHT, "receiver": LEFT},
            "Tributo del de la derecha al de la izquierda",
        ),
        ("table.announce_tribute_to_you", {"payer": PARTNER}, "Tu compañero te paga tributo"),
        ("doudizhu.said_no_bid", {"name": (1, 3)}, "El de la derecha pasa"),
        ("doudizhu.warn_1", {"name": (2, 3)}, "¡Al de la izquierda le queda una carta!"),
        (
            "throw.failed",
            {"leader": RIGHT, "revealer": PARTNER, "cards": "7♠"},
            "Falla el lanzamiento del de la derecha: tu compañero puede superar 7♠",
        ),
    ],
)
def test_spanish_says_a_seat_with_its_article(key, params, said):
    i18n.set_language("es")
    values = {k: named(v) if isinstance(v, tuple) else v for k, v in params.items()}
    assert i18n.tr(key, **values) == said
    # kept as words (a banner, redrawn each frame), and with the name as words too
    kept = {k: Words.later(_giving(v)) for k, v in values.items()}
    assert str(Words(key, **kept)) == said


def test_the_plates_keep_their_labels_and_english_its_sentences():
    i18n.set_language("es")
    assert named(RIGHT) == "Derecha" and named(PARTNER) == "Compañero"
    assert i18n.tr("doudizhu.standing_bid", name=named((1, 3)), value=2) == "Derecha: 2"
    i18n.set_language("en")
    assert i18n.tr("table.waiting_for", name=named(RIGHT)) == "Waiting for Right…"
    assert i18n.tr("table.waiting_for", name="Bob") == "Waiting for Bob…"  # no key: as it is


def test_a_said_form_follows_a_switch_of_language():
    words = Words("table.waiting_for", name=Words("table.seat_left"))
    i18n.set_language("es")
    assert str(words) == "Esperando al de la izquierda…"
    i18n.set_language("zh")
    assert str(words) == i18n.tr("table.waiting_for", name="左家")


#: Placeholders a table fills with a seat's name.
SEATS = ("name", "payer", "payee", "giver", "receiver", "revealer", "leader")
#: Where a bare name is a label, not a word of the sentence: alone, before a colon or an
#: arrow, after a colon, or before a bracket.
LABEL = re.compile(r"^\{(\w+)\}(?=$|:| →| \()|(?<=: |→ )\{(\w+)\}")


def test_no_spanish_sentence_says_a_seat_bare():
    """Every Spanish sentence that puts a seat's name inside its words says it with
    ``:said`` or ``:Said``; a bare ``{name}`` is a label only."""
    found = []
    for key, value in i18n.catalog("es").items():
        if key.startswith(("cli.", "rules.")):
            continue
        labels = {name for match in LABEL.finditer(value) for name in match.groups() if name}
        for name in re.findall(r"\{(\w+)\}", value):
            if name in SEATS and name not in labels:
                found.append((key, value))
    assert found == []


@pytest.mark.parametrize(
    "contractions", [{"a el": ""}, {"ael": "al"}, {"a el": 3}], ids=["empty", "one", "number"]
)
def test_a_bad_contraction_is_refused(contractions):
    with pytest.raises(LanguageError, match="contractions"):
        language_from("xx", {"name": "X", "contractions": contractions}, "xx.toml")


def _giving(value: object) -> Callable[[], str]:
    """A maker giving ``value`` itself (a seat's label keeps its key for ``{…:said}``)."""
    return lambda: cast(str, value)
