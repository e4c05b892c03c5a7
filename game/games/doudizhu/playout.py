"""Cheap play-outs of a Dou Dizhu deal on rank counts (issue 56): no cards, no views.

A play-out's table is each seat's rank counts (15 values, 3 … RJ, as the solver's
``DoudizhuModel`` moves them), the play to beat and who made it. Every seat plays a fast greedy
policy that follows the quick heuristic (bot.py) where it matters: a lead is the hand plan's
lowest part (plan.py), a trio carrying the plan's lowest single or pair; an answer is the
cheapest play of the kind that beats, weighed against passing as the heuristic weighs it; a
peasant lets its partner's play stand and feeds a partner down to one or two cards; nobody
leads a single (pair) into an opponent holding one card (two) while it has another play; an
opponent about to go out is stopped with the highest answer or a bomb. The deal settles as D5
does (spring, multiplier, VD2 doublings, VD3 cap), so a play-out ends in points.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.doudizhu.plan import hand_cost, split
from game.games.doudizhu.rules.combos import ORDER
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.options import MULTIPLIER_CAP
from game.games.doudizhu.rules.settlement import pay, spring_of

#: A play's meaning: (kind, main value, length, cards), as the solver's.
Meaning = tuple[str, int, int, int]
#: A move: its meaning and the rank counts it takes from the hand.
Move = tuple[Meaning, list[int]]

_TWO, _BJ, _RJ = 12, 13, 14
#: The rocket's main value in a play's meaning (above every rank; the plan writes 13).
_ROCKET = 15
_NEED = {"single": 1, "pair": 2, "trio": 3, "bomb": 4, "straight": 1, "pair_run": 2}
_NEED["airplane"] = 3
#: A bomb or the rocket answers only an opponent holding at most this many cards, or when
#: the hand left after it costs at most BOMB_DONE (it wins the deal soon).
BOMB_CLOSE = 4
BOMB_DONE = 1.5


@dataclass(slots=True)
class Table:
    """A deal in play on rank counts: ``last`` the play to beat (None: a lead) and
    ``last_seat`` its seat, ``doublings`` the multiplier's exponent so far (bombs, rockets,
    robs), ``plays_made`` per seat (D5.2)."""

    hands: list[list[int]]
    landlord: int
    turn: int
    last: Meaning | None
    last_seat: int
    passes: int
    doublings: int
    plays_made: list[int]
    base: int
    doubled: tuple[bool, ...]
    cap: int

    def copy(self) -> Table:
        return Table(
            [list(hand) for hand in self.hands], self.landlord, self.turn, self.last,
            self.last_seat, self.passes, self.doublings, list(self.plays_made), self.base,
            self.doubled, self.cap,
        )  # fmt: skip

    def apply(self, move: Move | None) -> int | None:
        """Play ``move`` (None: pass) for the seat to move; the winner once a hand is empty."""
        seat = self.turn
        if move is None:
            self.passes += 1
            if self.passes == 2:
                self.last, self.passes = None, 0
            self.turn = (seat + 1) % 3
            return None
        meaning, take = move
        hand = self.hands[seat]
        for v, n in enumerate(take):
            if n:
                hand[v] -= n
        self.plays_made[seat] += 1
        self.doublings += meaning[0] in ("bomb", "rocket")
        self.last, self.last_seat, self.passes = meaning, seat, 0
        self.turn = (seat + 1) % 3
        return seat if not any(hand) else None

    def settle(self, winner: int) -> tuple[int, ...]:
        """Each seat's net points once ``winner`` went out (D5.2, D5.3)."""
        spring = spring_of(self.landlord, winner, self.plays_made)
        multiplier = 1 << (self.doublings + (spring is not None))
        _, net = pay(self.landlord, winner, self.base, multiplier, self.doubled, self.cap)
        return tuple(net[s] for s in range(3))


def table_of(state: DoudizhuState) -> Table:
    """The play-out table of a deal in play."""
    assert state.landlord is not None and state.current_player is not None  # in play
    last = state.last_play
    meaning = None if last is None else (last.kind, last.value, last.length, len(last.cards))
    hands = []
    for hand in state.hands:
        counts = [0] * 15
        for card in hand:
            counts[_VALUE[card.rank]] += 1
        hands.append(counts)
    return Table(
        hands, state.landlord, state.current_player, meaning,
        -1 if state.last_seat is None else state.last_seat, state.passes,
        state.bombs + state.rockets + state.robs, list(state.plays_made), state.base,
        tuple(state.doubled), int(str(state.options[MULTIPLIER_CAP])),
    )  # fmt: skip


_VALUE = {rank: v for v, rank in enumerate(ORDER)}


