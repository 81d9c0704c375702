"""The game engine (private): a state's values, the rules, the transitions, the listing, setting up and serializing.

The public faces are :mod:`remi.state` (:class:`~remi.GameState`) and :func:`remi.new_game`.
"""
