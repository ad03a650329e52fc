"""Read models built from the event stream: the game list and the final results."""
