"""REINFORCE on the Gymnasium environment: a small linear policy that learns to beat random play.

The learner plays seat 0 of two-player Norwegian Remi against a random bot,
one deal per episode, for the negated deal score made zero-sum. Its policy
scores each allowed action with a few features of the action alone (its kind,
and the points of the card it moves) and samples by softmax over the mask; the
weights follow the REINFORCE gradient (normalised per episode) with a
running-mean baseline. The
yardstick is the uniformly random policy over the same mask, on the same
seeded deals.

Run it with ``python examples/rl_reinforce.py`` (``--episodes``, ``--seed``).
It prints the mean reward per deal of the random policy and of the trained
one on 30 held-out seeded deals, and exits with status 1 if training did not
improve on random play.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import numpy.typing as npt

import remi
from remi.envs.encoding import Encoding
from remi.envs.gymnasium import RemiEnv

KINDS = ("draw", "take", "buy", "pass", "go down", "set", "run", "done", "low", "high", "to hand", "onto",
         "discard", "lay off", "swap in", "meld")
CARD_KINDS = ("discard", "lay off", "swap in", "meld")
Features = npt.NDArray[np.float64]


def action_features(code: Encoding) -> Features:
    """One row per abstract action: its kind (one-hot), and the points of its card over 10 (0 for others)."""
    rows = np.zeros((code.size, len(KINDS) + 1))
    for index in range(code.size):
        name = code.name(index)
        kind = next(i for i, word in enumerate(KINDS) if name == word or name.startswith(word + " "))
        rows[index, kind] = 1
        if KINDS[kind] in CARD_KINDS:
            rows[index, -1] = code.variant.card_points(remi.parse_card(name.rsplit(" ", 1)[1])) / 10
    return rows


def choose(weights: Features, features: Features, mask: npt.NDArray[np.int8],
           rng: np.random.Generator) -> tuple[int, Features]:
    """A softmax choice over the allowed actions, and the gradient of its log-probability."""
    allowed = np.flatnonzero(mask)
    scores = features[allowed] @ weights
    probabilities = np.exp(scores - scores.max())
    probabilities /= probabilities.sum()
    pick = int(rng.choice(len(allowed), p=probabilities))
    gradient = features[allowed[pick]] - probabilities @ features[allowed]
    return int(allowed[pick]), gradient


def episode(env: RemiEnv, weights: Features | None, features: Features, seed: int,
            rng: np.random.Generator) -> tuple[float, Features]:
    """One deal; the learner's reward and the sum of its log-probability gradients (zero for random play)."""
    _, info = env.reset(seed=seed)
    total, gradients, done = 0.0, np.zeros(features.shape[1]), False
    while not done:
        if weights is None:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        else:
            action, gradient = choose(weights, features, info["action_mask"], rng)
            gradients += gradient
        _, reward, done, _, info = env.step(action)
        total += float(reward)
    return total, gradients


def evaluate(env: RemiEnv, weights: Features | None, features: Features, seeds: range) -> float:
    """The mean reward per deal over the seeded deals."""
    rng = np.random.default_rng(0)
    return float(np.mean([episode(env, weights, features, seed, rng)[0] for seed in seeds]))


def train(episodes: int, seed: int) -> tuple[float, float]:
    """Train for ``episodes`` deals; the mean reward of random play and of the trained policy."""
    env = RemiEnv("norwegian", players=2, opponents="random", deals=1)
    features = action_features(env.code)
    weights = np.zeros(features.shape[1])
    rng = np.random.default_rng(seed)
    baseline, step = 0.0, 4.0
    for number in range(episodes):
        reward, gradients = episode(env, weights, features, seed * 100_000 + number, rng)
        # the advantage in hundreds of points, along the episode's gradient direction
        weights += step * (reward - baseline) / 100 * gradients / max(1.0, float(np.linalg.norm(gradients)))
        baseline += 0.1 * (reward - baseline)
    held_out = range(10**9, 10**9 + 30)
    return evaluate(env, None, features, held_out), evaluate(env, weights, features, held_out)


def main() -> int:
    """Train, print the two figures, and exit 0 if training improved on random play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    random_play, trained = train(args.episodes, args.seed)
    print(f"mean reward per deal: random {random_play:+.1f}, trained {trained:+.1f} "
          f"(improvement {trained - random_play:+.1f} points)")
    return 0 if trained > random_play else 1


if __name__ == "__main__":
    sys.exit(main())
