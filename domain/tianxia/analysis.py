"""How the analysis (domain.analysis) judges Tianxia's decisions; alone against Li Mu, by the
seat's expected lead over him in prestige at the end; measured by bench.analysis."""

from domain.game import AnalysisTerms
from domain.tianxia.prospects import prospects
from domain.tianxia.state import LI_MU, OVER, TianxiaState


def lead(state: TianxiaState) -> float:
    """The seat's lead over Li Mu in prestige (its prestige alone without him): the final one once
    the game is over, else what each may expect to end with (`prospects`, as the search scores it)."""
    li_mu = state.rival is not None and state.rival.kind == LI_MU
    if state.phase == OVER:
        own, rival = float(state.seats[0].prestige), (state.rival.prestige if li_mu else None)
    else:
        totals, rival = prospects(state)
        own = totals[0]
    return own - rival if rival is not None else own


# A seat takes some 95 decisions a game, alone or beside another (bench.analysis): each counts as 2.4
# chess moves in the accuracy.
ANALYSIS = AnalysisTerms(playouts=40, depth=150, thresholds=(0.10, 0.20, 0.30), points=lead, points_unit="prestige",
                         points_thresholds=(6.0, 15.0, 25.0), points_whole=30.0, accuracy_scale=2.4)
