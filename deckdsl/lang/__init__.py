"""The deck language: a deck file read into a typed syntax tree.

`parse` reads the text (`build` makes the nodes as the grammar `grammars/deck.lark` is reduced, `syntax`
words the syntax errors) and `ast` holds the tree's node classes.
"""
