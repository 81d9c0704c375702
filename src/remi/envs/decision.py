"""One seat's choice of a remi action, made step by step through the encoding's action space.

A :class:`Decision` holds the remi actions still open to the seat to act and
the abstract actions (steps, see :mod:`remi.envs.encoding`) chosen so far.
:meth:`Decision.choose` takes one step: it returns the remi action once the
steps name one, or the decision that follows. The allowed steps are exactly
the next steps of the open actions, so every allowed step leads on to a
legal remi action, and every legal remi action is reached by its steps
(:meth:`Encoding.steps <remi.envs.encoding.Encoding.steps>`). A step that is
the only choice is taken at once, and once one remi action is left it is
the choice.

The first step reads the listing once, without generating the lay-downs:
``go down`` is allowed if the listing holds one (the engine finds the first
as it lists the state); the few swaps, lay-offs and discards are read at
once. Once the seat chooses ``go down``, its lay-downs are generated; where
they are more than :data:`FEW_LAYDOWNS`, the engine's tree of them
(:func:`remi._engine.listing.laydown_tree`) gives the melds that can come
next instead, meld by meld, so no more are generated but the one chosen
(unless the variant's contracts check more than the tree does: a
contract-level rule not said prefix-closed, a piecemeal contract).

>>> import remi
>>> from remi.envs.decision import Decision
>>> from remi.envs.encoding import Step, encoding
>>> game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
...                      hands=["5C 5D 5H KS KD KH 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
>>> game = game.apply(remi.actions.DRAW).apply(remi.actions.PASS)
>>> code = encoding("norwegian", 2)
>>> decision = Decision.start(code, game)
>>> [code.name(step) for step in decision.allowed][:3]
['go down', 'discard 3S', 'discard KS']
>>> chosen = decision.choose(Step.GO_DOWN)
>>> str(chosen)  # the only lay-down: chosen at once
'down set KS KH KD; set 5H 5D 5C'

.. versionadded:: 0.3.0
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import cast

import numpy as np

from remi._engine.listing import laydown_tree
from remi._engine.values import Phase
from remi._search.generate import LaydownTree
from remi._util import printable
from remi.actions import Action, Discard, LayDown, LayOff, SwapJoker
from remi.envs.encoding import Encoding, Mask, Step
from remi.errors import IllegalActionError, Reason, RemiError
from remi.melds import MeldKind
from remi.state import GameState, LegalActions

__all__ = ["FEW_LAYDOWNS", "Decision"]

_Option = tuple[tuple[int, ...], Action]  # an open remi action, with its steps
#: The lay-downs a seat going down may have for them to be listed whole; with more, the lay-down is built
#: meld by meld from the tree of lay-downs. (Listing a few costs less than the tree's searches: a median of
#: 69 µs against 102 µs per ``go down`` in two-player Norwegian random play; listing thousands costs far more.)
FEW_LAYDOWNS = 64
_NOT_LAYDOWNS = (SwapJoker, LayOff, Discard)
#: The first steps, allowed steps and mask of the small phases' listings (draw or take; pass or buy), by
#: action-space size and the listing's action classes: they are the same in every state that lists them.
_SMALL: dict[tuple[int, tuple[type, ...]], tuple[Mapping[int, Sequence[Action]], tuple[int, ...], Mask]] = {}


class Decision:
    """The choice of the seat to act in one state: the open remi actions and the steps taken.

    Build the first with :meth:`start`; each :meth:`choose` that does not complete a remi
    action returns the next.

    Attributes:
        code: The encoding.
        state: The state the seat chooses in.
        seat: The seat to act.
        taken: The steps taken so far (empty before the first).
        allowed: The steps allowed now, ascending.

    .. versionadded:: 0.3.0
    """

    __slots__ = ("_firsts", "_mask", "_options", "allowed", "code", "seat", "state", "taken")

    def __init__(self, code: Encoding, state: GameState, taken: tuple[int, ...],
                 options: list[_Option] | None, firsts: Mapping[int, Sequence[Action]] | None,
                 allowed: tuple[int, ...] | None = None, mask: Mask | None = None) -> None:
        seat = state.to_act
        if seat is None:
            raise RemiError("the match is over: no seat chooses an action", Reason.GAME_OVER)
        self.code = code
        self.state = state
        self.seat: int = seat
        self.taken = taken
        self._options = options
        self._firsts = firsts
        self._mask = mask  # (known already, for the small phases: handed out as copies)
        if allowed is not None:  # (known already: the options' next steps, ascending)
            self.allowed: tuple[int, ...] = allowed
        elif firsts is not None:
            self.allowed = tuple(sorted(firsts))
        else:
            assert options is not None
            depth = len(taken)
            self.allowed = tuple(sorted({steps[depth] for steps, _ in options}))

    @classmethod
    def start(cls, code: Encoding, state: GameState) -> Decision:
        """The decision of ``state``'s seat to act, before its first step."""
        legal = state.legal_actions()
        if state.phase is not Phase.PLAY:
            return cls._small(code, state, legal)
        seat = state.to_act
        assert seat is not None
        if state.variant.melds_needed[state.levels[seat] - 1] == len(state.laid[seat]):  # down: no lay-down
            return cls(code, state, (), None, code.first_steps(legal))
        return cls(code, state, (), None, _play_firsts(code, legal))

    @classmethod
    def _small(cls, code: Encoding, state: GameState, legal: LegalActions) -> Decision:
        """The decision of a small phase (draw or take; pass or buy): its steps and mask are kept per listing."""
        key = (code.size, tuple(map(type, legal)))  # (one action of each class: Draw, Take, Pass, Buy)
        known = _SMALL.get(key)
        if known is None:
            firsts = code.first_steps(legal)
            allowed = tuple(sorted(firsts))
            _SMALL[key] = known = (firsts, allowed, _new_mask(code.size, allowed))
        return cls(code, state, (), None, *known)

    def in_state(self, state: GameState) -> Decision:
        """This decision, with the steps taken, in ``state``: a state where the seat has the same legal actions.

        (A determinized state of the seat's view, say: the open remi actions stay open there.)
        """
        moved = copy.copy(self)
        moved.state = state
        return moved

    def mask(self) -> Mask:
        """The action mask now (``int8``, 1 = allowed; a new array each call)."""
        if self._mask is not None:
            return self._mask.copy()
        # (built anew: a hand's discards vary, and nine play-phase masks in ten were met only once)
        return _new_mask(self.code.size, self.allowed)

    def choose(self, step: int) -> Action | Decision:
        """Take ``step``: the remi action it completes, or the decision that follows.

        Raises:
            RemiError: With reason ``ILLEGAL`` if ``step`` is not allowed now
                (the sentence names it and the allowed steps).
        """
        if type(step) is int:  # (the usual case, checked first)
            index = step
        else:
            index = int(step) if isinstance(step, (int, np.integer)) and not isinstance(step, bool) else -1
        self._check_allowed(step, index)
        return self._take(index)

    def _take(self, index: int) -> Action | Decision:
        """Take the allowed step ``index`` (checked already: an environment checks it with its own sentence)."""
        code = self.code
        if self._firsts is not None:
            group = self._firsts[index]
            if index == Step.GO_DOWN:  # the lay-downs, generated now (iter: no length asked, which a huge
                # listing refuses); past a few, meld by meld instead: only the melds that can come next
                laydowns = iter(group)
                group = list(islice(laydowns, FEW_LAYDOWNS + 1))
                if len(group) > FEW_LAYDOWNS and (tree := laydown_tree(self.state)) is not None:
                    return _LayingDown.begun(code, self.state, tree)
                group += laydowns
            if len(group) == 1:
                return group[0]
            options = [(code.steps(action), action) for action in group]
        else:
            assert self._options is not None
            depth = len(self.taken)
            options = [option for option in self._options if option[0][depth] == index]
            if len(options) == 1:
                return options[0][1]
        return self._forced((*self.taken, index), options)

    def _check_allowed(self, step: object, index: int) -> None:
        """Refuse ``step`` (read as ``index``) unless it is allowed now, naming it and the allowed steps."""
        if index not in self.allowed:
            raise IllegalActionError(f"action {printable(step)} is not allowed now (seat {self.seat} may choose "
                                     f"{', '.join(self.code.name(allowed) for allowed in self.allowed)})",
                                     Reason.ILLEGAL)

    def _forced(self, taken: tuple[int, ...], options: list[_Option]) -> Decision:
        """The decision after ``taken``, having taken every step that is the only choice."""
        depth = len(taken)
        while True:
            following = {steps[depth] for steps, _ in options}
            if len(following) > 1:
                return Decision(self.code, self.state, taken, options, None, tuple(sorted(following)))
            taken = (*taken, following.pop())
            depth += 1

    def outcomes(self, step: int) -> tuple[Action, ...]:
        """The remi actions that ``step`` may lead to (an allowed step leads to one at least).

        ``go down`` lists every lay-down of the seat.
        """
        if step not in self.allowed:
            return ()
        if self._firsts is not None:
            return tuple(iter(self._firsts[step]))  # (iter: no length asked, which a huge listing refuses)
        assert self._options is not None
        depth = len(self.taken)
        return tuple(action for steps, action in self._options if steps[depth] == step)

    def __repr__(self) -> str:
        taken = ", ".join(self.code.name(step) for step in self.taken)
        return f"<Decision of seat {self.seat}: taken [{taken}], {len(self.allowed)} allowed>"


