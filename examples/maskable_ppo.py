"""MaskablePPO (sb3-contrib) on ``remi/Norwegian-v0``, measured against uniformly random play.

The learner plays seat 0 of four-player Norwegian Remi against three greedy
bots, one deal per episode, rewarded its zero-sum share of the deal's
scores in hundreds of points (``reward_scale=0.01``), on normalized
observations. Stable-Baselines3 builds the vectorized environment with its
defaults (``make_vec_env``); the mask reaches MaskablePPO through
sb3-contrib's ``ActionMasker``. After training, the trained policy and the
uniformly random policy over the same mask play the same seeded deals; the
script prints each one's mean reward per deal in points and the paired
difference with its 95% interval.

Needs torch, stable-baselines3 and sb3-contrib (not dependencies of remi)::

    python examples/maskable_ppo.py --steps 50000 --deals 200
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.env_util import make_vec_env

import remi.envs.gymnasium  # noqa: F401 (registers the environments)

ENV_ID = "remi/Norwegian-v0"
REWARD_SCALE = 0.01
ENV_KWARGS: dict[str, Any] = {"deals": 1, "reward_scale": REWARD_SCALE, "normalized": True}


def mask_of(env: gymnasium.Env) -> np.ndarray:
    """The learner's action mask (what ``ActionMasker`` asks for)."""
    return env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


def play(model: MaskablePPO | None, deals: int, seed: int) -> list[float]:
    """The learner's reward per deal in points, on ``deals`` seeded deals (``model=None``: uniformly random)."""
    env = gymnasium.make(ENV_ID, **ENV_KWARGS)
    rng = np.random.default_rng(seed)
    totals = []
    for deal in range(deals):
        observation, info = env.reset(seed=seed + deal)
        total, done = 0.0, False
        while not done:
            mask = info["action_mask"]
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(model.predict(observation, action_masks=mask.astype(bool), deterministic=True)[0])
            observation, reward, done, _, info = env.step(action)
            total += float(reward)
        totals.append(total / REWARD_SCALE)
    return totals


def main() -> None:
    """Train, evaluate against random play, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--n-steps", type=int, default=512, help="steps per environment per rollout (default 512)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    start = time.time()
    vec = make_vec_env(ENV_ID, n_envs=4, seed=args.seed, env_kwargs=ENV_KWARGS, wrapper_class=ActionMasker,
                       wrapper_kwargs={"action_mask_fn": mask_of})
    model = MaskablePPO("MlpPolicy", vec, n_steps=args.n_steps, batch_size=128, seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)
    trained_at = time.time()
    held_out = 10**6
    random_play = play(None, args.deals, held_out)
    trained = play(model, args.deals, held_out)
    gains = np.array(trained) - np.array(random_play)
    half = 1.96 * gains.std(ddof=1) / math.sqrt(len(gains))
    print(f"{args.steps} steps of MaskablePPO in {trained_at - start:.0f} s; {args.deals} held-out deals:")
    print(f"mean reward per deal: random {np.mean(random_play):+.1f}, trained {np.mean(trained):+.1f} points")
    print(f"trained - random: {gains.mean():+.1f} points per deal (95% interval {gains.mean() - half:+.1f} "
          f"to {gains.mean() + half:+.1f})")


if __name__ == "__main__":
    main()
