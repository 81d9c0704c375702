"""An OpenSpiel game for every variant: ``python_remi``.

:func:`register` registers the game with pyspiel; then
``pyspiel.load_game("python_remi", {"variant": "english", "players": 3})``
loads it. It is sequential, imperfect-information and explicitly
stochastic: the first state is a chance node whose outcome (one of
``seeds``, uniformly) seeds the match, and so fixes the first dealer, the
shuffle of every deal and every rebuilt stock. The players' actions and
observations are those of :mod:`remi.envs.encoding`; the observation tensor
is its vector (without the hand for a public observer). The game is
zero-sum, with a reward at every step (the zero-sum rewards of a deal that
just ended, or of the episode's end).

Parameters:

* ``variant`` (string, default ``"norwegian"``): a registered variant's name;
* ``players`` (int, default 4);
* ``reward`` (string, ``"deal"`` or ``"match"``, default ``"deal"``);
* ``deals`` (int, default 1): the deals an episode lasts at most (the match
  ends sooner in a fixed-round variant with fewer rounds);
* ``seeds`` (int, default 65536): the chance node's outcomes.

The game must be bounded, so a variant without a
:attr:`~remi.Match.turn_limit` is refused.

>>> import pyspiel
>>> from remi.envs.openspiel import register
>>> register()
>>> game = pyspiel.load_game("python_remi", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)
>>> [state.action_to_string(action) for action in state.legal_actions()]
['draw', 'take']

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from remi._util import printable
from remi.envs.decision import Decision
from remi.envs.encoding import Encoding, Episode, check_episode_arguments, encoding, render
from remi.errors import Reason, RemiError
from remi.parts import Schedule

__all__ = ["register"]

_MAX_PLAYERS = 16
_DEFAULTS: dict[str, Any] = {"variant": "norwegian", "players": 4, "reward": "deal", "deals": 1, "seeds": 1 << 16}
_GAME_TYPE = pyspiel.GameType(
    short_name="python_remi",
    long_name="Python remi (contract rummy)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


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
        reward, deals, seeds = given["reward"], given["deals"], given["seeds"]
        check_episode_arguments(reward, deals)
        if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
            raise RemiError(f"seeds must be a positive integer, got {printable(seeds)}", Reason.BAD_ARGUMENT)
        variant = code.variant
        turns = variant.match.turn_limit
        if turns is None:
            raise RemiError(f"OpenSpiel needs a bounded game, but {variant.name} has no turn limit "
                            "(Match.turn_limit)", Reason.BAD_ARGUMENT)
        if variant.match.schedule is Schedule.ROUNDS:
            deals = min(deals, len(variant.contracts))
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
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=1 + deals * turns * per_turn,
        )
        super().__init__(_GAME_TYPE, info, given)
        self.code = code
        self.reward = reward
        self.deals = deals
        self.seeds = seeds

    def new_initial_state(self) -> RemiState:
        """The chance node that seeds the match."""
        return RemiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RemiObserver:
        """An observer of the encoding's vector (see :class:`RemiObserver`)."""
        return RemiObserver(self.code, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class RemiState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_remi``: the chance node, then the match.

    .. versionadded:: 0.2.0
    """

    def __init__(self, game: RemiGame) -> None:
        super().__init__(game)
        # what the state needs of the game, kept here: pyspiel may hand a state another wrapper of its game
        self._code: Encoding = game.code
        self._reward: str = game.reward
        self._deals: int = game.deals
        self._seeds: int = game.seeds
        self.episode: Episode | None = None
        self._rewards = [0.0] * game.code.players
        self._decision: Decision | None = None

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
        """The seeds, uniformly."""
        seeds = self._seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        code = self._code
        if self.episode is None:
            self.episode = Episode.start(code.variant, code.players, int(action), self._reward, self._deals)
        else:
            assert self._decision is not None
            outcome = self._decision.choose(action)
            if isinstance(outcome, Decision):  # a sub-step: the same seat chooses on
                self._decision = outcome
                self._rewards = [0.0] * code.players
                return
            self._rewards = list(self.episode.apply(outcome))
        self._decision = None if self.episode.over else Decision.start(code, self.episode.state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._code.name(action)

    def is_terminal(self) -> bool:
        """Whether the episode is over."""
        return self.episode is not None and self.episode.over

    def rewards(self) -> list[float]:
        """Each seat's reward for the last action."""
        return list(self._rewards)

    def returns(self) -> list[float]:
        """Each seat's total reward so far."""
        return list(self.episode.returns) if self.episode is not None else [0.0] * self._code.players

    def __str__(self) -> str:
        return "chance: the seed" if self.episode is None else render(self.episode.state)


class RemiObserver:
    """The encoding's observation of a state, as OpenSpiel's Python observer interface wants it.

    A public observer (``private_info`` none) sees the vector without the
    hand. Perfect recall and every player's private information are not
    provided (the game declares no information state).

    .. versionadded:: 0.2.0
    """

    def __init__(self, code: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise RemiError(f"observation parameters are not supported, got {printable(params)}", Reason.BAD_ARGUMENT)
        if iig_obs_type.perfect_recall or iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise RemiError("python_remi observes one seat's view without perfect recall only", Reason.BAD_ARGUMENT)
        self.code = code
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(code.shape, np.float32)
        self.dict = {name: self.tensor[offset:offset + int(np.prod(shape))].reshape(shape)
                     for name, offset, shape in code.layout}

    def set_from(self, state: RemiState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state`` (zeros at the chance node)."""
        if state.episode is None:
            self.tensor.fill(0)
            return
        decision = state.decision
        taken = decision.taken if decision is not None and decision.seat == player else ()
        self.tensor[:] = self.code.observe(state.episode.state.view(player), taken)
        if not self.private:
            self.dict["hand"].fill(0)

    def string_from(self, state: RemiState, player: int) -> str:
        """``player``'s observation of ``state`` as text."""
        if state.episode is None:
            return "chance: the seed"
        view = state.episode.state.view(player)
        hand = " ".join(str(card) for card in view.hand) if self.private else f"{len(view.hand)} cards"
        table = "; ".join(str(meld) for meld in view.table)
        top = str(view.discard_pile[-1]) if view.discard_pile else "-"
        return (f"seat {player} deal {view.deal} {view.phase.value} to_act {view.to_act} hand [{hand}] "
                f"table [{table}] discard {top} sizes {list(view.hand_sizes)} scores {list(view.scores)}")


def register() -> None:
    """Register ``python_remi`` with pyspiel (once; calling again does nothing).

    .. versionadded:: 0.2.0
    """
    if "python_remi" not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, RemiGame)