class _LayingDown(Decision):
    """A lay-down chosen meld by meld from the engine's tree of the seat's lay-downs (``go down`` taken).

    The melds that can come next are looked for once per meld
    (:meth:`LaydownTree.melds_after <remi._search.generate.LaydownTree.melds_after>`),
    and the cards chosen for the meld being built narrow them. The steps and
    the mask are those of the listed lay-downs: each meld's kind (the
    contract's, in order: never a choice), its cards in order, and after the
    last meld ``done``.
    """

    __slots__ = ("_built", "_depth", "_following", "_tree")

    def __init__(self, code: Encoding, state: GameState, taken: tuple[int, ...], tree: LaydownTree,
                 built: tuple[tuple[int, ...], ...], depth: int, following: list[_Meld],
                 allowed: tuple[int, ...]) -> None:
        super().__init__(code, state, taken, None, None, allowed)
        self._tree = tree
        self._built = built  # the melds complete (card indices)
        self._depth = depth  # the cards of the meld being built so far
        self._following = following  # the melds it may become (its cards so far begin each), with their steps

    @classmethod
    def begun(cls, code: Encoding, state: GameState, tree: LaydownTree) -> Action | Decision:
        """The choice once ``go down`` is taken, and the first meld's kind."""
        first = _with_steps(code, tree.melds_after(()))
        return cls._settled(code, state, tree, (_GO_DOWN, _KIND_STEPS[tree.plan[0][0]]), (), 0, first)

    @classmethod
    def _settled(cls, code: Encoding, state: GameState, tree: LaydownTree, taken: tuple[int, ...],
                 built: tuple[tuple[int, ...], ...], depth: int, following: list[_Meld]) -> Action | Decision:
        """The choice here, every step that is the only choice taken (the lay-down itself, once one is left)."""
        while True:
            allowed = _next_steps(tree, len(built), depth, following)
            if len(allowed) > 1:
                return cls(code, state, taken, tree, built, depth, following, allowed)
            step = allowed[0]
            taken = (*taken, step)
            if step == _DONE:
                return tree.laydown((*built, _complete(following, depth)))
            built, depth, following = _advanced(code, tree, built, depth, following, step)

    def _take(self, index: int) -> Action | Decision:
        """Take the allowed step ``index``: the lay-down it completes, or the decision that follows."""
        if index == _DONE:
            return self._tree.laydown((*self._built, _complete(self._following, self._depth)))
        built, depth, following = _advanced(self.code, self._tree, self._built, self._depth, self._following,
                                            index)
        return self._settled(self.code, self.state, self._tree, (*self.taken, index), built, depth, following)

    def outcomes(self, step: int) -> tuple[Action, ...]:
        """The lay-downs that ``step`` may lead to (found by taking it, and every step after it)."""
        if step not in self.allowed:
            return ()
        outcome = self.choose(step)
        if not isinstance(outcome, Decision):
            return (outcome,)
        return tuple(action for following in outcome.allowed for action in outcome.outcomes(following))


