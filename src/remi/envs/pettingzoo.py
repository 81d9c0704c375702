"""A PettingZoo AEC environment for every variant.

Agents are ``player_0`` … ``player_{players-1}``, one per seat. The agent
selected is the seat to act: the player on turn, or a seat deciding whether
to buy out of turn. Each observation is a dict: ``"observation"``, the
encoding's vector from the agent's own view, and ``"action_mask"``, the
exact mask (all zeros for an agent not selected). See
:mod:`remi.envs.encoding` for the action space, the observation layout and
the rewards. A lay-down, a lay-off or a swap may take several steps (its
sub-steps, :mod:`remi.envs.decision`): the agent stays selected, with no
reward, until its steps complete the remi action.

After the step that completes a remi action, the acting agent's
``infos[agent]["action"]`` is that action. With ``legal_info=True``,
``infos[agent]["legal"]`` maps each allowed action of the selected agent to
the remi actions it may lead to (off by default: it lists every lay-down).

By default an action the mask forbids raises :class:`~remi.IllegalActionError`;
``env(..., illegal_reward=-1.0)`` instead wraps the environment in
PettingZoo's classic ``TerminateIllegalWrapper``: the episode ends, with that
reward for the agent at fault and 0 for the others.

>>> from remi.envs.pettingzoo import env
>>> game = env(variant="norwegian", players=3, seed=1)
>>> game.reset()
>>> agent = game.agent_selection
>>> observation = game.observe(agent)
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((902,), 2)
>>> game.step(0)  # draw
>>> str(game.unwrapped.game.history[-1])
'draw'

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from remi._util import printable
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
from remi.errors import IllegalActionError, Reason, RemiError
from remi.state import GameState
from remi.variant import Variant

__all__ = ["env", "raw_env"]


class raw_env(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """The unwrapped AEC environment; :func:`env` wraps it with PettingZoo's checks.

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        seed: Seeds the first match; each later :meth:`reset` without a seed
            plays the next match of the same seeded sequence.
        render_mode: ``"rgb_array"`` (:meth:`render` returns the picture of
            :func:`remi.envs.picture.table_picture`), ``"ansi"`` (the text),
            ``"human"`` (prints the text) or ``None``.
        reward: ``"deal"`` or ``"match"`` (see :mod:`remi.envs.encoding`).
        deals: End each episode after this many deals (``None``: the whole match).
        normalized: Observations divided by their bounds, into [-1, 1].
        legal_info: Put ``infos[agent]["legal"]`` (see the module).

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` for a player count outside the
            variant's range, an unknown render mode or reward scheme.
        VariantError: If no variant has that name.

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.3.0
       Sub-steps, finite observation bounds, ``normalized`` and ``legal_info``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi", "rgb_array"], "name": "remi_v0",
                                          "is_parallelizable": False, "render_fps": 4}

    def __init__(self, variant: Variant | str = "norwegian", players: int = 4, seed: int | None = None,
                 render_mode: str | None = None, reward: str = "deal", deals: int | None = None, *,
                 normalized: bool = False, legal_info: bool = False) -> None:
        super().__init__()
        found = resolved_variant(variant)
        self.code = encoding(found, checked_players(found, players))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RemiError(f"render_mode must be one of human, ansi, rgb_array or None, got "
                            f"{printable(render_mode)}", Reason.BAD_ARGUMENT)
        self.render_mode = render_mode
        self._reward = reward
        self._deals = deals
        self._seeds = random.Random(seed)
        self._observer = Observer(self.code, normalized=bool(normalized))
        self._legal_info = bool(legal_info)
        check_episode_arguments(reward, deals)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = self.code.bounds()
        if normalized:
            low, high = -(low < 0).astype(np.float32), (high > 0).astype(np.float32)
        observation = spaces.Box(low, high, self.code.shape, np.float32)
        mask = spaces.Box(0, 1, (self.code.size,), np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.code.size) for agent in self.possible_agents}
        self._decision: Decision | None = None  # the selected agent's (None once the episode is over)
        self._no_mask: Mask = np.zeros(self.code.size, dtype=np.int8)
        self._rewarded = False  # whether the last step's rewards were not all zero

    @property
    def game(self) -> GameState:
        """The current :class:`~remi.GameState` (all of it: for referees and tests, not for agents)."""
        return self._episode.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: a dict of the vector and the mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(encoding.size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: the next match of the seeded sequence, or the first of ``seed``'s."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self._episode = Episode.start(self.code.variant, self.code.players, self._seeds.randrange(2**63),
                                      self._reward, self._deals)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self, decision: Decision | None = None) -> None:
        """Select the seat to act, with its decision (a new one unless given)."""
        state = self._episode.state
        assert state.to_act is not None
        self.agent_selection = self.possible_agents[state.to_act]
        self._decision = decision = decision or Decision.start(self.code, state)
        if self._legal_info:
            self.infos[self.agent_selection]["legal"] = {step: decision.outcomes(step) for step in decision.allowed}

    def observe(self, agent: str) -> dict[str, Observation | Mask]:
        """``agent``'s observation: its vector and, if it is selected, the action mask."""
        seat = self._seats[agent]
        decision = self._decision if agent == self.agent_selection else None
        if decision is None:
            return {"observation": self._observer.observe(self._episode.state, seat),
                    "action_mask": self._no_mask.copy()}
        return {"observation": self._observer.observe(self._episode.state, seat, decision.taken),
                "action_mask": decision.mask()}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an allowed index) for the selected agent; ``None`` once it is done.

        Raises:
            IllegalActionError: If the mask does not allow ``action``.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self._decision
        assert decision is not None
        if type(action) is not int:  # (an int is the usual case: checked below, by the decision)
            if not isinstance(action, (int, np.integer)) or int(action) not in decision.allowed:
                raise IllegalActionError(f"action {printable(action)} is not allowed now ({agent} may play "
                                         f"{', '.join(self.code.name(i) for i in decision.allowed)})",
                                         Reason.ILLEGAL)
            action = int(action)
        elif action not in decision.allowed:
            raise IllegalActionError(f"action {printable(action)} is not allowed now ({agent} may play "
                                     f"{', '.join(self.code.name(i) for i in decision.allowed)})", Reason.ILLEGAL)
        self._cumulative_rewards[agent] = 0.0
        if self._legal_info:
            self.infos[agent].pop("legal", None)
        outcome = decision._take(action)  # (allowed: checked above)
        if isinstance(outcome, Decision):  # a sub-step: the same agent chooses on
            self._set_rewards(None)
            self.infos[agent].pop("action", None)
            self._select(outcome)
        else:
            self._set_rewards(self._episode.apply(outcome))
            self.infos[agent]["action"] = outcome
            if self._episode.over:
                self.terminations = dict.fromkeys(self.agents, True)
                self._decision = None
            else:
                self._select()
        if self.render_mode == "human":
            self.render()

    def _set_rewards(self, rewards: tuple[float, ...] | None) -> None:
        """Set the step's rewards (``None``: none) and add them to the agents' cumulative rewards.

        Most steps reward nothing: the rewards of zero stay as they are.
        """
        if rewards is not None and any(rewards):
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            self._rewarded = True
            self._accumulate_rewards()
        elif self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table from the seat to act: an RGB array (``"rgb_array"``), text (``"ansi"``), or printed (``"human"``).

        Nothing without a render mode.
        """
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            state = self._episode.state
            return table_picture(state.view(state.to_act if state.to_act is not None else state.on_turn))
        text = render(self._episode.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class _AgentsInTurn(AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's ``agent_iter()`` iterable over an :class:`_OrderEnforcing` environment."""

    def __iter__(self) -> _AgentInTurn:
        return _AgentInTurn(self.env, self.max_iter)


class _AgentInTurn(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the unwrapped environment directly."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]


def env(variant: Variant | str = "norwegian", players: int = 4, seed: int | None = None,
        render_mode: str | None = None, reward: str = "deal", deals: int | None = None, *,
        normalized: bool = False, legal_info: bool = False,
        illegal_reward: float | None = None) -> AECEnv[str, Any, int]:
    """The PettingZoo AEC environment, wrapped in PettingZoo's bounds and order checks.

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        seed: Seeds the first match (see :class:`raw_env`).
        render_mode: ``"ansi"``, ``"human"`` or ``None``.
        reward: ``"deal"`` or ``"match"``.
        deals: End each episode after this many deals (``None``: the whole match).
        normalized: Observations divided by their bounds, into [-1, 1].
        legal_info: Put ``infos[agent]["legal"]``.
        illegal_reward: ``None`` (an action the mask forbids raises), or the
            reward of an agent whose action the mask forbids, which ends the
            episode (PettingZoo's ``TerminateIllegalWrapper``).

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.3.0
       ``normalized``, ``legal_info`` and ``illegal_reward``.
    """
    raw = raw_env(variant, players, seed, render_mode, reward, deals, normalized=normalized, legal_info=legal_info)
    if illegal_reward is not None:  # (that wrapper keeps figures of its own: the others read through it)
        wrapped: AECEnv[str, Any, int] = wrappers.TerminateIllegalWrapper(raw, float(illegal_reward))
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))
    return _OrderEnforcing(_InBounds(raw), raw)


class _InBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper`` around a :class:`raw_env`, reading it directly.

    The same check as PettingZoo's (an action outside the action space fails
    the same assertion), without reading the environment's figures through
    the wrapper's attribute forwarding at every step.
    """

    def __init__(self, env: raw_env) -> None:
        super().__init__(env)
        self.raw = env
        self.size = env.code.size  # (every agent's action space: Discrete(size))

    def step(self, action: int | None) -> None:
        """Assert that ``action`` is in the action space (``None`` once the agent is done), then step."""
        _assert_in_bounds(self.raw, self.size, action)
        self.raw.step(action)


def _assert_in_bounds(raw: raw_env, size: int, action: int | None) -> None:
    """PettingZoo's bounds check: ``action`` is in the action space (of ``size`` actions), or ``None`` once done."""
    agent = raw.agent_selection
    in_space = 0 <= action < size if type(action) is int else raw.action_spaces[agent].contains(action)
    assert in_space or (action is None and (raw.terminations[agent] or raw.truncations[agent])), \
        "action is not in action space"


def _after_reset(name: str) -> property:
    """A figure of the environment, refused before ``reset()`` as PettingZoo's ``OrderEnforcingWrapper`` does."""

    def read(self: _OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.raw, name)

    return property(read, doc=f"The environment's ``{name}`` (after ``reset()``).")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` over ``_InBounds(raw)``, reading ``raw`` directly.

    The same checks and errors as PettingZoo's; the figures an agent loop
    reads at every step (``last()``, ``terminations``, ``agent_selection``, ...)
    come straight from the :class:`raw_env` instead of through two wrappers'
    attribute forwarding, which cost more than the environment's own step.
    """

    def __init__(self, env: _InBounds, raw: raw_env) -> None:
        self.raw = raw  # (before the base class's __init__: the properties below read it)
        super().__init__(env)

    @property
    def unwrapped(self) -> raw_env:
        """The :class:`raw_env` inside."""
        return self.raw

    def __str__(self) -> str:
        return str(self.env)  # (as PettingZoo's own wrapper shows itself: the environment's name)

    rewards = _after_reset("rewards")
    terminations = _after_reset("terminations")
    truncations = _after_reset("truncations")
    infos = _after_reset("infos")
    agent_selection = _after_reset("agent_selection")
    agents = _after_reset("agents")

    def step(self, action: int | None) -> None:
        """Step the environment (refused before ``reset()``, a warning once no agent is left, as PettingZoo's).

        The bounds check of the ``AssertOutOfBoundsWrapper`` inside is made here, then the environment steps.
        """
        raw = self.raw
        if not self._has_reset or not raw.agents:
            super().step(action)
            return
        self._has_updated = True
        _assert_in_bounds(raw, self.env.size, action)
        raw.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentsInTurn:
        """The agents in turn, as PettingZoo's ``agent_iter()`` (its checks), reading the environment directly."""
        if not self._has_reset:
            return super().agent_iter(max_iter)  # type: ignore[no-any-return]  # (refused as PettingZoo refuses it)
        return _AgentsInTurn(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, termination, truncation and info."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # (refused as PettingZoo refuses it)
        return self.raw.last(observe)  # type: ignore[no-any-return]
