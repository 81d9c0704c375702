"""Learning environments: PettingZoo, Gymnasium and OpenSpiel adapters for every variant.

Install the optional extra (``pip install remi-rules[rl]``), then import the
module of the framework you use; ``import remi`` never imports this package,
numpy or a framework:

* :mod:`remi.envs.pettingzoo`: ``env()``, a PettingZoo AEC environment
  (``raw_env`` unwrapped);
* :mod:`remi.envs.gymnasium`: ``RemiEnv``, one learner seat against remi bots,
  registered as ``remi/Norwegian-v0`` and ``remi/English-v0``;
* :mod:`remi.envs.openspiel`: ``register()``, the game ``python_remi``.

All three share one encoding, :mod:`remi.envs.encoding`: a fixed discrete
action space in which every legal action is reachable (a lay-down, lay-off
or swap over a few sub-steps, :mod:`remi.envs.decision`) with an exact mask
at every step, and a fixed-shape, bounded observation built from
``state.view(seat)`` alone (:mod:`remi.envs.picture` draws the table). The encoding is derived from the variant's data
(its deck, contracts and player count), so every registered variant works,
a third-party one included.

.. versionadded:: 0.2.0

.. versionchanged:: 0.3.0
   Every legal action reachable; bounded observations; the picture.
"""
