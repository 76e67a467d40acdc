"""The CrossHair driver's time budget, shared by modules checked side by side."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "crosshair_check.py"


@pytest.fixture(scope="module")
def driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crosshair_check", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_two_lanes_give_each_condition_more_time_than_one(driver: ModuleType) -> None:
    overhead = driver.OVERHEAD
    # 10 modules of 100 conditions each; 2,000 s beyond their start-up time
    seconds = 10 * overhead + 2000.0
    shares = []
    for lanes in (1, 2):
        budget = driver.Budget(time.monotonic() + seconds, lanes, 1000, 10)
        started = budget.start(100, 10.0)
        assert started is not None
        shares.append(started[0])
    assert shares[0] == pytest.approx(2.0, abs=0.05)  # 2,000 s over 1,000 conditions
    # two lanes: twice the seconds, less the start-up time of each module
    assert shares[1] == pytest.approx((2 * seconds - 10 * overhead) / 1000, abs=0.05)


def test_a_condition_gets_the_same_time_on_two_lanes_in_half_the_run(driver: ModuleType) -> None:
    modules = driver.modules_with_contracts()
    assert len(modules) > 2
    one, two = (driver.shared_budget(1200.0, lanes, modules) for lanes in (1, 2))
    assert two.deadline - time.monotonic() == pytest.approx(600.0, abs=5.0)
    first = max(modules, key=driver.conditions)
    n = driver.conditions(first)
    per_condition = [b.start(n, 10.0)[0] for b in (one, two)]
    assert per_condition[0] == pytest.approx(per_condition[1], rel=0.02)


def test_a_module_with_no_time_left_is_not_checked(driver: ModuleType) -> None:
    budget = driver.Budget(time.monotonic() + driver.OVERHEAD / 2, 2, 10, 1)
    checked = driver.check_module("reference/core/cards.py", budget, 10.0)
    assert checked.skipped and not checked.lines


def test_the_per_condition_time_never_exceeds_the_asked_time(driver: ModuleType) -> None:
    budget = driver.Budget(time.monotonic() + 10_000.0, 2, 10, 2)
    started = budget.start(5, 3.0)
    assert started is not None and started[0] == 3.0
    assert budget.conditions_left == 5 and budget.modules_left == 1


def test_jobs_must_be_positive(driver: ModuleType) -> None:
    with pytest.raises(SystemExit):
        driver.main(["--jobs", "0"])
