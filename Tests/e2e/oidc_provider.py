"""A small, real OpenID Connect provider for the company sign-in tests, on authlib.

Authorization code flow with PKCE (authlib's S256 check), client authentication by HTTP Basic,
single-use codes, ID tokens signed with joserfc (authlib's JOSE library) by one of two
published keys (RS256 `k1`, ES256 `k2`), discovery with an `end_session_endpoint`. There is no
login form: `/authorize` signs in whoever `POST /control` named last.

`POST /control` (JSON) steers it: `user` (sub, email, email_verified, name, and `groups`, sent
as the `groups` claim when set), `signing_kid`
(switch the signing key: key rotation), `rotate` (publish a new key and sign with it from now
on), `redirect_uris`, and `mode`, which breaks the next ID tokens one way:
`wrong_aud`, `expired`, `bad_signature` (signed by an unpublished key under `k1`'s id),
`unknown_kid` (a key id the JWKS never lists) or `normal`. Two modes make legitimate choices a
provider may make (OIDC Core §3.1.3.7, §5.4): `userinfo_only` (the e-mail claims only in the
UserInfo answer, `aud` an array of this client and another audience, `azp` this client) and
`userinfo_other_sub` (as `userinfo_only`, but UserInfo answers for another subject). `/userinfo`
answers the bearer of an access token this provider issued; `userinfo_calls` counts its answers. `stop()` takes it down (the
"provider is down" case); `start()` brings it back on the same port.
"""
from __future__ import annotations

import base64
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from authlib.oauth2.rfc7636 import create_s256_code_challenge
from joserfc import jwt
from joserfc.jwk import ECKey, RSAKey


