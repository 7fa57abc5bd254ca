"""`deckdsl preview`: the page, the files it serves (and those it refuses), the live reload, broken decks;
then the same in a real browser (Playwright driving the system's Chromium, headless).

No test measures time: each waits for its condition with a generous limit and goes on as soon as it holds.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from markupsafe import escape

import deckdsl
from deckdsl.cli import main
from deckdsl.editor import preview as previewer
from deckdsl.editor.preview import PreviewServer

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
WAIT = 60.0
MAX_EVENTS = 40
MAX_LINES = 200
MAX_QUIET = 4
"""Seconds to wait for a reload, a page, a process: generous, since a loaded CI machine may be slow."""

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5e1a7a90000000049454e44ae426082"
)
"""A 1×1 PNG."""


@pytest.fixture
def deck(tmp_path) -> Path:
    """A copy of the standard deck in a folder of its own (it has no art; `art/muro.png` is added for the
    art tests), with an image beside that folder that no request may reach."""
    folder = tmp_path / "deck"
    folder.mkdir()
    target = folder / STANDARD.name
    shutil.copy(STANDARD, target)
    (tmp_path / "secret.png").write_bytes(PNG)
    return target


@pytest.fixture
def server(deck):
    running = PreviewServer(deck).start()
    yield running
    running.close()


def get(server: PreviewServer, path: str, host: str | None = None) -> tuple[int, dict, str]:
    """GET `path` exactly as written (http.client sends it unnormalised): (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=WAIT)
    try:
        connection.request("GET", path, headers={"Host": host} if host else {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def names(deck: Path) -> list[str]:
    return [card.name for card in deckdsl.load(deck).deck.cards]


def rename(deck: Path, old: str, new: str) -> None:
    text = deck.read_text(encoding="utf-8")
    assert f'card "{old}"' in text
    deck.write_text(text.replace(f'card "{old}"', f'card "{new}"'), encoding="utf-8")


def break_deck(deck: Path) -> None:
    """A syntax error in `Muro Alto`'s block (DK001 at line 23)."""
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("  copies: 6\n  value: 2\n", "  copies: 6\n  value: 2 +\n", 1), encoding="utf-8")


def entry(page: str, name: str) -> str:
    """The HTML of one card's entry on the page: its picture and the diagnostics beside it."""
    start = page.index(f'data-name="{escape(name)}"')
    end = page.find('<article class="card-entry', start)
    return page[start : end if end >= 0 else len(page)]


# ------------------------------------------------------------------------------- the page ---


def test_binds_to_the_loopback_address_only(server):
    assert server.server_address[0] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.server_address[1]}/"


def test_the_page_shows_every_card_with_its_diagnostics_and_the_rules(server, deck):
    status, headers, page = get(server, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    for name in names(deck):
        assert f'<span class="card-name">{escape(name)}</span>' in page
        # and inside the card's own document (escaped once more, in its srcdoc), made by the print template
        assert escape(f'data-card="{escape(name)}"') in page
    assert '<span class="card-name">Estrela</span>' in page and '<span class="card-name">Brinde</span>' in page
    assert "Resumo das regras" in page  # the rules summary page, as printed
    # The same findings as `deckdsl check`, each beside the card it concerns (the standard deck has a JW105
    # warning on Muro Alto), with file:line:col, code, message and help.
    found = deckdsl.load(deck).diagnostics
    assert found
    for diagnostic in found:
        where = f"{deck}:{diagnostic.span.line}:{diagnostic.span.column}"
        assert where in page and f"[{diagnostic.code}]" in page and escape(diagnostic.message) in page
        if diagnostic.help:
            assert escape(diagnostic.help) in page
    muro = [d for d in found if d.code == "JW105"][0]
    assert "[JW105]" in entry(page, "Muro Alto") and "[JW105]" not in entry(page, "Joia Cobiçada")
    assert escape(muro.message) in entry(page, "Muro Alto")


def test_the_page_loads_nothing_from_outside(server):
    _, headers, page = get(server, "/")
    assert "file:" not in page  # the print HTML's file: URLs are all made server paths
    assert "/assets/fonts/DejaVuSans.ttf" in page
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "http" not in policy and "*" not in policy  # no origin but this server's
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    assert f'<script nonce="{nonce}">' in page and page.count("<script") == 1
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert get(server, "/")[1]["Content-Security-Policy"] != policy  # a new nonce per page


def test_every_text_from_the_deck_is_escaped(deck):
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('card "Muro Alto"', 'card "<script>alert(1)</script>"'), encoding="utf-8")
    running = PreviewServer(deck).start()
    try:
        page = get(running, "/")[2]
    finally:
        running.close()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert" not in page and page.count("<script") == 1


