"""Art deckdsl draws itself, as SVG: the type icons, the scene in the art frame of a card without a picture,
and the face of a court card (J, Q, K) printed as a playing card.

The sheets ask for a scene or a court figure by a `deckdsl-art:` URL (`scene_url`, `court_url`), which the
render's fetcher — and the preview's server — answer with `drawn`: the HTML stays small (a theme's output is
bounded, `deckdsl.printing.sandbox`), and the PDF holds each distinct picture once.

- A **scene** is drawn in light and shade only (white and black at low opacities) over the frame's own
  colour, so it takes the colours of the card's type, the deck's `print { colours }` and a theme's CSS: a
  sunburst, a ring of small motifs, and a medallion holding the type's icon — or, for a type or a component
  without one (a Brinde), a rosette.  The numbers of rays, motifs and petals and their turn come from a
  hash of the card's name and type: every copy and every render is the same, two different cards differ.
- A **court figure** is a card-maker's court card: a crowned bust, the suit on its chest, mirrored head to
  foot, in the suit's ink and a gold and a robe colour; a king's crown has a cross, a queen's pearls, a
  jack wears a feathered cap.

Every number written into the SVG is formatted here from our own constants and the hash; the one text, a
suit's symbol from the game's profile, is escaped; a URL that is not one `drawn` makes is refused.
"""

from __future__ import annotations

import hashlib
import math
import re
from urllib.parse import quote, unquote

from markupsafe import escape

SCHEME = "deckdsl-art"

ICONS = {  # wrapped in Markup by the sheets: our own constant markup, never deck text
    "rock": '<path d="M4 17 7 8l6-3 6 4 2 8-5 3H8z" fill="#6b645a" stroke="#222" stroke-width="1.2"/>',
    "paper": '<path d="M6 3h9l4 4v14H6z" fill="#fffdf5" stroke="#222" stroke-width="1.2"/>'
    '<path d="M15 3v4h4M8.5 11h8M8.5 14h8M8.5 17h6" stroke="#222" stroke-width="1"/>',
    "scissors": '<circle cx="6.5" cy="17.5" r="3" fill="none" stroke="#222" stroke-width="1.4"/>'
    '<circle cx="17.5" cy="17.5" r="3" fill="none" stroke="#222" stroke-width="1.4"/>'
    '<path d="M8.5 15 18 3M15.5 15 6 3" stroke="#222" stroke-width="1.4"/>',
    "star": '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" '
    'fill="#f2c230" stroke="#222" stroke-width="1.1"/>',
}
"""Type icons, inline SVG paths in a 24×24 box (no file to fetch)."""

COURTS = {"J": "jack", "Q": "queen", "K": "king"}
"""The ranks printed with a court figure, by the rank's canonical value."""

GOLD, SKIN, LINE = "#d9a93a", "#f3dcc0", "#17171a"
ROBES = {"jack": "#2f7d4f", "queen": "#8c2f5d", "king": "#2d5f8f"}
"""Each court's robe: the three told apart at a glance, whatever the suit."""


def scene_url(name: str, kind: str) -> str:
    """The address of the scene of card `name` of type (or component) `kind`."""
    digest = hashlib.sha256(f"{name}\x1f{kind}".encode()).hexdigest()[:32]
    return f"{SCHEME}:scene/{quote(kind, safe='')}/{digest}"


def court_url(rank: str, symbol: str, ink: str) -> str | None:
    """The address of the court figure of `rank` (None for a rank without one), its suit's `symbol` in `ink`."""
    if rank not in COURTS or not re.fullmatch(r"#[0-9a-f]{6}", ink):
        return None
    return f"{SCHEME}:court/{rank}/{quote(symbol, safe='')}/{ink[1:]}"


def drawn(url: str) -> bytes | None:
    """The SVG file at a `deckdsl-art:` address, or None for an address `scene_url` or `court_url` does not make."""
    found = re.fullmatch(rf"{SCHEME}:scene/([^/]{{1,200}})/([0-9a-f]{{32}})", url)
    if found is not None:
        kind = unquote(found.group(1))
        return _scene(list(bytes.fromhex(found.group(2))) * 2, ICONS.get(kind)).encode("utf-8")
    found = re.fullmatch(rf"{SCHEME}:court/([JQK])/([^/]{{1,40}})/([0-9a-f]{{6}})", url)
    if found is not None:
        symbol = unquote(found.group(2))
        return _court(COURTS[found.group(1)], symbol[:4], "#" + found.group(3)).encode("utf-8") if symbol else None
    return None


def _f(number: float) -> str:
    return f"{number:.2f}".rstrip("0").rstrip(".")


