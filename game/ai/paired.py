"""The search's paired comparison of candidates (issue 11, 56): every candidate is played out on
the same sampled deals, so two candidates are compared by the mean and standard error of their
per-sample differences; the rules that drop a clearly worse candidate, stop a clear decision
early and keep the heuristic's choice unless another is surely better read only these values;
:func:`pick_worst` also reads each candidate's worst sample (a search that may choose by it).
"""

from __future__ import annotations

import math

#: Confidence rule: another candidate replaces the heuristic's choice only when its mean
#: paired advantage exceeds ``margin`` and this many standard errors of that advantage
#: (2.0 won no more in Guandan: docs/ai-notes.md).
SWITCH_Z = 1.0
#: Budget mode stops early once the leader beats every other candidate by this many standard
#: errors (after ``EARLY_MIN`` samples); a candidate this far below the leader is dropped.
STOP_Z = 2.5
EARLY_MIN = 6


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the samples both cover."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, float("inf")
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    # a floor on the error: a handful of identical differences is not certainty
    return mean, max(math.sqrt(var / n), 0.05 / math.sqrt(n))


def prune(values: list[list[float]], alive: list[bool], margin: float) -> bool:
    """Drop candidates clearly below the leader; True when the search can stop."""
    live = [i for i in range(len(values)) if alive[i]]
    n = min(len(values[i]) for i in live)
    leader = max(live, key=lambda i: sum(values[i][:n]) / n)
    clear = True
    for index in live:
        if index == leader:
            continue
        mean, se = paired(values[leader], values[index])
        if mean > STOP_Z * se:
            if index != 0:  # the heuristic's choice stays as the reference
                alive[index] = False
        else:
            clear = False
    if clear or sum(alive) <= 1:
        return True
    # nothing left can still pass the switch rule: every other candidate's advantage over
    # the heuristic's choice is surely below the margin, so the choice is already made
    return all(
        gain + STOP_Z * se <= margin
        for gain, se in (
            paired(values[index], values[0]) for index in range(1, len(values)) if alive[index]
        )
    )


def pick(values: list[list[float]], done: int, margin: float) -> int:
    """Index of the chosen candidate: the heuristic's (0) unless another one's mean paired
    advantage exceeds ``margin`` and :data:`SWITCH_Z` standard errors."""
    best, best_gain = 0, 0.0
    for index in range(1, len(values)):
        if len(values[index]) < done:
            continue  # dropped as clearly worse
        gain, se = paired(values[index], values[0])
        if gain > margin and gain > SWITCH_Z * se and gain > best_gain:
            best, best_gain = index, gain
    return best


def pick_worst(values: list[list[float]], done: int, margin: float) -> int:
    """:func:`pick`, with each candidate's worst sample judged too: a candidate whose worst
    outcome beats the heuristic choice's, at a mean no lower, replaces it (the best worst case
    first); otherwise :func:`pick`'s choice."""
    first = values[0]
    first_mean = sum(first) / len(first)
    best, best_worst = 0, min(first)
    for index in range(1, len(values)):
        if len(values[index]) < done:
            continue  # dropped as clearly worse
        mean, worst = sum(values[index]) / done, min(values[index])
        if worst > best_worst and mean >= first_mean:
            best, best_worst = index, worst
    return best or pick(values, done, margin)
