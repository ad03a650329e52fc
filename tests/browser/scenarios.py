"""Chosen Chi positions (sandbox games) the browser tests start from; ana is seat 0, to play."""

# ana holds a blue and a green Yin (bo's only Yang is red: nothing to attack) and a blue Yang.
NO_TARGET = {
    "hands": [["yin-blue-1", "yang-blue-1", "yin-green-1"], ["yin-green-2", "chi-1"]],
    "row": ["yang-pink-1", "yin-white-1", "yang-grey-1", "yin-black-1", "yang-gold-1", "yin-grey-1"],
    "areas": [[], [["yang-red-1"]]],
    "to_play": 0,
}


# ana holds a red Yin; bo has a lone red Yang (open to attack) and a stacked pair of orange 3s.
ATTACK = {
    "hands": [["yin-red-2", "yang-blue-1", "chi-2"], ["yin-green-2", "chi-1"]],
    "row": ["yang-pink-1", "yin-white-1", "yang-grey-1", "yin-black-1", "yang-gold-1", "yin-grey-1"],
    "areas": [[], [["yang-red-1"], ["yang-orange-1", "yang-orange-2"]]],
    "to_play": 0,
}
