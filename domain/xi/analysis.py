"""How the analysis (domain.analysis) judges Xi's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms

ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.18, 0.30))
