"""One check for the scripts' sidecars: the actual JSON holds everything the wanted JSON says."""

from __future__ import annotations

from typing import Any


def contains(actual: Any, wanted: Any, where: str = "view") -> None:
    """Assert that `actual` holds everything in `wanted`: objects key by key, lists item by item.

    A list of options ({"value": ...}) shorter than the actual list is found by value: a
    sidecar names the options it checks among all of a pad's.
    """
    if isinstance(wanted, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in wanted.items():
            assert key in actual, f"{where}: missing {key!r}"
            contains(actual[key], value, f"{where}.{key}")
    elif (isinstance(wanted, list) and isinstance(actual, list) and wanted and isinstance(wanted[0], dict)
          and "value" in wanted[0] and len(actual) != len(wanted)):
        for item in wanted:
            match = next((a for a in actual if isinstance(a, dict) and a.get("value") == item["value"]), None)
            assert match is not None, f"{where}: no option {item['value']!r}"
            contains(match, item, f"{where}[{item['value']}]")
    elif isinstance(wanted, list):
        assert isinstance(actual, list) and len(actual) == len(wanted), f"{where}: {actual!r} != {wanted!r}"
        for i, (a, w) in enumerate(zip(actual, wanted)):
            contains(a, w, f"{where}[{i}]")
    else:
        assert actual == wanted, f"{where}: {actual!r} != {wanted!r}"
