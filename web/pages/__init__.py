"""The HTML pages: the game list and the table viewer (viewer), the new game form it offers
(new_game_form), leaderboards and players (rating_pages), tournaments (tournament_pages), and what
each problem type means (problem_pages). Their templates and scripts stay in web/templates and
web/static, where the app finds them."""
