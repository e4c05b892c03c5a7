"""The AI review of a recorded deal (issue 27 item 3): Hard's choice and its value difference
at each of the player's decisions, from that seat's view only, the same every time, worked
out off the frame loop, cached in the database and cancelled when the replay closes."""

from __future__ import annotations

import json
import random
import time

import pytest

from game import registry
from game.history import replay, review, review_job, review_worker
from game.table.record import action_to_data, find_action, rebuild_match
from tests.test_history_replay import play_recorded

SAMPLES = 6  # enough to exercise the search; the game uses review.SAMPLES


def recorded_deal(database, preset: str, seed: int = 3) -> replay.ReplayDeal:
    deal_id, _ = play_recorded(preset, seed, 1, database)[0]
    return replay.load(database, deal_id)


def stored_id(deal: replay.ReplayDeal) -> int:
    """The history's id of a recorded deal (loaded from its stored row)."""
    assert deal.row is not None and deal.row.id is not None
    return deal.row.id


def direct_state(database, deal_id: int, ply: int):
    """The position before the deal's action ``ply``, rebuilt straight from the stored row."""
    row = database.deal(deal_id)
    module = registry.get(row.preset).rules
    earlier = database.match_actions(row.match_key, row.deal_index)
    state = rebuild_match(module, row.seed, [*earlier, []], options=row.options or None).state
    for data in row.actions[:ply]:
        state.apply(find_action(state, data))
    return state, find_action(state, row.actions[ply])


@pytest.mark.parametrize(
    "preset",
    [
        "runfast",
        pytest.param("shengji", marks=pytest.mark.slow),
        pytest.param("guandan", marks=pytest.mark.slow),
        pytest.param("doudizhu", marks=pytest.mark.slow),
    ],
)
def test_the_review_of_a_recorded_deal_equals_a_direct_call(preset, history):
    deal = recorded_deal(history, preset)
    job = review_job.ReviewJob(deal, 0, samples=SAMPLES)
    job.start()
    job.join()
    job.collect()
    assert job.done and job.progress[0] == job.progress[1] == len(job.plies) > 0
    for ply, verdict in job.verdicts.items():
        state, played = direct_state(history, stored_id(deal), ply)
        assert state.current_player == 0 and len(state.legal_actions()) > 1
        seed = review.deal_key(deal) * 1009 + ply
        best, difference, samples = review.review_decision(
            preset, state, played, seed=seed, samples=SAMPLES
        )
        assert verdict.played == action_to_data(0, played)
        assert verdict.best == action_to_data(0, best)
        assert verdict.difference == round(difference, 4) and verdict.samples == samples
        assert verdict.agrees == (best == played)
        if verdict.agrees:
            assert verdict.difference == 0.0


def test_the_review_sees_only_the_seat_s_view():
    """Two deals that look the same from the player's seat (the hidden hands dealt otherwise)
    get the same verdict: the search reads nothing but the view."""
    module = registry.get("runfast").rules
    rng = random.Random(5)
    state = module.new_match(seed=12).state
    while state.current_player != 0 or len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    other = module.sample_state(state.view(0), random.Random(99))
    assert other.view(0) == state.view(0)
    assert any(other.hand(s) != state.hand(s) for s in (1, 2))
    played = state.legal_actions()[-1]
    first = review.review_decision("runfast", state.clone(), played, seed=7, samples=SAMPLES)
    second = review.review_decision("runfast", other, played, seed=7, samples=SAMPLES)
    assert first == second


def test_a_verdict_is_the_same_every_time_and_keeps_as_data(history):
    deal = recorded_deal(history, "runfast", seed=8)
    ply = review.decisions(deal, 0)[0]
    one = review.verdict(deal, ply, samples=SAMPLES)
    assert review.verdict(deal, ply, samples=SAMPLES) == one
    assert review.Verdict.from_data(ply, one.as_data()) == one
    stale = dict(one.as_data(), v=review.VERSION + 1)
    assert review.Verdict.from_data(ply, stale) is None  # another search's verdict is redone
    assert review.Verdict.from_data(ply, {"v": review.VERSION}) is None


def test_the_review_is_cached_and_a_second_opening_is_instant(app, history, monkeypatch):
    from game.scenes.replay import ReplayScene

    deal = recorded_deal(history, "runfast", seed=4)
    scene = app.stack.push(ReplayScene(app, deal))
    scene.start_review(samples=SAMPLES)
    scene.job.join()
    scene.update(1 / 60)  # the frame loop stores what the thread found
    plies = scene.job.plies
    assert sorted(history.review(stored_id(deal))) == plies
    first = dict(scene.job.verdicts)
    app.stack.pop()

    def no_search(*args, **kwargs):
        raise AssertionError("a cached decision was searched again")

    monkeypatch.setattr(review, "verdict", no_search)
    again = app.stack.push(ReplayScene(app, replay.load(history, stored_id(deal))))
    again.toggle_review()
    assert again.job.done and again.job._thread is None and again.job.verdicts == first
    again.go(plies[0])
    app.tick(1 / 60)  # the verdict panel draws