#: A meld the one being built may become: its card indices and the steps that add them.
_Meld = tuple[tuple[int, ...], tuple[int, ...]]
_GO_DOWN, _DONE = int(Step.GO_DOWN), int(Step.DONE)
#: The step beginning a meld of each kind.
_KIND_STEPS = {MeldKind.SET: int(Step.SET), MeldKind.RUN: int(Step.RUN)}


def _with_steps(code: Encoding, melds: list[tuple[int, ...]]) -> list[_Meld]:
    """``melds`` (card indices), each with the steps that add its cards."""
    return [(cards, code.meld_card_steps(cards)) for cards in melds]


def _next_steps(tree: LaydownTree, built: int, depth: int, following: list[_Meld]) -> tuple[int, ...]:
    """The steps allowed with ``built`` melds complete and ``depth`` cards of the next: cards, or its end.

    A meld whose cards are all chosen ends with the next meld's kind, or
    ``done`` after the last meld.
    """
    plan = tree.plan
    end = _DONE if built + 1 == len(plan) else _KIND_STEPS[plan[built + 1][0]]
    assert following, "the tree holds no lay-down the listing holds"
    return tuple(sorted({steps[depth] if len(steps) > depth else end for _, steps in following}))


def _complete(following: list[_Meld], depth: int) -> tuple[int, ...]:
    """The meld of ``following`` whose cards are all chosen, ``depth`` of them."""
    return next(cards for cards, _ in following if len(cards) == depth)