def play_out(table: Table, max_plies: int = 400) -> tuple[int, ...]:
    """Play ``table`` to its end by :func:`greedy` for every seat; each seat's net points."""
    for _ in range(max_plies):
        winner = table.apply(greedy(table))
        if winner is not None:
            return table.settle(winner)
    raise RuntimeError("a play-out did not end")  # every lead sheds a card: unreachable


def _take(kind: str, value: int, length: int) -> list[int]:
    """The rank counts of a plan part (kind, top value, length), attachments aside."""
    take = [0] * 15
    if kind == "rocket":
        take[_BJ] = take[_RJ] = 1
        return take
    need = _NEED[kind]
    for v in range(value - length + 1, value + 1):
        take[v] = need
    return take


def _whole(hand: list[int]) -> Meaning | None:
    """The meaning of the whole hand played at once, when it is one play (most shapes)."""
    size = sum(hand)
    if size > 5:  # a sequence, or nothing: every rank held as often
        held = [v for v in range(15) if hand[v]]
        need = hand[held[0]]
        low, high = held[0], held[-1]
        if need < 4 and high <= 11 and high - low + 1 == len(held):
            if all(hand[v] == need for v in held):
                kind = ("straight", "pair_run", "airplane")[need - 1]
                return kind, high, len(held), size
        return None
    parts = split(tuple(hand))
    if len(parts) == 1:
        kind, value, length = parts[0]
        return kind, _ROCKET if kind == "rocket" else value, length, size
    if len(parts) == 2:
        (k1, v1, l1), (k2, v2, l2) = parts
        if {k1, k2} == {"trio", "single"} and size == 4:
            return "trio_single", v1 if k1 == "trio" else v2, 1, 4
        if {k1, k2} == {"trio", "pair"} and size == 5:
            return "trio_pair", v1 if k1 == "trio" else v2, 1, 5
    return None


def beats(play: Meaning, last: Meaning) -> bool:
    """D3.2, D4.4, D4.5 on meanings (as the solver's ``_beats``)."""
    if last[0] == "rocket":
        return False
    if play[0] == "rocket":
        return True
    if play[0] == "bomb":
        return last[0] != "bomb" or play[1] > last[1]
    return play[0] == last[0] and play[2:] == last[2:] and play[1] > last[1]


def greedy(table: Table) -> Move | None:
    """The seat to move's play (None: pass), see the module docstring."""
    seat = table.turn
    hand = table.hands[seat]
    whole = _whole(hand)
    last = table.last
    if last is None:
        if whole is not None:
            return whole, list(hand)
        return _lead(table, seat, hand)
    landlord = table.landlord
    if whole is not None and beats(whole, last):
        return whole, list(hand)
    if seat != landlord and table.last_seat != landlord:
        return None  # the partner's play stands
    return _answer(table, seat, hand, last)


def _lead(table: Table, seat: int, hand: list[int]) -> Move:
    counts = [sum(h) for h in table.hands]
    landlord = table.landlord
    if seat != landlord:
        partner = 3 - seat - landlord
        if counts[partner] <= 2:  # feed the partner a low single or pair
            need = counts[partner]
            low = next((v for v in range(13) if need <= hand[v] < 4), None)
            if low is not None:
                take = [0] * 15
                take[low] = need
                return ("single" if need == 1 else "pair", low, 1, need), take
        closest = counts[landlord]
    else:
        closest = min(counts[s] for s in range(3) if s != seat)
    parts = sorted(split(tuple(hand)), key=lambda p: (p[0] in ("bomb", "rocket"), p[1] - p[2]))
    kind, value, length = parts[0]
    if kind in ("single", "pair"):  # the plan's trio carries it (plan.hand_cost)
        trio = next((p for p in parts if p[0] == "trio" and p[1] < _TWO), None)
        kind, value, length = trio or parts[0]
    if closest <= 2 and kind == ("single", "pair")[closest - 1]:
        others = [p for p in parts if p[0] != kind and p[0] not in ("bomb", "rocket")]
        if others:
            kind, value, length = others[0]
        else:  # it must: the highest of the kind
            kind, value, length = max((p for p in parts if p[0] == kind), key=lambda p: p[1])
    take = _take(kind, value, length)
    size = sum(take)
    if kind in ("trio", "airplane"):
        for extra in ("single", "pair"):
            loose = [p[1] for p in parts if p[0] == extra and p[1] < 11 and not take[p[1]]]
            if len(loose) >= length:
                for v in loose[:length]:
                    take[v] = _NEED[extra]
                name = ("trio_" if kind == "trio" else "airplane_") + extra
                name = name + "s" if kind == "airplane" else name
                return (name, value, length, size + length * _NEED[extra]), take
    return (kind, _ROCKET if kind == "rocket" else value, length, size), take


