"""Test set-up: headless SDL and a throwaway user folder for every test run."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import settings

# CI runs Hypothesis derandomized (issue 33): the same examples on every run, so a property
# test that passes locally by luck cannot flip in CI. Locally the examples stay random.
# No example has a deadline: a clock in a test fails it on a busy machine (issue 39); speed is
# measured by tools/bench.py.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.load_profile("local")
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CARDAVIA_HOME", tempfile.mkdtemp(prefix="cardavia-test-"))


@pytest.fixture
def app(tmp_path):
    """The real App in a 1280x720 window with its own settings file, English, title on top."""
    from game import i18n
    from game.app import App, parse_args

    i18n.set_language("en")
    game = App(parse_args(["--windowed", "1280x720"]), settings_path=tmp_path / "settings.toml")
    # Effects off (issue 54): the table exactly as before them; tests of the effects turn
    # them on themselves.
    game.settings.effects = "off"
    game.start()
    game.tick(1 / 60)
    yield game
    game.stack.clear()
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory):
    """Every test has its own user folder (settings, saves, history, log), so no test sees
    another's files, whichever worker runs it and in whatever order (issue 39). A patch of its
    own: a test's ``monkeypatch.undo()`` keeps it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDAVIA_HOME", str(tmp_path_factory.mktemp("home")))
        yield
        from game.history import db

        db.close_shared()  # the next test opens the database of its own folder


@pytest.fixture
def history(tmp_path, monkeypatch):
    """A history database of the test's own, as the app's shared one."""
    from game.history import db

    database = db.open_database(tmp_path / "h.sqlite3")
    monkeypatch.setattr(db._main, "database", database)
    yield database
    monkeypatch.setattr(db._main, "database", None)
    database.close()


# The quick suite (-m "not slow", issue 39) runs a sample of the heaviest checks; the full suite
# (tools/dev.py test, CI) runs them all. Test function -> keep every k-th of its cases in the
# quick suite (0: none, the whole test is slow). Measured with --durations=0 on 2 workers.
QUICK_SAMPLE: dict[str, int] = {
    "test_table_text_is_never_smaller_than_the_arrangement_allows": 6,
    "test_the_top_bar_and_its_menus_keep_the_smallest_text_and_fit": 4,
    "test_the_meaning_chooser_keeps_the_smallest_text_and_fits": 4,
    "test_the_level_ladders_labels_never_overlap": 5,
    "test_no_played_cards_cover_a_plate_the_hand_or_the_prompt": 5,
    "test_no_play_covers_another_seats_play": 3,
    "test_the_prompt_never_covers_the_played_cards": 3,
    "test_seeded_bots_are_deterministic": 3,
    "test_moving_places_redrawn_equal_the_whole_frame_redrawn": 3,
    "test_the_real_deal_is_fully_plausible": 2,
    "test_recorded_deals_replay_exactly": 2,
    "test_no_result_text_overflows_its_cell": 3,
    "test_every_table_fits_800x600": 3,
    "test_result_panels_fit_800x600": 3,
    "test_title_cards_with_matches_in_progress_fit_800x600": 3,
    "test_guandan_splits_end_game_from_before": 0,
    "test_a_departure_is_valued_by_playing_both_actions_out": 0,
    "test_every_screen_runs_in_a_tiny_and_a_4k_window": 0,
    "test_random_matches": 0,
    "test_normal_with_the_learned_term_plays_whole_deals": 0,
    "test_an_autoplay_run_leaves_its_deals_in_the_data_folder": 0,
    # issue 59: every puzzle proven (tools/puzzles.py --verify); a sample in the quick suite
    "test_every_puzzle_is_proven": 8,
    "test_the_hint_is_a_winning_move": 8,
    "test_every_other_first_move_loses_against_the_defence": 6,
}


def pytest_collection_modifyitems(config, items):
    seen: dict[str, int] = {}
    for item in items:
        name = item.originalname if hasattr(item, "originalname") else item.name
        keep = QUICK_SAMPLE.get(name)
        if keep is None:
            continue
        index = seen[name] = seen.get(name, -1) + 1
        if keep == 0 or index % keep:
            item.add_marker(pytest.mark.slow)