def test_fonts_and_art_are_served_with_their_types(deck):
    (deck.parent / "art").mkdir()
    (deck.parent / "art" / "muro.png").write_bytes(PNG)
    (deck.parent / "inside.png").symlink_to(deck.parent / "art" / "muro.png")  # a link that stays inside
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("  copies: 6\n  value: 2\n", '  copies: 6\n  value: 2\n  art: "art/muro.png"\n', 1),
                    encoding="utf-8")
    running = PreviewServer(deck).start()
    try:
        page = get(running, "/")[2]
        assert re.search(r"url\(&#39;/files/art/muro\.png\?v=\d+&#39;\)", page)
        status, headers, _ = get(running, "/files/art/muro.png?v=1")
        assert status == 200 and headers["Content-Type"] == "image/png"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert get(running, "/files/inside.png")[0] == 200
        status, headers, _ = get(running, "/assets/fonts/DejaVuSans.ttf")
        assert status == 200 and headers["Content-Type"] == "font/ttf"
    finally:
        running.close()


def test_the_art_deckdsl_draws_is_served_by_the_preview(server):
    page = get(server, "/")[2]
    assert "deckdsl-art:" not in page
    drawn = re.search(r"url\(&#39;(/art/scene/rock/[0-9a-f]{32})&#39;\)", page).group(1)
    status, headers, body = get(server, drawn)
    assert status == 200 and headers["Content-Type"] == "image/svg+xml" and body.startswith("<svg")


# -------------------------------------------------------------------------- refused requests ---


@pytest.mark.parametrize("path", [
    "/files/../secret.png",                       # the image beside the deck's folder
    "/files/art/../../secret.png",
    "/files/%2e%2e/secret.png",                   # encoded traversal
    "/files/%2E%2E%2Fsecret.png",
    "/files/..%2fsecret.png",
    "/files/..%5csecret.png",                     # a backslash
    "/files/%252e%252e/secret.png",               # encoded twice: decoded once, it is a name, not `..`
    "/files//etc/passwd",                         # absolute
    "/files/{outside}",                           # absolute, an image outside the folder
    "/files/{outside_encoded}",
    "/files/%2Fetc%2Fpasswd",
    f"/files/{STANDARD.parent.parent}/pyproject.toml",
    "/../secret.png",
    "/etc/passwd",
    "/files/../../../../../../etc/passwd",
    "/assets/../deckdsl/__init__.py",             # out of the templates
    "/assets/%2e%2e/pyproject.toml",
    "/assets/deck.html.j2",                        # a template itself
    "/files/janken-wars.deck",                     # the deck folder serves pictures only
    "/files/", "/files/art/", "/assets/", "/assets/fonts/",  # never a listing
    "/files/.hidden.png",
    "/files/muro.png%00.deck",
    "/files/%ff%fe.png",                           # not UTF-8 once decoded
    "/files/leak.png",                             # a symlink to /etc/passwd
    "/files/outside.png",                          # a symlink to the image beside the folder
    "/art/scene/rock/zz", "/art/../etc/passwd", "/art/court/A/x/000000", "/art/",  # only what deckdsl draws
    "/favicon.ico", "/content/../files", "http://127.0.0.1/files/../secret.png",  # absolute-form
])
def test_traversal_and_everything_else_is_404(server, deck, path):
    (deck.parent / "art").mkdir()
    (deck.parent / "leak.png").symlink_to("/etc/passwd")
    (deck.parent / "outside.png").symlink_to(deck.parent.parent / "secret.png")
    (deck.parent / ".hidden.png").write_bytes(PNG)
    outside = str(deck.parent.parent / "secret.png")
    path = path.format(outside=outside, outside_encoded=outside.replace("/", "%2F"))
    status, headers, body = get(server, path)
    assert status == 404, (path, body[:200])
    assert "root:" not in body and "\x89PNG" not in body
    assert headers["X-Content-Type-Options"] == "nosniff" and "default-src 'none'" in headers["Content-Security-Policy"]