def _answers(hand: list[int], last: Meaning) -> list[Move]:
    """The plays of ``last``'s kind that beat it, bombs aside: each main value once, with the
    lowest spare attachments (no bomb broken, no joker of a rocket spent as a single)."""
    kind, value, length, size = last
    rocket = hand[_BJ] and hand[_RJ]
    found: list[Move] = []
    if kind in ("single", "pair", "trio", "trio_single", "trio_pair"):
        need = {"single": 1, "pair": 2}.get(kind, 3)
        top = 15 if need == 1 else 13
        for v in range(value + 1, top):
            if not need <= hand[v] < 4 or (v >= _BJ and rocket):
                continue
            take = [0] * 15
            take[v] = need
            if kind in ("trio_single", "trio_pair") and not _attach(hand, take, kind[5:], 1):
                continue
            found.append(((kind, v, 1, size), take))
        return found
    if kind in ("bomb", "rocket") or kind.startswith("four"):
        return found  # only a bomb beats a bomb (_bomb); a four with two is let stand
    body = {"straight": "straight", "pair_run": "pair_run"}.get(kind, "airplane")
    need = _NEED[body]
    for high in range(value + 1, 12):
        low = high - length + 1
        if all(need <= hand[v] < 4 for v in range(low, high + 1)):
            take = _take(body, high, length)
            if kind != body and not _attach(hand, take, kind[9:-1], length):
                continue
            found.append(((kind, high, length, size), take))
    return found


def _attach(hand: list[int], take: list[int], extra: str, count: int) -> bool:
    """Add ``count`` of the lowest spare singles or pairs of ``hand`` to ``take`` (False: too
    few); a spare is a rank held once (twice), outside the play, below the jokers."""
    need = 1 if extra == "single" else 2
    spare = [v for v in range(13) if hand[v] == need and not take[v]]
    if len(spare) < count:
        spare = [v for v in range(13) if need <= hand[v] < 3 and not take[v]]
    if len(spare) < count:
        return False
    for v in spare[:count]:
        take[v] = need
    return True


def _answer(table: Table, seat: int, hand: list[int], last: Meaning) -> Move | None:
    """An answer to an opponent's play, or a pass: the lowest answer the hand plan holds
    spare (a part of that kind); a set broken only to stop a seat close to going out or, for
    the peasant before the landlord, to answer it; the highest answer when the opponent may go
    out on its next play of that kind; else a bomb when the lead matters."""
    left = sum(table.hands[table.last_seat])
    found = _answers(hand, last)
    if found:
        if last[0] in ("single", "pair") and left <= last[3]:
            return found[-1]  # stop it: the highest
        kind = last[0]
        for move in found:
            if _spare(hand, move[1]):
                return move
        landlord = table.landlord
        before = seat != landlord and (seat + 1) % 3 == landlord
        if left <= BREAK_CLOSE or (before and kind in ("single", "pair")):
            return found[0]
    return _bomb(hand, last, left)


def _spare(hand: list[int], take: list[int]) -> bool:
    """Whether a play takes whole ranks outside any sequence of the hand (about a part of its
    plan, without the plan's cost): each rank's count is all the hand holds, and no rank taken
    is in a run of five singles (three pairs) of the hand, a sequence taken aside."""
    ranks = [v for v in range(15) if take[v]]
    if any(hand[v] != take[v] for v in ranks):
        return False
    if len(ranks) > 1 and ranks[-1] - ranks[0] == len(ranks) - 1:
        return True  # a sequence (or the rocket): taken whole
    for v in ranks:
        for need, shortest in ((1, 5), (2, 3)):
            if v > 11 or hand[v] < need:
                continue
            low = v
            while low > 0 and hand[low - 1] >= need:
                low -= 1
            high = v
            while high < 11 and hand[high + 1] >= need:
                high += 1
            if high - low + 1 >= shortest:
                return False
    return True


#: A set is broken to answer an opponent holding at most this many cards.
BREAK_CLOSE = 5


def _bomb(hand: list[int], last: Meaning, left: int) -> Move | None:
    """The lowest bomb (or the rocket) that beats ``last`` when the lead matters."""
    for v in range(13):
        if hand[v] == 4 and beats(("bomb", v, 1, 4), last):
            take = [0] * 15
            take[v] = 4
            break
    else:
        if not (hand[_BJ] and hand[_RJ]) or last[0] == "rocket":
            return None
        v, take = _RJ, [0] * 15
        take[_BJ] = take[_RJ] = 1
    after = [n - m for n, m in zip(hand, take, strict=True)]
    if left > BOMB_CLOSE and hand_cost(after) > BOMB_DONE:
        return None
    return ("bomb", v, 1, 4) if v < _RJ else ("rocket", _ROCKET, 1, 2), take
