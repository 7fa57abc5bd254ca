"""How `deckdsl lsp` keeps the garbage collector off an edit's path (`deckdsl.editor.lsp._paused_gc`): what an
analysis leaves is frozen, so no collection traverses it after every edit, and the cyclic garbage that
freezing keeps is collected in full once the server has been idle after enough analyses.

The end-to-end figures (latency after an edit with a 10,000-card deck open) are `bench/bench_lsp.py`'s."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from deckdsl.editor import lsp


class _Linked:
    """An object that can be part of a reference cycle and be watched through a weak reference."""

    other: object = None


def _cycle() -> weakref.ref:
    first, second = _Linked(), _Linked()
    first.other, second.other = second, first
    return weakref.ref(first)


@pytest.fixture
def thawed():
    """Leave the test process's collector as it was: nothing frozen, collection on."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()


def test_what_an_analysis_leaves_is_frozen_and_a_full_collection_frees_its_cycles(thawed):
    gc.collect()
    with lsp._paused_gc(freeze=True):
        assert not gc.isenabled()
        watched = _cycle()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    gc.collect()
    assert watched() is not None  # frozen: no collection traverses it, so its cycle waits
    lsp._collect_all()
    assert watched() is None
    assert gc.get_freeze_count() > 0  # what lives on is frozen again


def test_without_freeze_the_pause_leaves_the_collector_as_it_was(thawed):
    gc.unfreeze()
    with lsp._paused_gc():
        watched = _cycle()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert watched() is None


def test_a_full_collection_waits_for_enough_analyses_and_for_quiet(monkeypatch, thawed):
    monkeypatch.setattr(lsp, "COLLECT_AFTER", 3)
    monkeypatch.setattr(lsp, "COLLECT_IDLE", 0.05)
    collections: list[int] = []
    monkeypatch.setattr(lsp, "_collect_all", lambda: collections.append(1))

    async def scenario() -> None:
        server = lsp.DeckServer()
        try:
            for _ in range(2):
                server._analysed()
            await asyncio.sleep(0.2)
            assert collections == []  # not enough analyses yet
            server._analysed()
            server.changed("file:///nowhere.deck", 10.0)  # a change puts the collection off
            await asyncio.sleep(0.2)
            assert collections == []
            server._analysed()
            for _ in range(600):  # the idle timer, then the worker: polled, not timed
                if collections:
                    break
                await asyncio.sleep(0.05)
            assert collections == [1] and server.analyses == 0
            server._analysed()
            await asyncio.sleep(0.2)
            assert collections == [1]  # counted again from zero
        finally:
            for schedule in server.schedules.values():
                if schedule.task is not None:
                    schedule.task.cancel()
            server.worker.shutdown(wait=True)

    asyncio.run(scenario())
