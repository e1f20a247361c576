"""django-oidc-provider's project for the e2e tests, in the provider's DEFAULT configuration as
far as Debrief can see it: claims only in the UserInfo answer (OIDC_IDTOKEN_INCLUDE_CLAIMS off),
`aud` a string, no `azp`, RS256 keys made by its `creatersakey` command.

The one setting a deployment must give it, OIDC_USERINFO, maps a Django user to the standard
claims; without it django-oidc-provider never sends `email_verified` (its default userinfo hook
returns no claims, so only `email` comes from `User.email`). `seed.userinfo` states what every
company directory states: this address is the person's.

Paths and the secret come from the environment (`DJANGO_OP_DB`), set by django_provider.py.
"""
import os

SECRET_KEY = "e2e-only-" + os.environ.get("DJANGO_OP_SECRET", "not-a-secret")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oidc_provider",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
ROOT_URLCONF = "urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": ["django.contrib.auth.context_processors.auth"]},
}]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["DJANGO_OP_DB"]}}
LOGIN_URL = "/login/"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
OIDC_USERINFO = "seed.userinfo"
LOGGING = {
    "version": 1,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.server": {"handlers": ["console"], "level": "INFO"}},
}
