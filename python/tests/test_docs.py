"""docs/python.md documents every field of both encodings and every kind of action."""

from __future__ import annotations

import hearts_rl
from conftest import PRESET_TABLES, ROOT

DOCS = (ROOT / "docs" / "python.md").read_text()


def test_every_field_of_every_encoding_is_in_the_table_of_fields():
    for preset, players in PRESET_TABLES:
        rules = hearts_rl.Rules(preset, players)
        for observation in ("info_state", "compact"):
            for name, _ in rules.fields(observation):
                assert f"| `{name}` |" in DOCS, f"{name} ({observation}) is not documented"


def test_the_documented_sizes_of_black_lady_are_the_sizes():
    rules = hearts_rl.Rules("black-lady", 4)
    info_state = sum(size for _, size in rules.fields("info_state"))
    compact = sum(size for _, size in rules.fields("compact"))
    assert f"`info_state` has {info_state:,} numbers and `compact` {compact:,}" in DOCS


def test_every_kind_of_action_is_in_the_table_of_actions():
    names = hearts_rl.Rules("auction", 4).action_names
    assert names[0] == "2C" and names[12] == "AC" and names[13] == "2D" and names[51] == "AH"
    assert names[52:56] == ["JK1", "JK2", "JK3", "JK4"]
    assert names[56:64] == ["decline", "declare", "name-clubs", "name-diamonds", "name-spades", "name-hearts",
                            "moon-add", "moon-subtract"]
    assert names[64] == "bid-pass" and names[65] == "bid-1"
    for row in ("| 0-51 |", "| 52-55 |", "| 56, 57 |", "| 58-61 |", "| 62, 63 |", "| 64 |", "| 64 + k |"):
        assert row in DOCS
    assert len(hearts_rl.Rules("black-lady", 4).action_names) == 64