def _scene(n: list[int], icon: str | None) -> str:
    """The art of a card without a picture, from the numbers `n` of its hash; `icon`, the type's SVG (24×24),
    sits in the medallion, else a rosette does."""
    rays = 12 + n[0] % 4 * 2
    turn = n[1] % 30
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">']
    for ray in range(0, rays, 2):
        a = math.radians(turn + ray * 360 / rays)
        b = math.radians(turn + (ray + 1) * 360 / rays)
        parts.append(f'<path d="M60 60L{_f(60 + 120 * math.cos(a))} {_f(60 + 120 * math.sin(a))}'
                     f'L{_f(60 + 120 * math.cos(b))} {_f(60 + 120 * math.sin(b))}Z" fill="#fff" fill-opacity=".22"/>')
    motifs = 8 + n[2] % 5
    shape = n[3] % 3
    for index in range(motifs):
        a = math.radians(turn + index * 360 / motifs + 360 / motifs / 2)
        x, y = 60 + 45 * math.cos(a), 60 + 45 * math.sin(a)
        size = 2.2 + n[4 + index] % 3 * 0.6
        if shape == 0:
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(size)}" fill="#000" fill-opacity=".13"/>')
        elif shape == 1:
            parts.append(f'<path d="M{_f(x)} {_f(y - size * 1.3)}L{_f(x + size)} {_f(y)}L{_f(x)} {_f(y + size * 1.3)}'
                         f'L{_f(x - size)} {_f(y)}Z" fill="#000" fill-opacity=".13"/>')
        else:
            parts.append(f'<rect x="{_f(x - size)}" y="{_f(y - size)}" width="{_f(size * 2)}" height="{_f(size * 2)}" '
                         f'rx="{_f(size / 2)}" transform="rotate({_f(math.degrees(a))} {_f(x)} {_f(y)})" '
                         'fill="#000" fill-opacity=".13"/>')
    parts.append('<circle cx="60" cy="60" r="33" fill="#fff" fill-opacity=".6" stroke="#000" stroke-opacity=".2" '
                 'stroke-width="1.2"/>')
    parts.append('<circle cx="60" cy="60" r="28.5" fill="none" stroke="#000" stroke-opacity=".18" stroke-width=".8" '
                 'stroke-dasharray="2.2 1.6"/>')
    if icon is not None:
        parts.append(f'<g transform="translate(41 41) scale(1.58)">{icon}</g>')
    else:
        petals = 6 + n[20] % 4
        for petal in range(petals):
            angle = turn + petal * 360 / petals
            parts.append(f'<ellipse cx="60" cy="47" rx="6" ry="12" transform="rotate({_f(angle)} 60 60)" '
                         'fill="#000" fill-opacity=".16" stroke="#000" stroke-opacity=".3" stroke-width=".7"/>')
        parts.append('<circle cx="60" cy="60" r="6.5" fill="#fff" stroke="#000" stroke-opacity=".35" stroke-width=".8"/>')
    parts.append("</svg>")
    return "".join(parts)


def _court(who: str, symbol: str, ink: str) -> str:
    """The face of a `who` (jack, queen, king): `symbol`, its suit, on the chest in `ink`."""
    half = [
        f'<path d="M6 70 L12 52 Q18 44 40 43 Q62 44 68 52 L74 70Z" fill="{ROBES[who]}" stroke="{LINE}" stroke-width="1"/>',
        f'<path d="M28 44 L40 58 L52 44" fill="none" stroke="{GOLD}" stroke-width="2.4"/>',
        f'<circle cx="40" cy="58" r="7.5" fill="#fbf3dc" stroke="{GOLD}" stroke-width="1.2"/>',
        f'<circle cx="40" cy="31" r="10" fill="{SKIN}" stroke="{LINE}" stroke-width="1"/>',
        f'<path d="M35 30h2M43 30h2M37 36q3 2 6 0" stroke="{LINE}" stroke-width=".9" fill="none"/>',
    ]
    if who == "king":
        half += [f'<path d="M28 22 L29 10 L34 16 L40 7 L46 16 L51 10 L52 22Z" fill="{GOLD}" stroke="{LINE}" '
                 'stroke-width=".9"/>',
                 f'<path d="M40 1v6M37.5 3.5h5" stroke="{GOLD}" stroke-width="1.6"/>',
                 f'<path d="M31 39 Q40 50 49 39" fill="#8a6a4a" stroke="{LINE}" stroke-width=".8"/>']
    elif who == "queen":
        half += [f'<path d="M29 22 Q30 14 34 17 Q37 9 40 14 Q43 9 46 17 Q50 14 51 22Z" fill="{GOLD}" '
                 f'stroke="{LINE}" stroke-width=".9"/>',
                 *(f'<circle cx="{x}" cy="{y}" r="1.5" fill="#fff" stroke="{LINE}" stroke-width=".5"/>'
                   for x, y in ((34, 16), (40, 12.5), (46, 16))),
                 '<path d="M29 26 Q25 40 31 44M51 26 Q55 40 49 44" fill="none" stroke="#6b3f1f" stroke-width="3"/>']
    else:
        half += [f'<path d="M28 24 Q30 13 40 13 Q50 13 52 24Z" fill="{ROBES[who]}" stroke="{LINE}" stroke-width=".9"/>',
                 f'<path d="M48 16 Q60 4 66 10 Q58 10 50 20" fill="{GOLD}" stroke="{LINE}" stroke-width=".8"/>']
    half.append(f'<text x="40" y="62" text-anchor="middle" font-size="11" fill="{ink}" '
                f'font-family="DejaVu Sans">{escape(symbol)}</text>')
    body = "".join(half)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 140">'
        f'<rect x="1" y="1" width="78" height="138" rx="4" fill="#fbf3dc" stroke="{ink}" stroke-width="1.2"/>'
        f'<rect x="4" y="4" width="72" height="132" rx="2.5" fill="none" stroke="{GOLD}" stroke-width=".8"/>'
        f'<svg x="0" y="0" width="80" height="70" viewBox="0 0 80 70">{body}</svg>'
        f'<g transform="rotate(180 40 70)"><svg x="0" y="0" width="80" height="70" viewBox="0 0 80 70">{body}</svg></g>'
        f'<path d="M6 70H74" stroke="{ink}" stroke-width=".8"/>'
        "</svg>"
    )
