"""How the analysis (domain.analysis) judges Xanadu's decisions: measured by bench.analysis."""

from domain.game import AnalysisTerms
from domain.xanadu.state import XanaduState
from domain.xanadu.table import scores


def leads(state: XanaduState) -> list[float]:
    """Each seat's lead in tong bao over the best other seat: scored so far and what its buildings
    would score now (the final scores once the game is over)."""
    totals = scores(state)
    return [float(total - max(other for index, other in enumerate(totals) if index != seat))
            for seat, total in enumerate(totals)]


# A playout is cut short long before the end (the search's depth, 30 decisions of some 300) and
# judged by the seat's lead in tong bao there. The search's reward, the lead over the sum of the
# scores, shrinks the late differences and told the random bot's choices from the builder's far
# less well. The calibration turns a lead into a win chance, logit(p) = 0.14 x lead: a lead of 7
# tong bao 30 decisions on counts as 73% (fitted on the builder's games: bench.analysis --fit).
# A seat takes some 132 decisions a game (bench.analysis), so each counts as 3.3 chess moves in the
# accuracy.
ANALYSIS = AnalysisTerms(playouts=40, thresholds=(0.10, 0.20, 0.30), leads=leads, calibration=(0.14, 0.0),
                         accuracy_scale=3.3)