def test_another_host_name_is_refused(server):
    """A page of another site whose name was pointed at 127.0.0.1 (DNS rebinding) gets nothing."""
    status, _, body = get(server, "/", host="evil.example:80")
    assert status == 421 and "Janken" not in body
    assert get(server, "/", host=f"localhost:{server.server_address[1]}")[0] == 200


# ------------------------------------------------------------------------------ live reload ---


class Events:
    """An `/events` stream, read line by line (the socket's timeout, WAIT, fails a test that waits in vain)."""

    def __init__(self, server: PreviewServer) -> None:
        self.server = server
        self.connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=WAIT)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        self.reloads = 0

    def next(self) -> tuple[str, str]:
        event = data = ""
        quiet = 0
        for _ in range(MAX_LINES):
            line = self.response.fp.readline().decode()
            assert line, "the event stream closed"
            if line.startswith(":"):  # the server's keep-alive, one each 15 s of silence
                quiet += 1
                assert quiet <= MAX_QUIET, f"no event in {MAX_QUIET} keep-alive comments of the stream"
            elif line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: "):
                data = line[6:].strip()
            elif line == "\n" and event:
                self.reloads += event == "reload"
                return event, data
        raise AssertionError(f"no event in {MAX_LINES} lines of the stream")

    def until(self, text: str) -> str:
        """Read reload events until the page's live part holds `text`; that part.  The wait is bounded by
        counting events, not by a clock: a save makes one reload, so `MAX_EVENTS` events without the text
        is a failure (and a stream that goes quiet fails on the socket's own timeout, WAIT)."""
        for _ in range(MAX_EVENTS):
            event, _ = self.next()
            content = get(self.server, "/content")[2]
            if event == "reload" and text in content:
                return content
        raise AssertionError(f"no reload of {MAX_EVENTS} showed {text!r}")

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def events(server):
    stream = Events(server)
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    assert stream.next() == ("hello", str(server.preview.generation))
    assert server.preview.watching.wait(WAIT), "the watcher did not start"
    yield stream
    stream.close()


def test_events_follow_the_deck_file(server, deck, events):
    rename(deck, "Muro Alto", "Muro Renomeado")
    content = events.until("Muro Renomeado")
    assert events.reloads >= 1 and '<span class="card-name">Muro Renomeado</span>' in content


def test_events_follow_the_profile_next_to_the_deck(deck, tmp_path):
    """A `*.game` next to the deck is its profile: made while the preview runs, then edited, both show."""
    running = PreviewServer(deck).start()
    events = Events(running)
    try:
        events.next()
        assert running.preview.watching.wait(WAIT)
        shipped = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8")
        (deck.parent / "janken-wars.game").write_text(shipped.replace('pt-BR: "Estrela"', 'pt-BR: "Astro"'),
                                                      encoding="utf-8")
        assert '<span class="card-name">Astro</span>' in events.until("Astro")
        (deck.parent / "janken-wars.game").write_text(shipped.replace('pt-BR: "Estrela"', 'pt-BR: "Cometa"'),
                                                      encoding="utf-8")
        content = events.until("Cometa")
        assert '<span class="card-name">Cometa</span>' in content and "Astro" not in content
    finally:
        events.close()
        running.close()


def test_events_follow_the_art(deck):
    """A card's picture, missing at first (DK302), then made in a new `art/` folder, then changed."""
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("  copies: 6\n  value: 2\n", '  copies: 6\n  value: 2\n  art: "art/muro.png"\n', 1),
                    encoding="utf-8")
    running = PreviewServer(deck).start()
    events = Events(running)
    try:
        events.next()
        assert "[DK302]" in get(running, "/content")[2]
        assert running.preview.watching.wait(WAIT)
        (deck.parent / "art").mkdir()
        (deck.parent / "art" / "muro.png").write_bytes(PNG)
        content = events.until("/files/art/muro.png")
        while "[DK302]" in content:  # the folder and the file may come as two reloads
            content = events.until("/files/art/muro.png")
        before = events.reloads
        (deck.parent / "art" / "muro.png").write_bytes(PNG + b"\0")
        events.until("/files/art/muro.png")
        assert events.reloads > before
    finally:
        events.close()
        running.close()


