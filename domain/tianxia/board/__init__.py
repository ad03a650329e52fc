"""Tianxia's printed material as data, checked at import: the board (board.toml, read by
`loader.py` into the frozen pieces of `components.py`, cross-checked by `checks.py`), the rivals'
cards (rivals.toml, `rivals.py`), the words both files may use (`vocabulary.py`) and the catalogue
of pieces the pages show (`catalogue.py`). Nothing here knows a game's state.
"""
