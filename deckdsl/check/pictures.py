"""The pictures a deck points at (its cards' `art:`): how many pixels one may have.

A picture is decoded whole when the sheets are laid out — WeasyPrint holds about 8 bytes a pixel while it
embeds one — so a 12000×12000 PNG of a few hundred kilobytes (an artist's master file, or a decompression
bomb in a pull request) took a render to 1.26 GB.  Its size is in its header, which Pillow's `Image.open`
reads without decoding a pixel: `check` (`deckdsl.check.art`) and the renderer read it and refuse a picture
over `MAX_ART_PIXELS` with DK310 at the card's `art:`, and the renderer's fetcher serves no such file
(`read`), so WeasyPrint never decodes one — not even one a theme's style points at.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..diagnostics import Diagnostic
from ..said import Said, said
from ..span import Span

MAX_ART_PIXELS = 1 << 25
"""33.5 million pixels (5000×6700, or 4096×8192).  The largest standard card, tarot, is 21 million pixels
with its bleed at 1200 dpi, the most deckdsl prints, and a poker card 3.7 million at the 600 dpi print
shops ask for; art drawn larger than it prints passes.  At the bound a render holds ~270 MB for the
picture, one picture at a time."""


class PictureTooLarge(ValueError):
    """A picture over `MAX_ART_PIXELS`, refused before it is decoded."""


def measure(source: Path | IO[bytes]) -> tuple[int, Said] | None:
    """A picture's pixels and its size in words (`12000×12000 px`), from its header alone; None for a
    file Pillow does not read as a picture (an SVG, a font: WeasyPrint decides what they are)."""
    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(source) as image:
                width, height = image.size
        except Image.DecompressionBombError:  # past Pillow's own bound, which is above ours
            return 2 * Image.MAX_IMAGE_PIXELS + 1, said("check-over-pixels", "over {count:,} pixels",
                                                        count=2 * Image.MAX_IMAGE_PIXELS)
        except Exception:  # noqa: BLE001 — not a picture Pillow reads: WeasyPrint will say what it is
            return None
    return width * height, said("check-picture-size", "{width}×{height} px", width=width, height=height)


def oversize(path: Path, art: str, span: Span) -> Iterator[Diagnostic]:
    """DK310 at `span` when the picture at `path` (a file inside the deck's folder, found by the caller),
    written `art` in the deck, has more pixels than `MAX_ART_PIXELS`."""
    measured = measure(path)
    if measured is not None and measured[0] > MAX_ART_PIXELS:
        yield Diagnostic(
            "DK310", said("check-picture-too-large", "the picture `{path}` is {size}, more than any printed card needs "
                          "(at most {limit:,} pixels); it is not read", path=art, size=measured[1],
                          limit=MAX_ART_PIXELS),
            span, help=said("check-scale-it-down", "scale it down to the card's size at the resolution you print: a "
                            "poker card with its bleed is 1642×2242 px at 600 dpi"),
        )


def read(path: Path) -> bytes:
    """The bytes of the file at `path`, for the renderer's fetcher: `PictureTooLarge` for a picture over
    the bound (WeasyPrint then leaves it out without decoding it, and the render's DK310 says why)."""
    data = path.read_bytes()
    measured = measure(io.BytesIO(data))
    if measured is not None and measured[0] > MAX_ART_PIXELS:
        raise PictureTooLarge(f"{path}: the picture is {measured[1]}; pictures may have {MAX_ART_PIXELS:,} pixels")
    return data
