"""The provider's routes under /openid, and a login that signs in the seeded person (the
provider's own login form is the project's to write; the tests need no password typed)."""
from django.contrib.auth import get_user_model, login
from django.http import HttpResponseRedirect
from django.urls import include, path
from django.utils.http import url_has_allowed_host_and_scheme


def sign_in_seeded_person(request):
    login(request, get_user_model().objects.get(username="ana"), backend="django.contrib.auth.backends.ModelBackend")
    target = request.GET.get("next", "/")
    return HttpResponseRedirect(target if url_has_allowed_host_and_scheme(target, allowed_hosts=None) else "/")


urlpatterns = [
    path("login/", sign_in_seeded_person),
    path("openid/", include("oidc_provider.urls", namespace="oidc_provider")),
]
