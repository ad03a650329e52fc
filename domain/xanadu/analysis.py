"""How the analysis (domain.analysis) judges Xanadu's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms

# A playout is cut short long before the end (the search's depth) and scored by the lead, which
# bunches the win chances near the middle: over 16 games of the builder bot, positions given 0.6 to
# 0.7 were all won. The slope stretches them into win chances (bench.analysis --fit: Brier 0.171
# on held-out halves against 0.184 unstretched); the thresholds are measured after it. A seat takes
# some 131 decisions a game (bench.analysis), so each counts as 3.3 chess moves in the accuracy.
ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.20, 0.30), calibration=(2.39, 0.0), accuracy_scale=3.3)
