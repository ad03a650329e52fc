"""How the analysis (domain.analysis) judges Chi's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms

ANALYSIS = AnalysisTerms(playouts=200, depth=120, thresholds=(0.25, 0.33, 0.45))
