"""The guard that holds an executor inside the confirmed plan. Pure: no I/O.

A proposed call (an action and its parameters) is allowed when:
- the action is read-only (a lookup changes nothing, so it is always allowed), or
- it is the next confirmed write still to do (earlier writes done first, so a rollback undoes them in
  reverse order), with the same parameters, the same target (booking) and the same values once both
  are read with the project's parsers (`canonical_values`): "20:30" carries out "20 e 30".

Everything else is refused with a reason the model reads and can act on: another booking, another
value, a parameter added or left out, a value that reads two ways (ask the operator), a value an
earlier step has not produced yet. A confirmed value written as a placeholder ({{step_N.field}}) is
matched against what step N answered, anywhere in its answer (a booking id inside a search's
results); when that answer holds several, the guard refuses: the executor asks the operator which one,
and the answer (`plan_answer`) puts the chosen value in the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Iterator, Sequence

from concierge.domain.plans import AtomicAction, PlannedAction
from concierge.plans.canonical_values import Ambiguous, Reading, Unreadable, canonical, kind_of
from concierge.plans.registry import ActionRegistry
from concierge.plans.templates import PLACEHOLDER, UnresolvedPlaceholder, fill

TARGET_KEYS = ("booking_id", "reservation_id", "id")


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str
    step: int | None = None  # the confirmed step the call carries out (or the read step it repeats)
    read_only: bool = False


@dataclass(frozen=True)
class Options:
    """A confirmed value that an earlier answer holds more than once (two bookings found)."""

    source: str  # "{{step_1.booking_id}}"
    values: tuple[Any, ...]
    found: tuple[tuple[Any, dict], ...] = field(default=())  # each value with the object of the answer holding it


class Unresolved(LookupError):
    """A confirmed value refers to an answer that is not there (yet)."""


def judge(
    action_id: str,
    parameters: dict,
    steps: Sequence[PlannedAction],
    registry: ActionRegistry,
    read_only: Collection[str],
    reading: Reading,
) -> Verdict:
    """Whether an executor may make this call now, within the confirmed `steps`."""
    action = registry.get(action_id)
    if action is None:
        return Verdict(False, f"there is no action {action_id!r}")
    if action_id in read_only:
        repeated = next(
            (
                s.step_number
                for s in steps
                if s.action_id == action_id and not s.executed and _matches(action, s, steps, parameters, reading)
            ),
            None,
        )
        return Verdict(True, "a lookup changes nothing", step=repeated, read_only=True)
    pending = [s for s in steps if s.action_id not in read_only and not s.executed]
    if not pending:
        return Verdict(False, "every confirmed change is already done: nothing more may be written")
    step = pending[0]
    if step.action_id != action_id:
        return Verdict(
            False,
            f"the next confirmed change is step {step.step_number} ({step.action_id}); "
            f"{action_id} is not it: steps run in their confirmed order",
        )
    try:
        confirmed = confirmed_parameters(step, steps)
    except Unresolved as missing:
        return Verdict(False, str(missing), step=step.step_number)
    problem = different_call(action, confirmed, parameters, reading)
    if problem:
        return Verdict(False, f"step {step.step_number}: {problem}", step=step.step_number)
    return Verdict(True, f"carries out step {step.step_number}", step=step.step_number)


def _matches(
    action: AtomicAction, step: PlannedAction, steps: Sequence[PlannedAction], proposed: dict, reading: Reading
) -> bool:
    try:
        return different_call(action, confirmed_parameters(step, steps), proposed, reading) is None
    except Unresolved:
        return False


def confirmed_parameters(step: PlannedAction, steps: Sequence[PlannedAction]) -> dict:
    """The step's parameters with placeholders resolved from earlier answers (an Options when several)."""
    answers = {f"step_{s.step_number}": s.result.response_data or {} for s in steps if s.executed and s.result}
    resolved = {}
    for name, value in step.parameters.items():
        if isinstance(value, dict) and set(value) == {"ask"}:
            raise Unresolved(f"step {step.step_number}: {name} still waits for the operator's answer")
        resolved[name] = _resolve(value, answers, step.step_number)
    return resolved


