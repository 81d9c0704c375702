"""A single-agent Gymnasium environment: the learner plays one seat against remi bots.

Importing this module registers ``remi/Norwegian-v0`` and ``remi/English-v0``
(4 players, greedy opponents); ``gymnasium.make("remi.envs.gymnasium:remi/Norwegian-v0")``
imports it for you. The observation is the encoding's vector of the learner's
view, the action an index of the encoding's action space (see
:mod:`remi.envs.encoding`); ``info["action_mask"]`` (and :meth:`RemiEnv.action_masks`)
is the exact mask, ``info["legal"]`` maps each allowed index to its remi
action, and ``info["action"]`` is the remi action the learner just played.
Between two of the learner's decisions the bots play every other seat,
buying out of turn included; the reward is the learner's share of the
zero-sum rewards of the deals that ended meanwhile.

An action the mask forbids ends the episode with the reward
``illegal_reward`` (default: minus :meth:`Encoding.reward_bound
<remi.envs.encoding.Encoding.reward_bound>`, worse than any legal outcome)
and ``info["illegal"]`` true: the environment stays usable by agents that
ignore the mask.

>>> from remi.envs.gymnasium import RemiEnv
>>> env = RemiEnv("norwegian", players=3, seed=2)
>>> observation, info = env.reset()
>>> observation.shape, [env.unwrapped.code.name(i) for i in info["legal"]]
((782,), ['draw', 'take'])

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from remi._util import printable
from remi.actions import Action
from remi.bots import Bot, make_bot
from remi.envs.encoding import (
    Episode,
    Mask,
    Observation,
    check_episode_arguments,
    checked_players,
    encoding,
    render,
    resolved_variant,
)
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
        render_mode: ``"ansi"``, ``"human"`` or ``None``.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` for a bad player count, seat,
            bot name, reward scheme or render mode.

    .. versionadded:: 0.2.0
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(self, variant: Variant | str = "norwegian", players: int = 4,
                 opponents: str | Sequence[str] = "greedy", seed: int | None = None, *, seat: int = 0,
                 reward: str = "deal", deals: int | None = None, illegal_reward: float | None = None,
                 render_mode: str | None = None) -> None:
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
            raise RemiError(f"render_mode must be one of human, ansi or None, got {printable(render_mode)}",
                            Reason.BAD_ARGUMENT)
        self.render_mode = render_mode
        self.seat = seat
        self._opponents = {(seat + step) % players: name for step, name in enumerate(names, 1)}
        self._reward = reward
        self._deals = deals
        self._seed = seed
        self.illegal_reward = -self.code.reward_bound(reward) if illegal_reward is None else float(illegal_reward)
        self.observation_space = spaces.Box(-np.inf, np.inf, self.code.shape, np.float32)
        self.action_space = spaces.Discrete(self.code.size)
        self._legal: dict[int, Action] = {}
        self._bots: dict[int, Bot] = {}

    @property
    def game(self) -> GameState:
        """The current :class:`~remi.GameState` (all of it: for referees and tests, not for the learner)."""
        return self._episode.state

    def action_masks(self) -> Mask:
        """The learner's action mask now (``int8``, 1 = allowed)."""
        return self.code.mask(self._legal)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Observation,
                                                                                                  dict[str, Any]]:
        """Start a new episode; the bots play until the learner's first decision."""
        if seed is None and self._seed is not None:
            seed, self._seed = self._seed, None
        super().reset(seed=seed)
        match = int(self.np_random.integers(2**62))
        self._episode = Episode.start(self.code.variant, self.code.players, match, self._reward, self._deals)
        self._bots = {other: make_bot(name, seed=f"{match}/{other}") for other, name in self._opponents.items()}
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the bots until the learner decides again or the episode ends."""
        chosen = self._legal.get(int(action))
        if chosen is None:
            self._legal = {}
            info = {"illegal": True, "action_mask": self.action_masks(), "legal": self._legal}
            return self._observe(), self.illegal_reward, True, False, info
        reward = self._episode.apply(chosen)[self.seat] + self._play_bots()
        info = self._info()
        info["action"] = chosen
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._episode.over, False, info

    def _play_bots(self) -> float:
        """Let the bots act until the learner's decision; the learner's rewards meanwhile."""
        episode = self._episode
        total = 0.0
        while not episode.over and episode.state.to_act != self.seat:
            state = episode.state
            other = state.to_act
            assert other is not None
            total += episode.apply(self._bots[other].choose(state.view(other), state.legal_actions()))[self.seat]
        self._legal = {} if episode.over else self.code.legal(episode.state)
        return total

    def _observe(self) -> Observation:
        return self.code.observe(self._episode.state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "legal": self._legal}

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or print it (``"human"``); nothing without a render mode."""
        if self.render_mode is None:
            return None
        text = render(self._episode.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    for variant in ("Norwegian", "English"):
        name = f"remi/{variant}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="remi.envs.gymnasium:RemiEnv", kwargs={"variant": variant.lower()})


_register()