def test_the_frame_loop_never_waits_for_the_review_and_closing_cancels_it(app, history):
    from game.scenes.replay import ReplayScene

    deal = recorded_deal(history, "guandan", seed=6)
    scene = app.stack.push(ReplayScene(app, deal))
    scene.start_review(samples=200)  # far more work than the test waits for
    for _ in range(30):  # each update returns while the worker still searches
        scene.update(1 / 60)
        time.sleep(0.005)
    assert not scene.job.done, "the review should still be running"
    assert scene.job._thread is not None and scene.job._thread.is_alive()
    app.tick(1 / 60)  # the progress bar draws while the thread works
    job = scene.job
    app.stack.pop()  # closing the replay cancels the review at its next rollout
    job.join(timeout=5.0)
    assert not job._thread.is_alive()


def test_the_work_runs_in_a_worker_process_and_falls_back_to_a_thread(history, monkeypatch):
    deal = recorded_deal(history, "runfast", seed=9)
    jobs = {}
    for name, process in (("process", True), ("thread", False)):
        job = review_job.ReviewJob(deal, 0, samples=SAMPLES, process=process)
        job.start()
        job.join()
        job.collect()
        jobs[name] = job
    assert jobs["process"]._process is not None and jobs["process"]._process.returncode == 0
    assert jobs["thread"]._process is None
    # a worker that cannot start (or dies) leaves the rest to the thread: nothing is lost
    monkeypatch.setattr(review_worker, "worker_command", lambda: ["/nonexistent/cardavia-worker"])
    broken = review_job.ReviewJob(deal, 0, samples=SAMPLES)
    broken.start()
    broken.join()
    broken.collect()
    assert jobs["process"].verdicts == jobs["thread"].verdicts == broken.verdicts
    assert broken.done and not broken.failed


#: Review workers that misbehave (issue 57 D8): each reads its job, then …
BAD_WORKERS = {
    # … writes lines that are JSON but no verdict (a bare number first), then ends;
    "junk": "import sys; sys.stdin.read(); print(5); print('[1]'); print('{}');"
    " print('[0, {\"v\": 1, \"seat\": \"x\"}]'); print('[0, 5]'); print('not json', flush=True)",
    # … never answers.
    "silent": "import sys, time; sys.stdin.read(); time.sleep(3600)",
}


@pytest.mark.parametrize("kind", sorted(BAD_WORKERS))
def test_a_worker_that_writes_junk_or_never_answers_leaves_the_review_to_the_thread(
    history, monkeypatch, kind
):
    """D8: a line that was a bare JSON number made the whole review fail (``ply, data =
    json.loads(line)`` uncaught); a worker that never answered left it at 0/N for ever. Now a
    line that is not a verdict is skipped and, past the answer deadline, the worker is
    stopped; either way the thread reviews the rest and the verdicts are the same."""
    import sys

    deal = recorded_deal(history, "runfast", seed=9)
    honest = review_job.ReviewJob(deal, 0, samples=SAMPLES, process=False)
    honest.start()
    honest.join()
    honest.collect()
    monkeypatch.setattr(
        review_worker, "worker_command", lambda: [sys.executable, "-c", BAD_WORKERS[kind]]
    )
    monkeypatch.setattr(review_worker, "ANSWER_DEADLINE_S", 0.5)
    job = review_job.ReviewJob(deal, 0, samples=SAMPLES)
    job.start()
    try:
        job.join(timeout=120)
        job.collect()
        assert job.done and not job.failed
        assert job.verdicts == honest.verdicts and job.progress[0] == len(job.plies) > 0
        assert job._process is not None and job._process.poll() is not None  # stopped
    finally:
        job.cancel()


def test_a_worker_line_must_be_a_whole_verdict():
    good = review.Verdict(
        3, 0, {"kind": "pass", "cards": ""}, {"kind": "pass", "cards": ""}, 0.0, 6
    )
    line = json.dumps([3, good.as_data()]).encode()
    assert review_worker.parse_answer(line) == good
    for bad in (b"5", b"[3]", b"[3, 5]", b'["3", {}]', b"[3, {\"v\": 1}]", b"{", b"NaN",
                b'[3, {"v": 1, "seat": 0, "played": {"kind": "pass", "cards": ""}, '
                b'"best": {"kind": 1}, "difference": 0, "samples": 6}]',
                line.replace(b'"difference": 0.0', b'"difference": NaN')):  # fmt: skip
        assert review_worker.parse_answer(bad) is None, bad
