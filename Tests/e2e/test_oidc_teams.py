"""Team members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md) against
the real provider (oidc_provider.py, on authlib) issuing a `groups` claim: a sign-in with the
mapped group makes the person a member from the provider, a later sign-in without it removes
them, and a member a team admin added by hand stays.
"""
from __future__ import annotations

import uuid

import pytest
import requests

from conftest import free_port, psql, start_server
from oidc_provider import Provider
from test_oidc import control, oidc_env, sign_in


@pytest.fixture(scope="module")
def provider():
    running = Provider(free_port()).start()
    yield running
    running.stop()


def test_membership_follows_the_groups_claim_at_each_sign_in(provider, database_url):
    eng, ops = uuid.uuid4(), uuid.uuid4()
    server = start_server(database_url, env=oidc_env(
        provider, DEBRIEF_OIDC_GROUPS_CLAIM="groups", DEBRIEF_OIDC_TEAMS=f"eng={eng}:editor; cn=ops,ou=groups={ops}"))
    try:
        provider.control({"redirect_uris": [server.base_url + "/signin/company/callback"]})
        psql(database_url, f"INSERT INTO teams (id, name) VALUES ('{eng}', 'Eng'), ('{ops}', 'Ops')")

        def membership() -> str:
            return psql(database_url, "SELECT t.name || ':' || tm.role || ':' || tm.source FROM team_members tm "
                                      "JOIN teams t ON t.id = tm.team_id JOIN accounts a ON a.id = tm.account_id "
                                      "WHERE a.email = 'gus@acme.test' ORDER BY t.name")

        control(provider, mode="normal", user={"sub": "emp-7007", "email": "gus@acme.test", "email_verified": True,
                                               "name": "Gus", "groups": ["eng", "unmapped"]})
        first = sign_in(server.base_url, requests.Session())
        assert first.status_code == 200, first.text[:400]
        assert membership() == "Eng:editor:provider"

        # A team admin adds him to Ops by hand; the provider then drops "eng".
        psql(database_url, f"INSERT INTO team_members (team_id, account_id, role) "
                           f"SELECT '{ops}', id, 'viewer' FROM accounts WHERE email = 'gus@acme.test'")
        control(provider, user={"groups": []})
        second = sign_in(server.base_url, requests.Session())
        assert second.status_code == 200, second.text[:400]
        assert membership() == "Ops:viewer:manual"

        # A single string is one group; an LDAP name with `=` and `,` maps too, but Ops is manual.
        control(provider, user={"groups": "cn=ops,ou=groups"})
        assert sign_in(server.base_url, requests.Session()).status_code == 200
        assert membership() == "Ops:viewer:manual"
    finally:
        server.stop()