def _advanced(code: Encoding, tree: LaydownTree, built: tuple[tuple[int, ...], ...], depth: int,
              following: list[_Meld], step: int) -> tuple[tuple[tuple[int, ...], ...], int, list[_Meld]]:
    """The melds complete, the depth and the melds the one being built may become, after ``step`` (not ``done``)."""
    if step in _KIND_STEPS.values():  # the meld built is complete: the next begins
        built = (*built, _complete(following, depth))
        return built, 0, _with_steps(code, tree.melds_after(built))
    return built, depth + 1, [meld for meld in following if len(meld[1]) > depth and meld[1][depth] == step]


def _new_mask(size: int, allowed: tuple[int, ...]) -> Mask:
    """The mask of ``size`` actions allowing ``allowed`` (built byte by byte: cheaper than numpy's indexing)."""
    marks = bytearray(size)
    for step in allowed:
        marks[step] = 1
    return np.frombuffer(marks, np.int8)


def _play_firsts(code: Encoding, legal: LegalActions) -> Mapping[int, Sequence[Action]]:
    """The first steps of a play phase's listing: its swaps, lay-offs and discards, and ``go down``.

    ``go down`` keeps the listing narrowed to the lay-downs, not yet
    generated (the engine found the first, if any, as it listed the state).
    """
    laydowns = legal.only(LayDown)
    if not laydowns:  # the listing is known whole: read it as it is
        return code.first_steps(legal)
    # (a new dict, which the decision owns: the lay-downs join the lists of the other first steps)
    firsts = cast("dict[int, Sequence[Action]]", code.first_steps(legal.only(*_NOT_LAYDOWNS)))
    firsts[int(Step.GO_DOWN)] = laydowns
    return firsts
