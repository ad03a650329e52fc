"""How the analysis (domain.analysis) judges Xanadu's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms

ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.05, 0.10, 0.20))
