"""OpenSpiel's own algorithms on remi: ISMCTS against random play, and outcome-sampling MCCFR.

The ISMCTS bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, 20
simulations per move, one random rollout per leaf) plays seat 0 of
two-player Norwegian Remi, one deal per game, against a uniformly random
seat 1; each simulation starts from :meth:`~remi.envs.openspiel.RemiState.resample_from_infostate`,
a deal of the hidden cards consistent with what the bot's seat knows. Then
``outcome_sampling_mccfr`` runs a few iterations on the same game, keyed by
the seats' perfect-recall information states.

Run it with ``python examples/openspiel_search.py`` (``--games``,
``--simulations``, ``--iterations``, ``--seed``). It prints the bot's mean
reward per deal (the negated deal score, zero-sum) and the number of
information states MCCFR visited.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from remi.envs.openspiel import register


def play_ismcts_against_random(game: pyspiel.Game, simulations: int, rng: np.random.RandomState) -> float:
    """One game of ISMCTS (seat 0) against random play (the other seats); seat 0's return."""
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return float(state.returns()[0])


def run_mccfr(game: pyspiel.Game, iterations: int) -> int:
    """``iterations`` of outcome-sampling MCCFR on ``game``; the information states it visited."""
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    return len(solver._infostates)  # the solver's table is what it learnt


def main() -> None:
    """Parse the options, play the games, run MCCFR and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    register()
    game = pyspiel.load_game("python_remi", {"variant": "norwegian", "players": 2})
    rng = np.random.RandomState(options.seed)
    returns = [play_ismcts_against_random(game, options.simulations, rng) for _ in range(options.games)]
    print(f"ISMCTS ({options.simulations} simulations) against random: mean reward per deal "
          f"{np.mean(returns):+.1f} over {options.games} deals")
    np.random.seed(options.seed)  # outcome sampling draws from numpy's global generator
    print(f"outcome-sampling MCCFR: {options.iterations} iterations visited "
          f"{run_mccfr(game, options.iterations)} information states")


if __name__ == "__main__":
    main()
