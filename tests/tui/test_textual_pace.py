"""What tests/textual_pace.py relies on in Textual: the pilot waits for a quiet app in
`wait_for_idle`, which reads its window (`SLEEP_GRANULARITY`) each time it sleeps."""

from __future__ import annotations

import inspect

from textual_pace import GRANULARITY, idle_module


def test_the_pilot_waits_in_windows_of_the_paced_length():
    module = idle_module()
    assert module is not None, "Textual no longer has textual._wait: see tests/textual_pace.py"
    assert module.SLEEP_GRANULARITY == GRANULARITY  # set by tests/conftest.py
    source = inspect.getsource(module.wait_for_idle)
    assert "await sleep(SLEEP_GRANULARITY)" in source and "SLEEP_IDLE" in source, source
    from textual import pilot

    assert pilot.wait_for_idle is module.wait_for_idle
