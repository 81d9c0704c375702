"""Contracts and assign() (remi.contracts): N6, N15, E8, E9 and worked examples."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Contract, MeldKind, Requirement, VariantError, assign
from remi.errors import Reason

SET, RUN = MeldKind.SET, MeldKind.RUN
NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")


def contract_met(contract: Contract, melds: Sequence[tuple[MeldKind, int]], *, exact: bool) -> bool:
    """A whole contract laid at once (N15): every requirement matched by one meld."""
    matched = assign(contract, melds, exact=exact)
    return matched is not None and len(matched) == len(contract)


# -- Requirement and Contract values ---------------------------------------------


def test_requirement_parse_and_str() -> None:
    assert Requirement.parse("run 4") == Requirement(RUN, 4)
    assert Requirement.parse(" SET 3 ") == Requirement(SET, 3)
    assert str(Requirement(SET, 3)) == "set 3"


@pytest.mark.parametrize("text", ["set", "set x", "heap 3", "run 0", "run -2", "", "3 set"])
def test_requirement_parse_rejects(text: str) -> None:
    with pytest.raises(VariantError) as info:
        Requirement.parse(text)
    assert info.value.reason is Reason.BAD_VARIANT


def test_contract_values() -> None:
    contract = Contract.of("set 3", "run 4", name="3-4")
    assert (str(contract), contract.size, len(contract)) == ("3-4", 7, 2)
    assert contract.requirements == (Requirement(SET, 3), Requirement(RUN, 4))
    assert str(Contract.of("set 3", "run 4")) == "set 3 + run 4"
    assert Contract([Requirement(SET, 3)]) == Contract((Requirement(SET, 3),))
    with pytest.raises(VariantError):
        Contract(())


@pytest.mark.parametrize(
    ("kind", "size", "field"),
    [
        ("set", 3, "kind"),  # wrong type
        (None, 3, "kind"),
        (SET, "3", "size"),
        (SET, 3.0, "size"),
        (SET, None, "size"),
        (RUN, True, "size"),  # a bool is not a size
        (RUN, 0, "size"),  # out of range
        (RUN, -4, "size"),
    ],
)
def test_requirement_is_checked_when_built(kind: object, size: object, field: str) -> None:
    with pytest.raises(VariantError) as info:
        Requirement(kind, size)  # type: ignore[arg-type]
    assert info.value.reason is Reason.BAD_VARIANT
    assert str(info.value).startswith(f"a requirement's {field} must be")


@pytest.mark.parametrize(
    ("requirements", "name", "expected"),
    [
        (None, "", "a contract's requirements must be a sequence"),  # wrong type
        (Requirement(SET, 3), "", "a contract's requirements must be a sequence"),
        ("set 3", "", "a contract's requirements must be a sequence"),
        (["set 3"], "", "a contract's requirements must be Requirement values"),
        ([(SET, 3)], "", "a contract's requirements must be Requirement values"),
        ([Requirement(SET, 3)], 5, "a contract's name must be a string"),
        ([Requirement(SET, 3)], None, "a contract's name must be a string"),
        ((), "", "a contract needs at least one requirement"),  # out of range
    ],
)
def test_contract_is_checked_when_built(requirements: object, name: object, expected: str) -> None:
    with pytest.raises(VariantError) as info:
        Contract(requirements, name)  # type: ignore[arg-type]
    assert info.value.reason is Reason.BAD_VARIANT
    assert str(info.value).startswith(expected)


# -- assign: minimum sizes (Norwegian) -------------------------------------------


def test_N6_sizes_are_minimums() -> None:
    three_four = NORWEGIAN.contracts[1]
    assert not NORWEGIAN.contracts.exact_sizes
    assert assign(three_four, [(SET, 3), (RUN, 4)], exact=False) == (0, 1)
    assert assign(three_four, [(RUN, 9), (SET, 5)], exact=False) == (1, 0)
    assert assign(three_four, [(SET, 2), (RUN, 4)], exact=False) is None
    assert assign(three_four, [(SET, 3), (RUN, 3)], exact=False) is None


def test_NX8_four_card_set_fulfils_a_three() -> None:
    assert contract_met(NORWEGIAN.contracts[0], [(SET, 4), (SET, 3)], exact=NORWEGIAN.contracts.exact_sizes)


def test_NX6_two_sets_do_not_make_3_4() -> None:
    assert assign(NORWEGIAN.contracts[1], [(SET, 3), (SET, 3)], exact=False) is None
    assert assign(NORWEGIAN.contracts[1], [(SET, 4), (SET, 3)], exact=False) is None


def test_NX7_one_run_is_not_the_whole_4_4() -> None:
    assert not NORWEGIAN.contracts.piecemeal
    assert not contract_met(NORWEGIAN.contracts[2], [(RUN, 4)], exact=False)
    assert contract_met(NORWEGIAN.contracts[2], [(RUN, 4), (RUN, 5)], exact=False)


def test_N15_no_melds_beyond_the_contract() -> None:
    assert assign(NORWEGIAN.contracts[0], [(SET, 3), (SET, 3), (SET, 3)], exact=False) is None
    assert assign(NORWEGIAN.contracts[0], [(SET, 3), (RUN, 4)], exact=False) is None


def test_assign_backtracks() -> None:
    contract = Contract.of("set 3", "set 4")
    # The first meld fits either requirement; only one choice leaves room for the second.
    assert assign(contract, [(SET, 4), (SET, 3)], exact=False) == (1, 0)
    assert assign(contract, [(SET, 3), (SET, 4)], exact=False) == (0, 1)
    assert assign(contract, [(SET, 3), (SET, 3)], exact=False) is None


# -- assign: exact sizes and piecemeal (English) -----------------------------------


def test_E9_exact_sizes() -> None:
    game1 = ENGLISH.contracts[0]
    assert ENGLISH.contracts.exact_sizes
    assert assign(game1, [(RUN, 4), (SET, 3)], exact=True) == (0, 1)
    assert assign(game1, [(SET, 3), (RUN, 4)], exact=True) == (1, 0)
    assert assign(game1, [(RUN, 5), (SET, 3)], exact=True) is None
    assert assign(game1, [(RUN, 4), (SET, 4)], exact=True) is None


def test_EX3_piecemeal() -> None:
    game1 = ENGLISH.contracts[0]
    assert ENGLISH.contracts.piecemeal
    first = assign(game1, [(RUN, 4)], exact=True)
    assert first == (0,)
    second = assign(game1, [(SET, 3)], exact=True, done=first)
    assert second == (1,)
    assert len(first) + len(second) == len(game1)  # complete


def test_E8_done_requirements_cannot_be_reused() -> None:
    game1 = ENGLISH.contracts[0]
    assert assign(game1, [(RUN, 4)], exact=True, done={0}) is None
    assert assign(game1, [(SET, 3)], exact=True, done={0, 1}) is None
    assert assign(game1, [], exact=True, done={0, 1}) == ()
    two_runs = ENGLISH.contracts[2]
    assert assign(two_runs, [(RUN, 4)], exact=True) == (0,)
    assert assign(two_runs, [(RUN, 4)], exact=True, done={0}) == (1,)
    assert assign(two_runs, [(RUN, 4)], exact=True, done=(0, 1)) is None


def test_EX5_game_two_contract_refuses_game_one_melds() -> None:
    melds = [(RUN, 4), (SET, 3)]
    assert assign(ENGLISH.contracts[1], melds, exact=True) is None
    assert assign(ENGLISH.contracts[0], melds, exact=True) == (0, 1)


def test_EX9_two_runs_of_five() -> None:
    assert contract_met(ENGLISH.contracts[5], [(RUN, 5), (RUN, 5)], exact=True)
    assert not contract_met(ENGLISH.contracts[5], [(RUN, 5), (RUN, 6)], exact=True)


# -- assign against a brute-force reference ---------------------------------------

requirements = st.lists(
    st.builds(Requirement, st.sampled_from(MeldKind), st.integers(3, 6)), min_size=1, max_size=4
)
melds = st.lists(st.tuples(st.sampled_from(MeldKind), st.integers(2, 7)), max_size=4)


def fits(requirement: Requirement, meld: tuple[MeldKind, int], exact: bool) -> bool:
    kind, size = meld
    return kind is requirement.kind and (size == requirement.size if exact else size >= requirement.size)


def reference_exists(
    reqs: Sequence[Requirement], proposed: Sequence[tuple[MeldKind, int]], exact: bool, done: Collection[int]
) -> bool:
    open_ = [i for i in range(len(reqs)) if i not in done]
    return any(
        all(fits(reqs[i], meld, exact) for i, meld in zip(choice, proposed, strict=True))
        for choice in itertools.permutations(open_, len(proposed))
    )


@settings(max_examples=400, deadline=None)
@given(reqs=requirements, proposed=melds, exact=st.booleans(), data=st.data())
def test_assign_matches_brute_force(
    reqs: list[Requirement], proposed: list[tuple[MeldKind, int]], exact: bool, data: st.DataObject
) -> None:
    done = data.draw(st.sets(st.integers(0, len(reqs) - 1)))
    result = assign(Contract(reqs), proposed, exact=exact, done=done)
    assert (result is not None) == reference_exists(reqs, proposed, exact, done)
    if result is not None:
        assert len(result) == len(proposed)
        assert len(set(result)) == len(result)
        assert not set(result) & done
        assert all(fits(reqs[i], meld, exact) for i, meld in zip(result, proposed, strict=True))


@pytest.mark.parametrize("text", ["set ３", "run 1_0", "set ²", "run 4.0", "set 3 3", "run " + "4" * 5000])
def test_requirement_text_takes_ascii_digits_only(text: str) -> None:
    """``int()`` read "３" and "1_0" as numbers, and raised a plain ValueError past 4,300 digits."""
    with pytest.raises(VariantError, match="is not a requirement"):
        Requirement.parse(text)
