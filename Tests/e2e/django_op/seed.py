"""Seeds the provider: a signing key, one person and the Debrief client (confidential, code
flow, no consent screen), from the environment django_provider.py sets."""
import os


def userinfo(claims, user):
    """OIDC_USERINFO: the claims of a Django user (see settings.py for why this one is set)."""
    claims["name"] = user.get_full_name()
    claims["email"] = user.email
    claims["email_verified"] = True
    return claims


def main():
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from oidc_provider.models import Client, ResponseType

    call_command("migrate", verbosity=0)
    call_command("creatersakey")
    get_user_model().objects.create_user(
        "ana", email=os.environ["DJANGO_OP_EMAIL"], first_name="Ana", last_name="Django")
    client = Client.objects.create(
        name="Debrief", client_type="confidential", client_id=os.environ["DJANGO_OP_CLIENT_ID"],
        client_secret=os.environ["DJANGO_OP_CLIENT_SECRET"], require_consent=False,
        _redirect_uris=os.environ["DJANGO_OP_REDIRECT_URI"],
        _post_logout_redirect_uris=os.environ["DJANGO_OP_POST_LOGOUT_URI"])
    client.response_types.add(ResponseType.objects.get(value="code"))


if __name__ == "__main__":
    main()
