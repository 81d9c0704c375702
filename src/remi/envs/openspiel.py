"""An OpenSpiel game for every variant: ``python_remi``.

:func:`register` registers the game with pyspiel; then
``pyspiel.load_game("python_remi", {"variant": "english", "players": 3})``
loads it. It is sequential, imperfect-information and explicitly
stochastic: the first states are chance nodes that draw the match seed a
few bits at a time (at most 1,024 outcomes each), and the seed fixes the
first dealer, the shuffle of every deal and every rebuilt stock. The
players' actions and observations are those of :mod:`remi.envs.encoding`;
the observation tensor is its vector (without the hand for a public
observer). The game is zero-sum, with a reward at every step (the zero-sum
rewards of a deal that just ended, or of the episode's end), or at the end
only with ``reward_model="terminal"``.

Each seat has an information state with perfect recall, as a string: its
view of the state (its hand, the table, the top discard, the hand sizes and
scores) and every event of the match as it saw them
(:attr:`PlayerView.history <remi.PlayerView.history>`: the public events
and its own draws). :meth:`RemiState.resample_from_infostate` deals a state
the seat cannot tell from the real one (:func:`remi.determinize`).

Parameters:

* ``variant`` (string, default ``"norwegian"``): a registered variant's name;
* ``players`` (int, default 4);
* ``reward`` (string, ``"deal"`` or ``"match"``, default ``"deal"``);
* ``deals`` (int, default 1): the deals an episode lasts at most (the match
  ends sooner in a fixed-round variant with fewer rounds);
* ``seeds`` (int, default 0): the number of match seeds, drawn uniformly;
  0 draws one of 2**64 seeds, over seven chance nodes;
* ``reward_model`` (string, ``"rewards"`` or ``"terminal"``, default
  ``"rewards"``): the declared :class:`pyspiel.GameType.RewardModel`; with
  ``"terminal"`` every reward comes at the end, as OpenSpiel's ``MCTSBot``
  wants.

The game must be bounded, so a variant without a
:attr:`~remi.Match.turn_limit` is refused.

>>> import pyspiel
>>> from remi.envs.openspiel import register
>>> register()
>>> game = pyspiel.load_game("python_remi", {"players": 3})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(len(state.chance_outcomes()) - 1)
>>> [state.action_to_string(action) for action in state.legal_actions()]
['draw', 'take']

.. versionadded:: 0.2.0

.. versionchanged:: 0.3.0
   The seed is drawn over several chance nodes of at most 1,024 outcomes
   (``seeds`` defaults to 2**64 seeds); an information state with perfect
   recall, ``resample_from_infostate`` and the ``reward_model`` parameter;
   an illegal action id raises :class:`~remi.IllegalActionError`.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import attrs
import numpy as np
import pyspiel

from remi._util import printable
from remi.actions import Action
from remi.envs.decision import Decision
from remi.envs.encoding import Encoding, Episode, check_episode_arguments, encoding, render
from remi.errors import IllegalActionError, Reason, RemiError
from remi.parts import Schedule
from remi.state import Event, GameState, PlayerView, determinize

__all__ = ["register"]

_MAX_PLAYERS = 16
CHANCE_OUTCOMES = 1024
"""The most outcomes of one chance node: the match seed is drawn ten bits at a time."""
DEFAULT_SEEDS = 1 << 64
"""The match seeds drawn from when the ``seeds`` parameter is 0."""
REWARD_MODELS = {"rewards": pyspiel.GameType.RewardModel.REWARDS,
                 "terminal": pyspiel.GameType.RewardModel.TERMINAL}
"""The ``reward_model`` parameter's values and the OpenSpiel reward models they declare."""
_DEFAULTS: dict[str, Any] = {"variant": "norwegian", "players": 4, "reward": "deal", "deals": 1, "seeds": 0,
                             "reward_model": "rewards"}
_CHANCE_TEXT = "chance: the seed"
_EVEN_DIGITS = tuple((digit, 1.0 / CHANCE_OUTCOMES) for digit in range(CHANCE_OUTCOMES))


