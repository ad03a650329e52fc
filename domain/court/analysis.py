"""How the analysis (domain.analysis) judges the Court's decisions, a seat alone: its expected
final score in points (`final_score`, the game's own score); measured by bench.analysis."""

from domain.court.table import final_score
from domain.game import AnalysisTerms

ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.20, 0.30), points=final_score,
                         points_thresholds=(5.0, 8.0, 12.0), points_whole=20.0)
