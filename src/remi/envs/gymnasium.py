"""A single-agent Gymnasium environment: the learner plays one seat against remi bots.

Importing this module registers ``remi/Norwegian-v0`` and ``remi/English-v0``
(4 players, greedy opponents); ``gymnasium.make("remi.envs.gymnasium:remi/Norwegian-v0")``
imports it for you, and Stable-Baselines3's ``make_vec_env("remi/Norwegian-v0")``
works with its defaults. The observation is the encoding's vector of the
learner's view, within finite bounds (``normalized=True``: within [-1, 1]); the
action an index of the encoding's action space (see :mod:`remi.envs.encoding`);
a lay-down, a lay-off or a swap may take several steps (:mod:`remi.envs.decision`),
each rewarded 0 until the remi action is complete. ``info["action_mask"]``
(and :meth:`RemiEnv.action_masks`, as sb3-contrib's ``MaskablePPO`` reads it)
is the exact mask; ``info["action"]`` is the remi action the learner's step
completed, if it completed one. With ``legal_info=True``, ``info["legal"]``
maps each allowed index to the remi actions it may lead to (off by default: a
vectorized environment copies or pickles every info).

Between two of the learner's decisions the bots play every other seat,
buying out of turn included; the reward is the learner's share of the
zero-sum rewards of the deals that ended meanwhile, times ``reward_scale``:
card points with ``reward="deal"`` (within ``±Encoding.reward_bound("deal")``,
a few hundred points in a usual deal), or within ±1 with ``reward="match"``.

An action the mask forbids ends the episode with the reward
``illegal_reward`` (default: minus :meth:`Encoding.reward_bound
<remi.envs.encoding.Encoding.reward_bound>` times ``reward_scale``, worse than
any legal outcome) and ``info["illegal"]`` true: the environment stays usable
by agents that ignore the mask. A step after the episode has ended raises a
:class:`~remi.RemiError` (reason ``GAME_OVER``): call :meth:`RemiEnv.reset`.

``render_mode="rgb_array"`` draws the learner's table as an RGB array (card
faces, numpy only; :func:`remi.envs.picture.table_picture`), ``"ansi"``
returns it as text, ``"human"`` prints the text.

>>> from remi.envs.gymnasium import RemiEnv
>>> env = RemiEnv("norwegian", players=3, seed=2)
>>> observation, info = env.reset()
>>> observation.shape, [env.unwrapped.code.name(i) for i in np.flatnonzero(info["action_mask"])]
((902,), ['draw', 'take'])

.. versionadded:: 0.2.0

.. versionchanged:: 0.3.0
   Sub-steps, finite bounds, ``normalized``, ``legal_info``, ``reward_scale``,
   the ``rgb_array`` render mode and ``render_fps``; a step after the end raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from remi._util import printable
from remi.bots import Bot, make_bot
from remi.envs.decision import Decision
from remi.envs.encoding import (
    Episode,
    Mask,
    Observation,
    Observer,
    check_episode_arguments,
    checked_players,
    encoding,
    render,
    resolved_variant,
)
from remi.envs.picture import table_picture
from remi.errors import Reason, RemiError
from remi.state import GameState
from remi.variant import Variant

__all__ = ["RemiEnv"]


class RemiEnv(gymnasium.Env[Observation, np.int64]):
    """One learner seat against remi bots.

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        opponents: A registered bot name for every other seat, or one name per
            other seat, clockwise from the learner's left.
        seed: Seeds the first :meth:`reset` that is given no seed.
        seat: The learner's seat.
        reward: ``"deal"`` or ``"match"`` (see :mod:`remi.envs.encoding`).
        deals: End each episode after this many deals (``None``: the whole match).
        illegal_reward: The reward for an action the mask forbids (it ends the episode).
        render_mode: ``"rgb_array"``, ``"ansi"``, ``"human"`` or ``None``.
        normalized: Observations divided by their bounds, into [-1, 1].
        legal_info: Put ``info["legal"]`` (see the module).
        reward_scale: Multiplies every reward (``0.01``: hundreds of points).

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` for a bad player count, seat,
            bot name, reward scheme, reward scale or render mode.

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.3.0
       ``normalized``, ``legal_info``, ``reward_scale`` and ``render_mode="rgb_array"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"],  # noqa: RUF012 (Gymnasium's)
                                "render_fps": 4}

    def __init__(self, variant: Variant | str = "norwegian", players: int = 4,
                 opponents: str | Sequence[str] = "greedy", seed: int | None = None, *, seat: int = 0,
                 reward: str = "deal", deals: int | None = None, illegal_reward: float | None = None,
                 render_mode: str | None = None, normalized: bool = False, legal_info: bool = False,
                 reward_scale: float = 1.0) -> None:
        found = resolved_variant(variant)
        self.code = encoding(found, checked_players(found, players))
        check_episode_arguments(reward, deals)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RemiError(f"seat must be a seat from 0 to {players - 1}, got {printable(seat)}", Reason.BAD_ARGUMENT)
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise RemiError(f"opponents names one bot for all or one per other seat ({players - 1}), "
                            f"got {printable(opponents)}", Reason.BAD_ARGUMENT)
        for name in names:
            make_bot(name)  # an unknown name is refused now
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RemiError(f"render_mode must be one of human, ansi, rgb_array or None, got "
                            f"{printable(render_mode)}", Reason.BAD_ARGUMENT)
        if isinstance(reward_scale, bool) or not isinstance(reward_scale, (int, float)) or not reward_scale > 0:
            raise RemiError(f"reward_scale must be a positive number, got {printable(reward_scale)}",
                            Reason.BAD_ARGUMENT)
        self.render_mode = render_mode
        self.reward_scale = float(reward_scale)
        self._observer = Observer(self.code, normalized=bool(normalized))
        self._legal_info = bool(legal_info)
        self.seat = seat
        self._opponents = {(seat + step) % players: name for step, name in enumerate(names, 1)}
        self._reward = reward
        self._deals = deals
        self._seed = seed
        self.illegal_reward = (-self.code.reward_bound(reward) * self.reward_scale if illegal_reward is None
                               else float(illegal_reward))
        low, high = self.code.bounds()
        if normalized:
            low, high = -(low < 0).astype(np.float32), (high > 0).astype(np.float32)
        self.observation_space = spaces.Box(low, high, self.code.shape, np.float32)
        self.action_space = spaces.Discrete(self.code.size)
        self._decision: Decision | None = None
        self._no_mask: Mask = np.zeros(self.code.size, dtype=np.int8)
        self._over = True
        self._bots: dict[int, Bot] = {}

    @property
    def game(self) -> GameState:
        """The current :class:`~remi.GameState` (all of it: for referees and tests, not for the learner)."""
        return self._episode.state

    def action_masks(self) -> Mask:
        """The learner's action mask now (``int8``, 1 = allowed; all zeros once the episode is over)."""
        return self._decision.mask() if self._decision is not None else self._no_mask.copy()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Observation,
                                                                                                  dict[str, Any]]:
        """Start a new episode; the bots play until the learner's first decision."""
        if seed is None and self._seed is not None:
            seed, self._seed = self._seed, None
        super().reset(seed=seed)
        match = int(self.np_random.integers(2**62))
        self._episode = Episode.start(self.code.variant, self.code.players, match, self._reward, self._deals)
        self._bots = {other: make_bot(name, seed=f"{match}/{other}") for other, name in self._opponents.items()}
        self._over = False
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the bots until the learner decides again or the episode ends.

        Raises:
            RemiError: With reason ``GAME_OVER`` if the episode has ended (or not begun): call :meth:`reset`.
        """
        if self._over:
            raise RemiError("the episode is over: call reset() before step()", Reason.GAME_OVER)
        decision = self._decision
        assert decision is not None
        index = _as_index(action)
        if index is None or index not in decision.allowed:
            self._over = True
            self._decision = None
            info: dict[str, Any] = {"illegal": True, "action_mask": self.action_masks()}
            return self._observe(), self.illegal_reward, True, False, info
        outcome = decision.choose(index)
        if isinstance(outcome, Decision):  # a sub-step: the learner chooses on
            self._decision = outcome
            return self._observe(), 0.0, False, False, self._info()
        reward = self._episode.apply(outcome)[self.seat] + self._play_bots()
        self._over = self._episode.over
        info = self._info()
        info["action"] = outcome
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward * self.reward_scale, self._over, False, info

    def _play_bots(self) -> float:
        """Let the bots act until the learner's decision; the learner's rewards meanwhile."""
        episode = self._episode
        total = 0.0
        while not episode.over and episode.state.to_act != self.seat:
            state = episode.state
            other = state.to_act
            assert other is not None
            total += episode.apply(self._bots[other].choose(state.view(other), state.legal_actions()))[self.seat]
        self._decision = None if episode.over else Decision.start(self.code, episode.state)
        return total

    def _observe(self) -> Observation:
        """The learner's observation now."""
        taken = self._decision.taken if self._decision is not None else ()
        return self._observer.observe(self._episode.state, self.seat, taken)

    def _info(self) -> dict[str, Any]:
        """The info of a step: the mask, and the remi actions each allowed index leads to if asked for."""
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        decision = self._decision
        if self._legal_info and decision is not None:
            info["legal"] = {step: decision.outcomes(step) for step in decision.allowed}
        return info

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as an RGB array (``"rgb_array"``), text (``"ansi"``), or print it (``"human"``).

        Nothing without a render mode.
        """
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return table_picture(self._episode.state.view(self.seat))
        text = render(self._episode.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _as_index(action: object) -> int | None:
    """An action as an integer index (from an ``int``, a numpy integer or a one-element array), or ``None``."""
    if isinstance(action, np.ndarray) and action.size == 1:
        action = action.reshape(()).item()
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


def _register() -> None:
    for variant in ("Norwegian", "English"):
        name = f"remi/{variant}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="remi.envs.gymnasium:RemiEnv", kwargs={"variant": variant.lower()})


_register()
