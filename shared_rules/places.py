"""Places at the end of a game, shared by the games' ``ranking``: a seat's place is one more than
the number of seats whose key is better (smaller); equal keys share a place."""


def places(keys):
    """Place of every seat (1 = won) from its key, smaller is better."""
    out = []
    for k in keys:
        better = 0
        for other in keys:
            if other < k:
                better += 1
        out.append(better + 1)
    return out
