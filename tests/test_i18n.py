"""Choosing the language and looking texts up in the catalogue."""

import pytest

from scorepad import i18n


@pytest.mark.parametrize(
    "asked, env, expected",
    [
        ("de", {}, "de"),
        ("en", {"SCOREPAD_LANG": "de"}, "en"),
        (None, {"SCOREPAD_LANG": "de"}, "de"),
        (None, {"SCOREPAD_LANG": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        (None, {"LANGUAGE": "de:en"}, "de"),
        (None, {"LANGUAGE": "fr:de"}, "de"),
        (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        (None, {"LC_MESSAGES": "de_CH", "LANG": "C"}, "de"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
        ("xx", {"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_language_is_chosen_from_option_then_environment(asked, env, expected):
    assert i18n.choose(asked, env) == expected


def test_english_needs_no_catalogue():
    i18n.use("en")
    assert i18n._("round") == "round"
    assert i18n.ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"
