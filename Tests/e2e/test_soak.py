"""A short soak in the suite (the long one is `scripts/soak`): mixed load, then the books."""
import json

from soak import run_soak, verdict


def test_a_short_soak_loses_nothing_and_answers_no_5xx(database_url):
    figures = run_soak(database_url, seconds=20, submitters=4, viewers=4)
    print("\nSOAK " + json.dumps(figures))
    assert verdict(figures) == []
    assert figures["acknowledged"] > 0 and figures["results_reads"] > 0 and figures["exports"] > 0
    assert figures["live_events_received"] > 0
