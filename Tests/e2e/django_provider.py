"""A second, real OpenID Connect provider for the company sign-in tests: django-oidc-provider
(PyPI) in its default configuration (django_op/settings.py says what that means and the one
hook set), on Django's development server over a free loopback port, with a fresh SQLite
database in a temporary folder that `stop()` deletes.

`start()` migrates, makes an RSA key, the person and the Debrief client (django_op/seed.py), then
serves; `requests_seen(path)` reads the server's access log, which is how a test knows the
provider itself received, say, the end-session request.
"""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

from conftest import wait_until

PROJECT = Path(__file__).parent / "django_op"


class DjangoProvider:
    client_id = "debrief-django"
    client_secret = "django-s3cret-for-tests"

    def __init__(self, port: int, email: str = "ana.django@acme.test"):
        self.port = port
        self.issuer = f"http://127.0.0.1:{port}/openid"
        self.email = email
        self.folder: Path | None = None
        self.process: subprocess.Popen | None = None
        self.log_path: Path | None = None

    @staticmethod
    def version() -> str:
        return f"django-oidc-provider {importlib.metadata.version('django-oidc-provider')}, " \
               f"Django {importlib.metadata.version('django')}"

    def start(self, redirect_uri: str, post_logout_uri: str) -> "DjangoProvider":
        self.folder = Path(tempfile.mkdtemp(prefix="debrief-django-op-"))
        self.log_path = self.folder / "server.log"
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="settings", PYTHONPATH=str(PROJECT),
                   DJANGO_OP_DB=str(self.folder / "op.sqlite3"), DJANGO_OP_EMAIL=self.email,
                   DJANGO_OP_CLIENT_ID=self.client_id, DJANGO_OP_CLIENT_SECRET=self.client_secret,
                   DJANGO_OP_REDIRECT_URI=redirect_uri, DJANGO_OP_POST_LOGOUT_URI=post_logout_uri,
                   PYTHONUNBUFFERED="1")
        subprocess.run([sys.executable, str(PROJECT / "seed.py")], env=env, check=True, cwd=self.folder,
                       capture_output=True, timeout=120)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "django", "runserver", "--noreload", f"127.0.0.1:{self.port}"],
                env=env, cwd=self.folder, stdout=log, stderr=subprocess.STDOUT)
        wait_until(self.answers_discovery, 30, "django-oidc-provider's discovery")
        return self

    def answers_discovery(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError(f"django-oidc-provider exited:\n{self.log()}")
        try:
            url = self.issuer + "/.well-known/openid-configuration"
            return requests.get(url, timeout=1).status_code == 200
        except requests.RequestException:
            return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path and self.log_path.exists() else ""

    def requests_seen(self, path: str) -> list[str]:
        """The access log's lines of requests to `path` (`"GET /openid/end-session?… HTTP/1.1" 302 0`)."""
        return [line for line in self.log().splitlines() if f" {path}" in line and "HTTP/1.1" in line]

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