def test_what_is_watched(server, deck):
    """The deck, its profile (here the shipped one) and the templates reload; an editor's swap file or
    another file of the deck's folder does not."""
    preview = server.preview
    shipped = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").resolve()
    assert {deck.resolve(), shipped} <= preview.files
    assert {deck.parent.resolve(), shipped.parent, previewer.TEMPLATES} <= preview.folders()
    for path in (deck.resolve(), shipped, previewer.TEMPLATES / "deck.html.j2", previewer.TEMPLATES / "fonts" / "x.ttf",
                 deck.parent.resolve() / "my-game.game"):
        assert preview.relevant(None, str(path)), path
    for path in (deck.parent.resolve() / ".janken-wars.deck.swp", deck.parent.resolve() / "notes.txt"):
        assert not preview.relevant(None, str(path)), path


def test_a_broken_deck_shows_its_diagnostics_and_the_last_good_cards(server, deck):
    good = names(deck)
    break_deck(deck)
    server.preview.reload()
    page = get(server, "/")[2]
    assert f"{deck}:23:12" in page and "[DK001]" in page and "unexpected `+`" in page
    assert "the cards below are from the last version that rendered" in page
    for name in good:
        assert f'<span class="card-name">{escape(name)}</span>' in page
    assert "[DK001]" in entry(page, "Muro Alto")  # beside the card it concerns
    assert "Traceback" not in page
    # Fixed again: fresh cards, no banner.
    deck.write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    server.preview.reload()
    page = get(server, "/")[2]
    assert "[DK001]" not in page and "last version that rendered" not in page


def test_a_deck_broken_from_the_start_shows_its_diagnostics(deck):
    break_deck(deck)
    running = PreviewServer(deck).start()
    try:
        page = get(running, "/")[2]
    finally:
        running.close()
    assert "[DK001]" in page and 'class="card-name"' not in page


@pytest.mark.parametrize("where", ["render", "load"])
def test_an_internal_error_is_a_message_and_the_server_goes_on(server, deck, monkeypatch, where):
    def broken(*args, **kwargs):
        raise ValueError(f"the {where} broke")

    monkeypatch.setattr(*((previewer.render, "html") if where == "render" else (previewer, "load")), broken)
    server.preview.reload()
    status, _, page = get(server, "/")
    assert status == 200 and "[internal]" in page and f"ValueError: the {where} broke" in page
    assert "Traceback" not in page
    for name in names(deck):  # the last good cards stay
        assert f'<span class="card-name">{escape(name)}</span>' in page


def test_print_pages_give_each_card_of_every_shipped_deck(tmp_path):
    """The preview cuts the print HTML into one document per card: for every shipped deck, each card's
    document is that card's (so a change to the print templates' page structure fails here)."""
    for path in sorted((ROOT / "decks").glob("*.deck")):
        result = deckdsl.load(path)
        cards = previewer.print_cards(result.deck, path.parent.resolve(), result.profile)
        assert [card["name"] for card in cards.cards] == [card.name for card in result.deck.cards]
        for card in cards.cards:
            assert f'data-card="{escape(card["name"])}"' in card["face"], (path.name, card["name"])
            assert card["face"].count('<div class="page faces">') == 1 and "file:" not in card["face"]
        assert cards.backs and sum(back["count"] for back in cards.backs) >= len(result.deck.cards)
    janken = deckdsl.load(STANDARD)
    extras = previewer.print_cards(janken.deck, STANDARD.parent, janken.profile).extras
    assert [(extra["name"], extra["count"]) for extra in extras] == [("Estrela", 5), ("Brinde", 10)]