def game_type(reward_model: str) -> pyspiel.GameType:
    """The game type of ``python_remi`` declaring ``reward_model`` (a key of :data:`REWARD_MODELS`)."""
    return pyspiel.GameType(
        short_name="python_remi",
        long_name="Python remi (contract rummy)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=REWARD_MODELS[reward_model],
        max_num_players=_MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


def seed_outcomes(seeds: int, prefix: int, drawn: int) -> list[tuple[int, float]]:
    """The outcomes of the chance node drawing the next ten bits of a seed uniform below ``seeds``.

    The seed is written in base :data:`CHANCE_OUTCOMES`, most significant
    digit first; ``prefix`` holds the ``drawn`` digits so far. Each next digit
    is as likely as the number of seeds below ``seeds`` that start with it,
    so the whole seed is uniform.

    >>> seed_outcomes(1500, 0, 0)
    [(0, 0.6826666666666666), (1, 0.31733333333333336)]
    >>> len(seed_outcomes(1500, 1, 1)), round(sum(p for _, p in seed_outcomes(1500, 1, 1)), 9)
    (476, 1.0)
    """
    below = CHANCE_OUTCOMES ** (seed_digits(seeds) - drawn - 1)  # seeds per value of the next digit
    low = prefix * CHANCE_OUTCOMES * below
    if low + CHANCE_OUTCOMES * below <= seeds:  # every digit leads to as many seeds
        return list(_EVEN_DIGITS)
    total = seeds - low
    outcomes = []
    for digit in range(CHANCE_OUTCOMES):
        start = low + digit * below
        count = min(seeds, start + below) - start
        if count <= 0:
            break
        outcomes.append((digit, count / total))
    return outcomes


def seed_digits(seeds: int) -> int:
    """The chance nodes that draw one of ``seeds`` seeds (the base-1024 digits of ``seeds - 1``, at least one)."""
    digits = 1
    while CHANCE_OUTCOMES**digits < seeds:
        digits += 1
    return digits


class RemiGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_remi`` with its parameters (see the module).

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` for bad parameters, or a variant
            without a turn limit.
        VariantError: If no variant has that name.

    .. versionadded:: 0.2.0
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        code = encoding(given["variant"], given["players"])
        reward, deals, seeds, reward_model = given["reward"], given["deals"], given["seeds"], given["reward_model"]
        check_episode_arguments(reward, deals)
        if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 0:
            raise RemiError(f"seeds must be a positive integer or 0, got {printable(seeds)}", Reason.BAD_ARGUMENT)
        if reward_model not in REWARD_MODELS:
            raise RemiError(f"reward_model must be one of {', '.join(REWARD_MODELS)}, got {printable(reward_model)}",
                            Reason.BAD_ARGUMENT)
        variant = code.variant
        turns = variant.match.turn_limit
        if turns is None:
            raise RemiError(f"OpenSpiel needs a bounded game, but {variant.name} has no turn limit "
                            "(Match.turn_limit)", Reason.BAD_ARGUMENT)
        if variant.match.schedule is Schedule.ROUNDS:
            deals = min(deals, len(variant.contracts))
        self.seeds = seeds or DEFAULT_SEEDS
        players = code.players
        deck = len(variant.cards(players))
        # per turn: a draw, a buy window, every card to the table twice at most (a swap, then a lay-off),
        # the contract's melds and a discard; each of those in its sub-steps (a swap or a lay-off in 4 at
        # most, a lay-down in one per card and meld, and three more)
        melds = max(variant.melds_needed)
        per_turn = 1 + (players - 1) + 2 * deck * 4 + (deck + 2 * melds + 3) + 1
        bound = code.reward_bound(reward) * (deals if reward == "deal" else 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=code.size,
            max_chance_outcomes=min(self.seeds, CHANCE_OUTCOMES),
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=seed_digits(self.seeds) + deals * turns * per_turn,
        )
        super().__init__(game_type(reward_model), info, given)
        self.code = code
        self.reward = reward
        self.deals = deals
        self.terminal_rewards = reward_model == "terminal"

    def new_initial_state(self) -> RemiState:
        """The first chance node that draws the match seed."""
        return RemiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RemiObserver:
        """An observer of the encoding's vector, or of the information state (see :class:`RemiObserver`)."""
        return RemiObserver(self.code, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class RemiState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_remi``: the chance nodes of the seed, then the match.

    .. versionadded:: 0.2.0
    """

    def __init__(self, game: RemiGame) -> None:
        super().__init__(game)
        # what the state needs of the game, kept here: pyspiel may hand a state another wrapper of its game
        self._reward: str = game.reward
        self._deals: int = game.deals
        self._terminal_rewards: bool = game.terminal_rewards
        self._code: Encoding = game.code
        self._seeds: int = game.seeds
        self._seed_prefix = 0
        self._seed_drawn = 0
        self.episode: Episode | None = None
        self._rewards = [0.0] * game.code.players
        self._decision: Decision | None = None
        self.recall = SeatRecall.empty(game.code.players)

    @property
    def decision(self) -> Decision | None:
        """The choice in progress of the seat to act (``None`` at the chance node and at the end)."""
        return self._decision

    def current_player(self) -> int:
        """The seat to act, or the chance or terminal player."""
        if self.episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.episode.over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_act = self.episode.state.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        decision = self._decision
        return list(decision.allowed) if decision is not None and player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next digit of the seed (at most :data:`CHANCE_OUTCOMES`), each as likely as its seeds."""
        return seed_outcomes(self._seeds, self._seed_prefix, self._seed_drawn) if self.episode is None else []

    def _apply_action(self, action: int) -> None:
        if self.episode is None:
            self._draw_seed_digit(int(action))
        else:
            decision = self._decision
            if decision is None or int(action) not in decision.allowed:
                raise IllegalActionError(self._illegal_text(int(action)), Reason.ILLEGAL)
            outcome = decision.choose(action)
            if isinstance(outcome, Decision):  # a sub-step: the same seat chooses on
                self._decision = outcome
                self._rewards = [0.0] * self._code.players
                return
            before = self.episode.state
            self._rewards = list(self.episode.apply(outcome))
            self.recall = self.recall.after(before, outcome, self.episode.state)
        episode = self.episode
        self._decision = None if episode is None or episode.over else Decision.start(self._code, episode.state)

    def _draw_seed_digit(self, digit: int) -> None:
        """Add ``digit`` to the seed; once the seed is whole, start the match."""
        if not any(outcome == digit for outcome, _ in self.chance_outcomes()):
            raise IllegalActionError(f"chance outcome {digit} is not an outcome of this chance node", Reason.ILLEGAL)
        self._seed_prefix = self._seed_prefix * CHANCE_OUTCOMES + digit
        self._seed_drawn += 1
        if self._seed_drawn == seed_digits(self._seeds):
            self.episode = Episode.start(self._code.variant, self._code.players, self._seed_prefix, self._reward,
                                         self._deals)

    def _illegal_text(self, action: int) -> str:
        """Why action id ``action`` cannot be played now, naming it."""
        decision = self._decision
        if self.episode is None or self.episode.over or decision is None:
            return f"action id {action} is not legal: the episode is over"
        try:
            name = repr(self._code.name(action))
        except RemiError:
            return f"action id {action} is not an action (ids are 0 to {self._code.size - 1})"
        return f"action id {action} ({name}) is not legal now; legal ids: {list(decision.allowed)}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed digit {action}"
        return self._code.name(action)

    def is_terminal(self) -> bool:
        """Whether the episode is over."""
        return self.episode is not None and self.episode.over

    def rewards(self) -> list[float]:
        """Each seat's reward for the last action (with terminal rewards: the returns at the end, else 0)."""
        if self._terminal_rewards:
            return self.returns() if self.is_terminal() else [0.0] * self._code.players
        return list(self._rewards)

    def returns(self) -> list[float]:
        """Each seat's total reward so far."""
        return list(self.episode.returns) if self.episode is not None else [0.0] * self._code.players

    def information_text(self, player: int) -> str:
        """``player``'s information state: its view and everything it saw of the match, as text."""
        if self.episode is None:
            return _CHANCE_TEXT
        text = self.recall.text(self.episode.state, player)
        decision = self._decision
        if decision is not None and decision.seat == player and decision.taken:  # its own choice in progress
            text += " | steps " + " ".join(map(str, decision.taken))
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RemiState:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt afresh.

        Built on :func:`remi.determinize` of the seat's view, seeded by
        ``probability_sampler`` (a callable returning a number in [0, 1), such
        as :class:`pyspiel.UniformProbabilitySampler`; ``None``: seed 0). The
        result has the same information state for ``player_id``; the other
        seats recall the match from this point on only. At a chance node the
        result is a copy. Like a clone, the result keeps this state's
        ``history()`` of action ids (so its serialization stands for this
        state, not for the sample).

        .. versionadded:: 0.3.0
        """
        if self.episode is None:
            return self.clone()  # type: ignore[no-any-return]
        state = self.episode.state
        seed = 0 if probability_sampler is None else int(float(probability_sampler()) * (1 << 53))
        sampled: RemiState = self.clone()
        sampled.episode = Episode(determinize(state.view(player_id), seed), self.episode.reward, self.episode.deals,
                                  returns=list(self.episode.returns))
        if self._decision is not None:  # the seat's legal actions are the same in the sample
            sampled._decision = self._decision.in_state(sampled.episode.state)
        sampled.recall = self.recall.resampled_from(state, player_id)
        return sampled

    def __str__(self) -> str:
        return _CHANCE_TEXT if self.episode is None else render(self.episode.state)


@attrs.frozen
class SeatRecall:
    """What each seat remembers beyond the events of its current deal's :attr:`~remi.PlayerView.history`.

    Attributes:
        earlier: Per seat, the text of what it saw before the current deal
            (earlier deals, or, in a resampled state, before the resample).
        resampled: Whether the state was resampled (its views have no
            history, so the actions since are kept in :attr:`since`).
        since: In a resampled state, the actions played since the resample,
            last first, as a chain of ``(rest, (before, action, after))``
            links, read only when an information state is asked for.
    """

    earlier: tuple[str, ...]
    resampled: bool = False
    since: Steps | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> SeatRecall:
        # immutable: a copied state shares it (and the game states it holds, whose histories copying would walk)
        return self

    @classmethod
    def empty(cls, players: int) -> SeatRecall:
        """Nothing remembered yet: the match has not started."""
        return cls(("",) * players)

    def text(self, state: GameState, seat: int) -> str:
        """``seat``'s information state in ``state``: its view, then its recall."""
        return f"{view_text(state.view(seat), private=True)} | {self.earlier[seat]}{self.recent_text(state, seat)}"

    def recent_text(self, state: GameState, seat: int) -> str:
        """What ``seat`` saw since :attr:`earlier`: the deal's events, or the actions since the resample."""
        if not self.resampled:
            return self.deal_text(state, seat)
        steps = []
        link = self.since
        while link is not None:
            link, step = link
            steps.append(step_text(*step, seat))
        return "".join(f" {text}" for text in reversed(steps))

    def after(self, before: GameState, action: Action, state: GameState) -> SeatRecall:
        """The recall once ``action`` led from ``before`` to ``state``."""
        if self.resampled:
            return SeatRecall(self.earlier, True, (self.since, (before, action, state)))
        if state.deal == before.deal or state.is_over:
            return self
        # a new deal: the views' histories start again, so the ended deal moves to what is remembered
        return SeatRecall(tuple(f"{self.earlier[seat]}{self.deal_text(before, seat)} {before.to_act}:{action} "
                                f"{state.last_deal} || " for seat in range(state.players)))

    @staticmethod
    def deal_text(state: GameState, seat: int) -> str:
        """The events of ``state``'s deal as ``seat`` saw them."""
        return " ".join(event_text(event) for event in state.view(seat).history)

    def resampled_from(self, state: GameState, seat: int) -> SeatRecall:
        """The recall of a state resampled from ``seat``'s information in ``state``: its own in full, others' none."""
        mine = f"{self.earlier[seat]}{self.recent_text(state, seat)}"
        return SeatRecall(tuple(mine if other == seat else "~" for other in range(state.players)), True)


Steps = tuple["Steps | None", tuple[GameState, Action, GameState]]
"""The actions since a resample, last first: ``(rest, (before, action, after))``, the first one's rest ``None``."""


def step_text(before: GameState, action: Action, after: GameState, seat: int) -> str:
    """``action`` (from ``before`` to ``after``) as ``seat`` saw it: the cards it drew are its own to see."""
    actor = before.to_act
    text = f"{actor}:{action}"
    if after.deal != before.deal:
        return f"{text} {after.last_deal} dealt [{' '.join(str(card) for card in after.hands[seat])}]"
    if seat == actor and len(after.hands[seat]) > len(before.hands[seat]):
        gained = Counter(after.hands[seat]) - Counter(before.hands[seat])
        return f"{text} +{' '.join(str(card) for card in sorted(gained.elements()))}"
    return text


@functools.lru_cache(maxsize=1 << 16)
def event_text(event: Event) -> str:
    """An event in short text: its kind and fields, cards in notation, an unseen card as ``?``."""
    fields = ",".join(_value_text(getattr(event, field.name)) for field in attrs.fields(type(event)))
    return f"{type(event).__name__}({fields})"


def _value_text(value: object) -> str:
    """A field of an event in short text."""
    if value is None:
        return "?"
    if isinstance(value, tuple):
        return "[" + " ".join(_value_text(item) for item in value) + "]"
    return str(value)


def view_text(view: PlayerView, private: bool) -> str:
    """A seat's view as one line (its hand, or the hand's size only if not ``private``)."""
    hand = " ".join(str(card) for card in view.hand) if private else f"{len(view.hand)} cards"
    table = "; ".join(str(meld) for meld in view.table)
    top = str(view.discard_pile[-1]) if view.discard_pile else "-"
    return (f"seat {view.seat} deal {view.deal} {view.phase.value} to_act {view.to_act} hand [{hand}] "
            f"table [{table}] discard {top} sizes {list(view.hand_sizes)} scores {list(view.scores)}")


class RemiObserver:
    """The encoding's observation of a state, or a seat's information state, for OpenSpiel.

    A public observer (``private_info`` none) sees the vector without the
    hand. With ``perfect_recall`` the observer gives the information state
    string (see the module) and no tensor. Every player's private
    information at once is not provided.

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.3.0
       Perfect recall: the information state string.
    """

    def __init__(self, code: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise RemiError(f"observation parameters are not supported, got {printable(params)}", Reason.BAD_ARGUMENT)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise RemiError("python_remi observes one seat's information only", Reason.BAD_ARGUMENT)
        self.code = code
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and not self.private:
            raise RemiError("python_remi's perfect recall is a seat's own", Reason.BAD_ARGUMENT)
        self.tensor = None if self.perfect_recall else np.zeros(code.shape, np.float32)
        tensor = self.tensor
        self.dict = {} if tensor is None else {
            name: tensor[offset:offset + int(np.prod(shape))].reshape(shape) for name, offset, shape in code.layout}

    def set_from(self, state: RemiState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state`` (zeros at a chance node)."""
        if self.tensor is None:
            return
        if state.episode is None:
            self.tensor.fill(0)
            return
        decision = state.decision
        taken = decision.taken if decision is not None and decision.seat == player else ()
        self.tensor[:] = self.code.observe(state.episode.state.view(player), taken)
        if not self.private:
            self.dict["hand"].fill(0)

    def string_from(self, state: RemiState, player: int) -> str:
        """``player``'s observation of ``state`` as text, or its information state with perfect recall."""
        if self.perfect_recall:
            return state.information_text(player)
        if state.episode is None:
            return _CHANCE_TEXT
        return view_text(state.episode.state.view(player), self.private)


def register() -> None:
    """Register ``python_remi`` with pyspiel (once; calling again does nothing).

    .. versionadded:: 0.2.0
    """
    if "python_remi" not in pyspiel.registered_names():
        pyspiel.register_game(game_type("rewards"), RemiGame)
