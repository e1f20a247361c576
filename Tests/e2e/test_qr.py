"""QR codes of the participant URL, read back with a real decoder as a phone would read them.

zbarimg (zbar-tools) decodes; rsvg-convert (librsvg2-bin) rasterizes the SVG first. scripts/test
installs both, so a missing tool fails here rather than skipping.
"""
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import API


def decode(image: Path) -> str:
    """The payload of the one QR code in the image."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg (zbar-tools) is not installed; scripts/test installs it"
    done = subprocess.run([zbarimg, "--raw", "-q", str(image)], capture_output=True, check=False)
    assert done.returncode == 0, f"zbarimg found no code in {image}: {done.stderr!r}"
    return done.stdout.decode().rstrip("\n")


def rasterize(svg: Path, png: Path) -> None:
    rsvg = shutil.which("rsvg-convert")
    assert rsvg, "rsvg-convert (librsvg2-bin) is not installed; scripts/test installs it"
    subprocess.run([rsvg, "--format=png", "--output", str(png), str(svg)], check=True)


@pytest.fixture(scope="module")
def published(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    form = host.publish_form(meeting)
    return host, meeting, form["participantUrl"]


@pytest.mark.parametrize("ecc", ["L", "M", "Q", "H"])
def test_the_png_decodes_to_the_participant_url(published, tmp_path: Path, ecc: str):
    host, meeting, url = published
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.png", params={"size": 300, "ecc": ecc})
    assert reply.status_code == 200, reply.text
    assert reply.headers["Content-Type"] == "image/png"
    assert reply.content.startswith(b"\x89PNG\r\n\x1a\n")
    image = tmp_path / "code.png"
    image.write_bytes(reply.content)
    assert decode(image) == url


def test_the_svg_rasterized_decodes_to_the_participant_url(published, tmp_path: Path, artifacts: Path):
    host, meeting, url = published
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.svg", params={"size": 400, "margin": 2})
    assert reply.status_code == 200, reply.text
    assert reply.headers["Content-Type"] == "image/svg+xml"
    assert "default-src 'none'" in reply.headers["Content-Security-Policy"]
    svg, png = tmp_path / "code.svg", tmp_path / "code.png"
    svg.write_bytes(reply.content)
    (artifacts / "qr-code.svg").write_bytes(reply.content)
    rasterize(svg, png)
    assert decode(png) == url


def test_the_png_is_a_1_bit_image_no_wider_than_asked(published):
    host, meeting, _ = published
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.png", params={"size": 64, "margin": 0})
    assert reply.status_code == 200, reply.text
    width = int.from_bytes(reply.content[16:20], "big")
    height = int.from_bytes(reply.content[20:24], "big")
    assert 0 < width <= 64 and width == height
    # Bit depth 1, grayscale, deflate, no interlace.
    assert reply.content[24:29] == bytes([1, 0, 0, 0, 0])


def test_another_host_gets_404_and_no_token_401(published, api: API):
    _, meeting, _ = published
    stranger = api.sign_up("Stranger")
    for suffix in ("qr.svg", "qr.png"):
        foreign = stranger.request("GET", f"/v1/meetings/{meeting}/{suffix}")
        assert foreign.status_code == 404, foreign.text
        assert foreign.headers["Content-Type"] == "application/problem+json"
        anonymous = api.request("GET", f"/v1/meetings/{meeting}/{suffix}")
        assert anonymous.status_code == 401, anonymous.text


def test_bad_parameters_are_a_400_naming_each(published):
    host, meeting, _ = published
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.png", params={"size": "10", "margin": "17", "ecc": "X"})
    assert reply.status_code == 400, reply.text
    problem = reply.json()
    assert problem["code"] == "bad_request"
    assert [error["path"] for error in problem["errors"]] == ["size", "margin", "ecc"]
    assert problem["errors"][0]["message"] == "must be an integer from 64 to 4096"


def test_a_meeting_without_a_published_form_has_no_code(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.svg")
    assert reply.status_code == 404, reply.text
    assert "published form" in reply.json()["detail"]
