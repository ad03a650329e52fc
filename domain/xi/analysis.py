"""How the analysis (domain.analysis) judges Xi's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms

# A seat takes some 68 decisions a game (bench.analysis): each counts as 1.7 chess moves in the accuracy.
ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.18, 0.30), accuracy_scale=1.7)
