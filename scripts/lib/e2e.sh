# shellcheck shell=bash
# The Python side of the tests. Source this file (bash).
#
#   ensure_e2e_python   create .venv-e2e (once) with Tests/e2e/requirements.txt installed, and
#                       export E2E_PYTHON (its python). Reinstalls when the requirements change.

ensure_e2e_python() {
    local venv=.venv-e2e requirements=Tests/e2e/requirements.txt
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
    fi
    if ! cmp -s "$requirements" "$venv/requirements.installed"; then
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
        cp "$requirements" "$venv/requirements.installed"
    fi
    E2E_PYTHON="$PWD/$venv/bin/python"
    export E2E_PYTHON
}