def may_ask(
    action: AtomicAction, step: PlannedAction, name: str, steps: Sequence[PlannedAction], reading: Reading
) -> str | None:
    """None when the operator may be asked for this value of a confirmed step; otherwise why not.

    Only a gap may be asked about: a value an earlier answer holds several times, or one that reads
    two ways. A value the operator confirmed plainly is never asked again (that would change the plan).
    """
    if step.executed:
        return f"step {step.step_number} is already done"
    if name not in step.parameters:
        return f"step {step.step_number} has no {name}; only a confirmed step's values may be asked about"
    try:
        value = confirmed_parameters(step, steps)[name]
    except Unresolved as missing:
        return f"{missing}: run the step it comes from first"
    if isinstance(value, Options):
        return None
    try:
        declared = next((p.type for p in action.parameters if p.name == name), "string")
        canonical(kind_of(name, declared), value, reading)
    except Ambiguous:
        return None
    except Unreadable:
        pass
    return f"step {step.step_number}'s {name} is {value!r}, as confirmed: nothing to ask"


def _resolve(value: Any, answers: dict[str, dict], step_number: int) -> Any:
    if not isinstance(value, str):
        return value
    whole = PLACEHOLDER.fullmatch(value.strip())
    if whole is None:
        try:
            return fill(value, answers)
        except UnresolvedPlaceholder as missing:
            raise Unresolved(f"step {step_number}: {missing}") from None
    scope, name = whole.groups()
    if scope not in answers:
        raise Unresolved(f"step {step_number}: {value} comes from {scope.replace('_', ' ')}, which has not run yet")
    found = list(_found(answers[scope], name))
    values = tuple(dict.fromkeys(v for v, _ in found))
    if not values:
        raise Unresolved(f"step {step_number}: the answer of {scope.replace('_', ' ')} holds no {name!r}")
    if len(values) == 1:
        return values[0]
    return Options(value, values, tuple(found))


def _found(answer: Any, name: str) -> Iterator[tuple[Any, dict]]:
    """Every value under the key `name` in an answer, however deeply nested, with the object holding it."""
    if isinstance(answer, dict):
        if name in answer and isinstance(answer[name], (str, int, float)):
            yield answer[name], answer
        for key, item in answer.items():
            if key != name:
                yield from _found(item, name)
    elif isinstance(answer, list):
        for item in answer:
            yield from _found(item, name)


def different_call(action: AtomicAction, confirmed: dict, proposed: dict, reading: Reading) -> str | None:
    """None when `proposed` means the confirmed call; otherwise what differs, in words the model can act on."""
    declared = {p.name: p.type for p in action.parameters}
    before = {k: v for k, v in confirmed.items() if v is not None}
    after = {k: v for k, v in proposed.items() if v is not None}
    added = sorted(set(after) - set(before))
    if added:
        return f"adds {', '.join(added)}, which the confirmed step does not have"
    left_out = sorted(set(before) - set(after))
    if left_out:
        return f"leaves out {', '.join(left_out)}, which the confirmed step has"
    for name in before:
        problem = _different_value(name, declared.get(name, "string"), before[name], after[name], reading)
        if problem:
            return problem
    return None


def _different_value(name: str, declared: str, confirmed: Any, proposed: Any, reading: Reading) -> str | None:
    if isinstance(confirmed, Options):
        shown = ", ".join(map(str, confirmed.values))
        return (
            f"{name} is {confirmed.source}, and that answer holds several ({shown}): "
            "ask the operator which one is meant"
        )
    if name in TARGET_KEYS or name in ("restaurant_id", "venue_id"):
        if str(confirmed).strip() != str(proposed).strip():
            what = "another booking" if name in TARGET_KEYS else "another venue"
            return f"{name} {proposed!r} is {what} than the confirmed {confirmed!r}"
        return None
    kind = kind_of(name, declared)
    try:
        meant = canonical(kind, confirmed, reading)
    except Ambiguous as unclear:
        readings = " or ".join(map(str, unclear.readings))
        return f"the confirmed {name} {confirmed!r} can mean {readings}: ask the operator which one"
    except Unreadable:
        meant = canonical("text", confirmed, reading)  # compared as written
        kind = "text"
    try:
        sent = canonical(kind, proposed, reading)
    except Ambiguous as unclear:
        readings = " or ".join(map(str, unclear.readings))
        return f"{name} {proposed!r} can mean {readings}: write the confirmed value {confirmed!r} unambiguously"
    except Unreadable:
        return f"{name} {proposed!r} cannot be read as a {kind}; the confirmed value is {confirmed!r}"
    if sent != meant:
        return f"{name} {proposed!r} changes the confirmed {confirmed!r} ({meant} is not {sent})"
    return None
