"""House-rule options (variants.md): a schema per rules module and the checked, read-only
mapping a state keeps (``state.options``, every key present)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game.protocol.base import OptionSpec, OptionValue
from game.rules.errors import RulesError

__all__ = [
    "BadOptionError",
    "Option",
    "OptionSpec",
    "OptionValue",
    "Options",
    "boolean",
    "choice",
    "resolve",
    "schema_dict",
]


class BadOptionError(RulesError):
    """An unknown option key, or a value of the wrong type or out of range; ``code`` is
    ``"bad_option"`` and ``key`` names the key (variants.md "API")."""

    code = "bad_option"

    def __init__(self, message: str, key: object) -> None:
        super().__init__(message)
        self.key = key
        self.reason = "bad_option"
        self.details = {"key": str(key)}


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its ``type`` (bool, int or str), ``default`` and ``allowed`` values."""

    id: str
    type: type
    default: OptionValue
    allowed: tuple[OptionValue, ...]

    def as_dict(self) -> OptionSpec:
        return {
            "id": self.id,
            "type": self.type.__name__,
            "default": self.default,
            "allowed": list(self.allowed),
        }


def boolean(option_id: str, default: bool) -> Option:
    return Option(option_id, bool, default, (False, True))


def choice(option_id: str, default: OptionValue, *allowed: OptionValue) -> Option:
    return Option(option_id, type(default), default, tuple(allowed))


class Options(Mapping[str, Any]):  # Any: each key's value is of the type its schema says
    """A read-only mapping of option key to value with every key of its schema present. A
    value's type is its key's (the schema's ``type``), so a read is ``Any`` to the checker."""

    __slots__ = ("_values", "schema")

    def __init__(self, values: dict[str, OptionValue], schema: Mapping[str, Option]) -> None:
        self._values = dict(values)
        self.schema = schema

    def __getitem__(self, key: str) -> Any:  # Any: as the class says
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._values) == dict(other)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def non_default(self) -> dict[str, OptionValue]:
        """The options that differ from their default."""
        return {k: v for k, v in self._values.items() if v != self.schema[k].default}

    def as_dict(self) -> dict[str, OptionValue]:
        return dict(self._values)


def schema_dict(schema: Mapping[str, Option]) -> dict[str, OptionSpec]:
    """The ``options_schema()`` answer: key -> {type, default, allowed}."""
    return {key: option.as_dict() for key, option in schema.items()}


def resolve(schema: Mapping[str, Option], options: Mapping[str, object] | None) -> Options:
    """Every key of ``schema`` with its value from ``options`` (missing or None: the default);
    raises BadOptionError naming the key for an unknown key or a bad value."""
    if isinstance(options, Options) and options.schema is schema:
        return options
    if options is not None and not isinstance(options, Mapping):
        raise BadOptionError(f"options must be a mapping of key to value, not {options!r:.60}", "")
    given = dict(options or {})
    values: dict[str, OptionValue] = {}
    for key in given:
        if key not in schema:
            known = ", ".join(schema) or "none"
            raise BadOptionError(f"unknown option {key!r:.40} (known: {known})", key)
    for key, option in schema.items():
        value = given.get(key)
        if value is None:
            value = option.default
        # bool is an int: an int option refuses True/False, a bool option refuses 0/1.
        if type(value) is not option.type or value not in option.allowed:
            allowed = ", ".join(repr(a) for a in option.allowed)
            raise BadOptionError(f"option {key!r} must be one of {allowed}, not {value!r:.40}", key)
        values[key] = value
    return Options(values, schema)
