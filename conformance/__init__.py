"""koloda's conformance suite: corpus, scenarios, protocol, runner and the reference adapter."""