def test_the_preview_never_loads_weasyprint(deck):
    code = ("import sys; from pathlib import Path; from deckdsl.editor.preview import PreviewServer;"
            f"s = PreviewServer(Path({str(deck)!r})); s.server_close();"
            "print(s.preview.last_good is not None, 'weasyprint' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["True", "False"]


# ---------------------------------------------------------------------------------- the CLI ---


def test_cli_missing_file_exits_2(tmp_path):
    result = CliRunner().invoke(main, ["preview", str(tmp_path / "nowhere.deck")])
    assert result.exit_code == 2


def test_cli_port_in_use_exits_2(deck):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = CliRunner().invoke(main, ["preview", str(deck), "--port", str(taken.getsockname()[1])])
    assert result.exit_code == 2 and "cannot listen" in result.output


def test_cli_serves_until_ctrl_c(deck):
    # A shell runs a background job with SIGINT ignored, and a child inherits that (Python then installs
    # no KeyboardInterrupt): give the server the disposition a terminal's Ctrl-C meets.
    process = subprocess.Popen([sys.executable, "-m", "deckdsl", "preview", str(deck), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert url, line
        connection = http.client.HTTPConnection("127.0.0.1", int(url.group(1)), timeout=WAIT)
        connection.request("GET", "/")
        assert "Muro Alto" in connection.getresponse().read().decode()
        connection.close()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "stopped" in out and "Traceback" not in err
    with pytest.raises(OSError):  # the port is closed
        socket.create_connection(("127.0.0.1", int(url.group(1))), timeout=5).close()


# ------------------------------------------------------------------------------ in a browser ---


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in ("/usr/bin/chromium", "/usr/lib/chromium/chromium") if os.path.exists(p)), None)


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    if executable is None:
        reason = "no Chromium found (install Debian's `chromium` package; .ci/run does): the browser tests need it"
        if os.environ.get("DECKDSL_REQUIRE_BROWSER"):
            pytest.fail(reason + " and DECKDSL_REQUIRE_BROWSER is set")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, headless=True,
            args=["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [],
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):
    """The preview open in a new tab, its live connection up; `page.problems` collects CSP violations and
    requests that failed."""
    from playwright.sync_api import expect

    tab = browser.new_page()
    tab.problems = []
    tab.on("console", lambda m: tab.problems.append(m.text) if "Content Security Policy" in m.text else None)
    # A request cut short because its iframe was swapped out (ERR_ABORTED) is how a swap goes, not a problem.
    tab.on("requestfailed", lambda r: None if "ABORTED" in (r.failure or "") else tab.problems.append(
        f"failed: {r.url} {r.failure}"))
    tab.goto(server.url)
    expect(tab.locator("#live")).to_have_text("live", timeout=WAIT * 1000)
    assert server.preview.watching.wait(WAIT), "the watcher did not start"
    yield tab
    tab.close()


def test_browser_shows_the_cards_as_printed(page, deck):
    from playwright.sync_api import expect

    cards = names(deck)
    expect(page.locator(".card-entry[data-name] .card-name")).to_have_count(len(cards), timeout=WAIT * 1000)
    for name in cards:
        # Inside the card's iframe, the print template's own markup: the name on the card.
        face = page.frame_locator(f'iframe[title="{name}"]')
        expect(face.locator(".card .name")).to_have_text(name, timeout=WAIT * 1000)
    frame = page.locator('iframe[title="Muro Alto"]').element_handle().content_frame()
    frame.wait_for_function("document.fonts.check('12px \"Deck Sans\"') && document.fonts.status === 'loaded'",
                            timeout=WAIT * 1000)
    expect(page.locator('.card-entry[data-name="Muro Alto"] .diagnostic')).to_contain_text("JW105")
    assert page.problems == []


def test_browser_follows_a_saved_edit_without_a_reload(page, deck):
    from playwright.sync_api import expect

    page.evaluate("window.sameDocument = 42")
    rename(deck, "Muro Alto", "Muro Renomeado")
    expect(page.locator(".card-name", has_text="Muro Renomeado")).to_be_visible(timeout=WAIT * 1000)
    expect(page.frame_locator('iframe[title="Muro Renomeado"]').locator(".card .name")).to_have_text(
        "Muro Renomeado", timeout=WAIT * 1000)
    expect(page.locator(".card-name", has_text="Muro Alto")).to_have_count(0)
    assert page.evaluate("window.sameDocument") == 42  # swapped in place: the page was not reloaded
    assert page.problems == []


def test_browser_shows_a_broken_deck_with_the_last_good_cards(page, deck):
    from playwright.sync_api import expect

    break_deck(deck)
    expect(page.locator(".diagnostic", has_text="DK001")).to_be_visible(timeout=WAIT * 1000)
    expect(page.locator(".stale")).to_be_visible()
    expect(page.locator(".card-entry[data-name] .card-name")).to_have_count(len(names(STANDARD)))
    expect(page.locator('.card-entry[data-name="Muro Alto"] .diagnostic', has_text="DK001")).to_be_visible()
    deck.write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    expect(page.locator(".stale")).to_have_count(0, timeout=WAIT * 1000)
    assert page.problems == []


def test_a_theme_next_to_the_deck_is_previewed_its_fonts_served_and_its_changes_followed(server, deck):
    """The preview prints in the deck's theme (`theme.html.j2` beside it): its CSS is in the cards, its font
    is served from the deck's folder, a change to it reloads, and a broken theme is DK307 at its line with
    the last good cards kept."""
    shutil.copy(ROOT / "templates" / "fonts" / "DejaVuSans-Bold.ttf", deck.parent / "mine.ttf")
    theme = deck.parent / "theme.html.j2"
    theme.write_text('{% extends "deck.html.j2" %}{% block style %}@font-face { font-family: "Mine"; '
                     'src: url("{{ theme }}/mine.ttf"); } .rock { background: #123456; }{% endblock %}',
                     encoding="utf-8")
    preview = server.preview
    preview.reload()
    assert preview.relevant(None, str(theme.resolve()))
    page = get(server, "/")[2]
    assert "#123456" in page and "/files/mine.ttf" in page
    status, headers, _ = get(server, "/files/mine.ttf")
    assert status == 200 and headers["Content-Type"] == "font/ttf"
    theme.write_text('{% extends "deck.html.j2" %}\n{% block footer %}{{ titel }}{% endblock %}\n', encoding="utf-8")
    preview.reload()
    page = get(server, "/")[2]
    assert "[DK307]" in page and "theme.html.j2:2:1" in page
    assert "the cards below are from the last version that rendered" in page
    theme.unlink()


def test_a_theme_given_with_theme_dir_is_previewed_its_files_served_from_its_folder(deck, tmp_path):
    """`deckdsl preview DECK --theme DIR`: the theme of another folder prints the cards, its font is served
    under `/theme/` (from that folder only), a change to it reloads, and the deck's folder is not a theme."""
    folder = tmp_path / "my-theme"
    folder.mkdir()
    shutil.copy(ROOT / "templates" / "fonts" / "DejaVuSans-Bold.ttf", folder / "mine.ttf")
    (folder / "notes.txt").write_text("not served", encoding="utf-8")
    theme = folder / "theme.html.j2"
    theme.write_text('{% extends "deck.html.j2" %}{% block style %}@font-face { font-family: "Mine"; '
                     'src: url("{{ theme }}/mine.ttf"); } .rock { background: #654321; }{% endblock %}',
                     encoding="utf-8")
    running = PreviewServer(deck, theme=folder).start()
    try:
        page = get(running, "/")[2]
        assert "#654321" in page and "/theme/mine.ttf" in page and str(folder) not in page
        status, headers, _ = get(running, "/theme/mine.ttf")
        assert status == 200 and headers["Content-Type"] == "font/ttf"
        assert get(running, "/theme/notes.txt")[0] == 404
        assert get(running, "/theme/../deck/" + deck.name)[0] == 404
        assert running.preview.relevant(None, str(theme.resolve()))
        assert folder.resolve() in running.preview.folders()
    finally:
        running.close()
    plain = PreviewServer(deck).start()
    try:
        assert get(plain, "/theme/mine.ttf")[0] == 404  # no theme given: nothing under /theme/
    finally:
        plain.close()


def test_the_preview_command_takes_a_theme_folder(deck, tmp_path):
    run = CliRunner().invoke(main, ["preview", str(deck), "--theme", str(tmp_path / "nowhere")])
    assert run.exit_code == 2 and "--theme" in run.output
