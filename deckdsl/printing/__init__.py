"""Printing: a deck as print-and-play PDF sheets.

`layout` places the cards, bleeds, crop marks and backs on a sheet; `sheets` writes the HTML of the
`janken` design (and what every design shares), `playing` that of the `playing-card` design, `look` the CSS
of a deck's `print` block, `themes` finds and sandboxes a deck's own templates; `render` turns the HTML into
a PDF through WeasyPrint; `export` rasterises it (PNG, Tabletop Simulator) and `spreadsheet` reads and
writes CSV.
"""
