"""OpenSpiel over the sub-step action space: a seat's choice in progress is part of its information state."""

from __future__ import annotations

import numpy as np
import pyspiel

from remi.envs.decision import Decision
from remi.envs.openspiel import RemiState, register

register()


def _mid_choice(seed: int) -> RemiState | None:
    """A random 2-player Norwegian state in which the seat to act has taken a sub-step, or None."""
    game = pyspiel.load_game("python_remi", {"players": 2})
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(2000):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        assert isinstance(state, RemiState)
        if state.decision is not None and state.decision.taken:
            return state
        state.apply_action(int(rng.choice(state.legal_actions())))
    return None


def test_a_choice_in_progress_shows_in_its_seats_information_state_and_survives_a_resample() -> None:
    found = [state for state in map(_mid_choice, range(12)) if state is not None]
    assert found, "no random deal reached a sub-step"
    for state in found:
        seat = state.current_player()
        decision = state.decision
        assert isinstance(decision, Decision)
        assert "steps " + " ".join(map(str, decision.taken)) in state.information_state_string(seat)
        sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.legal_actions() == state.legal_actions()
        sampled.apply_action(sampled.legal_actions()[0])  # the choice goes on in the sample
