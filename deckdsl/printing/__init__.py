"""Printing: a deck as print-and-play PDF sheets.

`layout` places the cards, bleeds, crop marks and backs on a sheet; `render` draws the cards through the
templates and WeasyPrint.
"""