class Provider:
    def __init__(self, port: int, client_id: str = "debrief", client_secret: str = "s3cret-for-tests"):
        self.port = port
        self.issuer = f"http://127.0.0.1:{port}"
        self.client_id = client_id
        self.client_secret = client_secret
        self.keys = {"k1": (RSAKey.generate_key(2048, parameters={"kid": "k1"}), "RS256"),
                     "k2": (ECKey.generate_key("P-256", parameters={"kid": "k2"}), "ES256")}
        self.published = ["k1", "k2"]
        self.signing_kid = "k1"
        self.mode = "normal"
        self.user = {"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True, "name": "Ana Kim"}
        self.redirect_uris: list[str] = []
        self.codes: dict[str, dict] = {}
        self.logouts: list[dict] = []
        self.access_tokens: dict[str, dict] = {}
        self.userinfo_calls = 0
        self.jwks_fetches = 0
        self.lock = threading.Lock()
        self.httpd: ThreadingHTTPServer | None = None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> "Provider":
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):
                provider.handle(self, "GET")

            def do_POST(self):
                provider.handle(self, "POST")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    # ------------------------------------------------------------------ HTTP
    def handle(self, request: BaseHTTPRequestHandler, method: str):
        url = urllib.parse.urlsplit(request.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        length = int(request.headers.get("Content-Length") or 0)
        body = request.rfile.read(length) if length else b""
        route = (method, url.path)
        if route == ("GET", "/.well-known/openid-configuration"):
            return self.json(request, 200, self.discovery())
        if route == ("GET", "/jwks"):
            with self.lock:
                self.jwks_fetches += 1
                keys = [self.keys[kid][0].as_dict(private=False) | {"use": "sig", "alg": self.keys[kid][1]}
                        for kid in self.published]
            return self.json(request, 200, {"keys": keys})
        if route == ("GET", "/authorize"):
            return self.authorize(request, query)
        if route == ("POST", "/token"):
            return self.token(request, dict(urllib.parse.parse_qsl(body.decode())))
        if route == ("GET", "/userinfo"):
            return self.userinfo(request)
        if route == ("GET", "/logout"):
            self.logouts.append(query)
            target = query.get("post_logout_redirect_uri")
            return self.redirect(request, target) if target else self.json(request, 200, {"signed_out": True})
        if route == ("POST", "/control"):
            self.control(json.loads(body or b"{}"))
            return self.json(request, 200, {"ok": True})
        return self.json(request, 404, {"error": "not_found"})

    def discovery(self) -> dict:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "end_session_endpoint": f"{self.issuer}/logout",
            "userinfo_endpoint": f"{self.issuer}/userinfo",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256", "ES256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic"],
            "code_challenge_methods_supported": ["S256"],
            "scopes_supported": ["openid", "email", "profile"],
        }

    def authorize(self, request, query: dict):
        if query.get("client_id") != self.client_id or query.get("redirect_uri") not in self.redirect_uris:
            return self.json(request, 400, {"error": "invalid_request", "error_description": "unknown client or redirect_uri"})
        if query.get("response_type") != "code" or query.get("code_challenge_method") != "S256" or not query.get("code_challenge"):
            return self.json(request, 400, {"error": "invalid_request", "error_description": "code flow with PKCE S256 only"})
        if "openid" not in query.get("scope", "").split():
            return self.json(request, 400, {"error": "invalid_scope"})
        code = secrets.token_urlsafe(24)
        with self.lock:
            self.codes[code] = {"challenge": query["code_challenge"], "nonce": query.get("nonce"),
                                "redirect_uri": query["redirect_uri"], "user": dict(self.user), "used": False}
        target = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query.get("state", "")})
        return self.redirect(request, target)

    def token(self, request, form: dict):
        auth = request.headers.get("Authorization", "")
        expected = "Basic " + base64.b64encode(
            f"{urllib.parse.quote(self.client_id, safe='')}:{urllib.parse.quote(self.client_secret, safe='')}".encode()).decode()
        if auth != expected:
            return self.json(request, 401, {"error": "invalid_client"})
        with self.lock:
            grant = self.codes.get(form.get("code", ""))
            if grant is None or grant["used"]:
                return self.json(request, 400, {"error": "invalid_grant", "error_description": "code unknown or used"})
            grant["used"] = True
        if form.get("grant_type") != "authorization_code" or form.get("redirect_uri") != grant["redirect_uri"]:
            return self.json(request, 400, {"error": "invalid_grant", "error_description": "redirect_uri mismatch"})
        if create_s256_code_challenge(form.get("code_verifier", "")) != grant["challenge"]:
            return self.json(request, 400, {"error": "invalid_grant", "error_description": "PKCE verification failed"})
        access_token = secrets.token_urlsafe(16)
        with self.lock:
            self.access_tokens[access_token] = {"user": grant["user"], "mode": self.mode}
        return self.json(request, 200, {"access_token": access_token, "token_type": "Bearer", "expires_in": 300,
                                        "id_token": self.id_token(grant)})

    def userinfo(self, request):
        auth = request.headers.get("Authorization", "")
        with self.lock:
            grant = self.access_tokens.get(auth.removeprefix("Bearer ")) if auth.startswith("Bearer ") else None
        if grant is None:
            return self.json(request, 401, {"error": "invalid_token"})
        user = grant["user"]
        with self.lock:
            self.userinfo_calls += 1
        sub = "someone-else" if grant["mode"] == "userinfo_other_sub" else user["sub"]
        answer = {"sub": sub, "email": user["email"], "email_verified": user["email_verified"], "name": user["name"]}
        if "groups" in user:
            answer["groups"] = user["groups"]
        return self.json(request, 200, answer)

    def id_token(self, grant: dict) -> str:
        now = int(time.time())
        user = grant["user"]
        claims = {"iss": self.issuer, "sub": user["sub"], "aud": self.client_id, "iat": now, "exp": now + 300,
                  "nonce": grant["nonce"], "email": user["email"], "email_verified": user["email_verified"],
                  "name": user["name"]}
        if "groups" in user:
            claims["groups"] = user["groups"]
        key, alg = self.keys[self.signing_kid]
        kid = self.signing_kid
        if self.mode in ("userinfo_only", "userinfo_other_sub"):
            for claim in ("email", "email_verified", "name", "groups"):
                claims.pop(claim, None)
            claims["aud"], claims["azp"] = [self.client_id, "https://api.acme.test"], self.client_id
        elif self.mode == "wrong_aud":
            claims["aud"] = "another-app"
        elif self.mode == "expired":
            claims["iat"], claims["exp"] = now - 900, now - 600
        elif self.mode == "bad_signature":
            key, alg = RSAKey.generate_key(2048), "RS256"
            kid = "k1"
        elif self.mode == "unknown_kid":
            key, alg = RSAKey.generate_key(2048), "RS256"
            kid = "ghost-key"
        return jwt.encode({"alg": alg, "kid": kid, "typ": "JWT"}, claims, key)

    def control(self, change: dict):
        with self.lock:
            if "user" in change:
                self.user = {**self.user, **change["user"]}
            if "mode" in change:
                self.mode = change["mode"]
            if "signing_kid" in change:
                self.signing_kid = change["signing_kid"]
            if "redirect_uris" in change:
                self.redirect_uris = list(change["redirect_uris"])
            if change.get("rotate"):
                kid = f"k{len(self.keys) + 1}"
                self.keys[kid] = (RSAKey.generate_key(2048, parameters={"kid": kid}), "RS256")
                self.published = [*self.published, kid]
                self.signing_kid = kid

    # ------------------------------------------------------------------ answers
    @staticmethod
    def json(request, status: int, body: dict):
        data = json.dumps(body).encode()
        request.send_response(status)
        request.send_header("Content-Type", "application/json")
        request.send_header("Content-Length", str(len(data)))
        request.send_header("Cache-Control", "no-store")
        request.end_headers()
        request.wfile.write(data)

    @staticmethod
    def redirect(request, location: str):
        request.send_response(302)
        request.send_header("Location", location)
        request.send_header("Content-Length", "0")
        request.end_headers()
