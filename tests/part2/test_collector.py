"""full_collections_held: full collections wait, young ones do not, and the collector is left as it was."""

import gc

from handoffs.part2.collector import HELD, full_collections_held


def test_holds_only_the_full_collections_and_restores_the_thresholds():
    before = gc.get_threshold()
    with full_collections_held():
        held = gc.get_threshold()
        assert held[:2] == before[:2] and held[2] == HELD
    assert gc.get_threshold() == before


def test_nested_blocks_hold_until_the_outer_one_ends():
    before = gc.get_threshold()
    with full_collections_held():
        with full_collections_held():
            pass
        assert gc.get_threshold()[2] == HELD
    assert gc.get_threshold() == before


def test_restores_even_when_the_block_raises():
    before = gc.get_threshold()
    try:
        with full_collections_held():
            raise RuntimeError("a session failed")
    except RuntimeError:
        pass
    assert gc.get_threshold() == before


def test_a_threshold_changed_inside_the_block_is_kept():
    before = gc.get_threshold()
    try:
        with full_collections_held():
            gc.set_threshold(before[0], before[1], 5)
        assert gc.get_threshold()[2] == 5
    finally:
        gc.set_threshold(*before)


def test_young_cycles_are_still_collected_while_held():
    class Node:
        pass

    collected = []

    def count(phase, info):
        if phase == "stop":
            collected.append((info["generation"], info["collected"]))

    gc.callbacks.append(count)
    try:
        with full_collections_held():
            for _ in range(20000):  # cycles made and dropped: the young collections find them
                a, b = Node(), Node()
                a.other, b.other = b, a
    finally:
        gc.callbacks.remove(count)
    assert any(generation < 2 and found for generation, found in collected)
    assert all(generation < 2 for generation, _ in collected)


def test_a_disabled_collector_stays_disabled():
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        with full_collections_held():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        if was_enabled:
            gc.enable()


async def test_a_crowd_holds_full_collections_while_its_sessions_run_and_restores_them():
    from handoffs.models import OfflineModelClient
    from handoffs.part2.crowd import crowd_scripts, find_crossings, run_crowd

    before = gc.get_threshold()
    seen = []
    scripts = crowd_scripts(4)
    crowd = await run_crowd(scripts, model_client=OfflineModelClient(),
                            on_finished=lambda result: seen.append(gc.get_threshold()[2]))
    assert seen == [HELD] * 4 and gc.get_threshold() == before
    assert find_crossings(crowd, scripts).none
