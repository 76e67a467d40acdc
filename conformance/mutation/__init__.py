"""Mutation testing of the reference model, judged by the conformance suite.

The suite is what outside implementations are judged by; its strength is measured on faults
planted in the reference as an outside implementation could have them. ``python -m
conformance.mutation`` (``nox -s mutation``) plants one fault at a time in ``reference/games`` and
``reference/core`` (the mutation points and operators of cosmic-ray, plus statement deletion and
membership negation) and runs the scenarios that judge that module against the mutated model
through the protocol's requests and answers. A mutant is *caught* when the run would not pass.

This package's ``__init__`` stays light: ``python -m conformance.mutation adapter`` must start as
fast as the reference adapter. The mutation points live in :mod:`conformance.mutation.points`
(needs the ``mutation`` extra), the import hook in :mod:`conformance.mutation.hook`, the fork
server and reports in :mod:`conformance.mutation.run`.
"""
