"""The interpreter of the card vocabulary: derived stats by layers (layers), selectors, amounts and
conditions read on a table (board), damage and its modifiers (damage), effects performed as
events (effects), drawing a card (drawing), and the few card rules that cannot be data (special)."""
