"""What the tests share: the presets at their table sizes, and the hearts binary."""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

import hearts_rl

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Every preset at every table size it is played at.
PRESET_TABLES = [(preset, players) for preset, counts in hearts_rl.presets().items() for players in counts]


@pytest.fixture(scope="session")
def hearts_binary() -> pathlib.Path:
    """The hearts program of this checkout: $HEARTS_BIN, or the one
    `cargo test` builds (brought up to date now; after `cargo test`, at once)."""
    if os.environ.get("HEARTS_BIN"):
        return pathlib.Path(os.environ["HEARTS_BIN"])
    subprocess.run(["cargo", "build", "--profile", "test", "--bin", "hearts"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "hearts"
