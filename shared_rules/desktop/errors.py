"""The words of the rules core's refusals, for the desktop (``tools.replay``, record replay,
simulations, the tests): each ``RuleError`` carries only a small int ``code`` (and sometimes one
``value``); this table gives the code its name, the rule it stands for and one English sentence.

The rules core names a code where it raises it as ``_E_NAME = const(n)`` (compiled away on a
board); the firmware's screens map the codes they can meet to their own short texts the same way.
``tests/test_errors.py`` checks that every code raised has an entry here, that the numbers are
unique, and that every ``_E_NAME = const(n)`` in ``shared_rules/`` and ``firmware/`` matches one.
A name may stand for several codes (one per game: ``not_in_hand`` of P10C-7 and of P10B-7), a
number for one entry only. In a sentence ``{}`` is the error's value.
"""

# (code, name, rule, sentence)
CODES = (
    # what any game refuses: malformed moves, set-up, saves (SETUP, MOVE, SAVE)
    (1, "bad_move", "MOVE", "that is not a move of this game"),
    (2, "no_source", "MOVE", "a view cannot roll dice"),
    (3, "players", "SETUP", "the game is not played by {} players"),
    (4, "unknown_game", "SETUP", "unknown game '{}'"),
    (5, "unknown_game_number", "SETUP", "unknown game number {}"),
    (6, "not_built", "SETUP", "{} is not in this build"),
    (7, "unknown_variant", "SETUP", "unknown option value '{}'"),
    (8, "no_option", "SETUP", "the game has no option '{}'"),
    (9, "unknown_level", "SETUP", "unknown computer player '{}' (random, easy, normal, hard)"),
    (10, "bad_dealer", "SETUP", "the dealer must be one of the seats"),
    (23, "unknown_progression", "P10C-20", "unknown progression '{}' (standard, everyone, free)"),
    (11, "unknown_phases", "P10C-19", "unknown phase list '{}' (all, 5, 8, odd, even)"),
    (12, "corrupt", "SAVE", "the save is corrupt"),
    (13, "truncated", "SAVE", "the save is truncated"),
    (14, "not_a_save", "SAVE", "this is not a saved game"),
    (15, "version", "SAVE", "the save is of another format version ({})"),
    (16, "save_unknown_game", "SAVE", "the save holds a game this version does not know ({})"),
    (17, "too_large", "SAVE", "the game is too large to save"),
    (18, "checksum", "SAVE", "the save is corrupt (checksum)"),
    (19, "left_over", "SAVE", "the save has bytes left over"),
    (20, "impossible", "SAVE", "the save holds an impossible value"),
    (21, "cards_missing", "SAVE", "the save does not hold every card exactly once"),
    (22, "out_of_range", "SAVE", "a value is out of range for the save format"),
    # groups (shared_rules.groups) and the solver: both Phase 10 games
    (30, "too_few", "P10C-7", "the group needs {} cards"),
    (31, "all_wilds", "P10C-4", "every group needs at least one natural card"),
    (32, "skip_in_group", "P10C-5", "a Skip never counts toward a phase"),
    (33, "beyond_12", "P10C-4", "a run never reaches below 1 or above 12"),
    (34, "mixed_numbers", "P10C-3", "a set holds cards of one number"),
    (35, "mixed_colours", "P10C-3", "a colour group holds cards of one colour"),
    (36, "not_a_run", "P10C-3", "a run is consecutive numbers in order (wilds fill the gaps)"),
    (37, "solver_limit", "P10C-3", "the solver knows only sets, colour groups and runs of 1 to 200 cards"),
    # Phase 10, the card game (lay_groups and hit_end raise the code given and the next one)
    (40, "whole_phase", "P10C-7", "lay down the whole phase at once: {} group(s)"),
    (41, "lay_not_in_hand", "P10C-7", "you can only lay down cards from your hand"),
    (42, "no_fit", "P10C-9", "that card does not fit this group"),
    (43, "end_closed", "P10C-9", "that end of the run is closed for this card"),
    (44, "bad_deck", "P10C-1", "a stacked deck must hold exactly the 108 cards"),
    (45, "game_over", "P10C-18", "the game is over"),
    (46, "laid_already", "P10C-7", "you have laid down your phase this hand already"),
    (47, "no_phase_left", "P10C-7", "you have no phase left to lay down"),
    (48, "wrong_phase", "P10C-7", "your phase is phase {}"),
    (49, "keep_one", "P10C-14", "keep a card to discard: in the classic rules you go out only by discarding"),
    (50, "lay_first", "P10C-7", "lay down your phase before you hit"),
    (51, "not_in_hand", "P10C-9", "that card is not in your hand"),
    (52, "skip_hit", "P10C-5", "a Skip can never be hit"),
    (53, "no_group", "P10C-9", "there is no such group on the table"),
    (54, "other_groups_next_turn", "P10C-13",
     "in the classic rules you hit other players' groups from your next turn on"),
    (55, "not_in_hand", "P10C-7", "that card is not in your hand"),
    (56, "choose_target", "P10C-11", "choose the player your Skip skips"),
    (57, "bad_target", "P10C-11", "a Skip must skip another player in this hand"),
    (58, "choose_phase", "P10C-22", "choose which phase you lay down"),
    (59, "completed_already", "P10C-22", "you have completed phase {} already"),
    (60, "nothing_to_draw", "P10C-10", "the draw pile is empty and there is nothing to reshuffle"),
    (61, "draw_first", "P10C-7", "draw a card first: from the draw pile or the discard pile"),
    (62, "already_waiting", "P10C-11", "that player is already waiting out a Skip"),
    (63, "no_discard", "P10C-7", "the discard pile is empty"),
    (64, "skip_on_top", "P10C-8", "a Skip on top of the discard pile can never be drawn"),
    (65, "drawn_already", "P10C-7", "you have drawn already this turn"),
    # Phase 10, the board game
    (70, "whole_phase", "P10B-6", "lay down the whole phase at once: {} group(s)"),
    (71, "lay_not_in_hand", "P10B-6", "you can only lay down cards from your hand"),
    (72, "no_fit", "P10B-6", "that card does not fit this group"),
    (73, "end_closed", "P10B-6", "that end of the run is closed for this card"),
    (74, "game_over", "P10B-18", "the game is over"),
    (75, "not_reachable", "P10B-5", "the dice do not reach that space"),
    (76, "laid_already", "P10B-6", "you have laid down your phase this round already"),
    (77, "wrong_phase", "P10B-6", "your phase is phase {}"),
    (78, "lay_first", "P10B-6", "lay down your phase before you hit"),
    (79, "not_in_hand", "P10B-6", "that card is not in your hand"),
    (80, "no_group", "P10B-6", "there is no such group on the table"),
    (81, "not_in_hand", "P10B-7", "that card is not in your hand"),
    (82, "roll_first", "P10B-5", "roll the dice first"),
    (83, "choose_space", "P10B-5", "choose the space your token moves to"),
    (84, "choose_card", "P10B-11", "take one card of the discard pile"),
    (85, "not_in_discard", "P10B-11", "that card is not in the discard pile"),
    (86, "choose_card", "P10B-12", "choose a card to give up"),
    (87, "not_in_hand", "P10B-12", "that card is not in your hand"),
    (88, "choose_number", "P10B-15", "name a number and a direction"),
    (89, "bad_number", "P10B-15", "ask for a number from 1 to 12"),
    (90, "bad_direction", "P10B-15", "ask clockwise or counter-clockwise"),
    (91, "choose_kind", "P10B-16", "choose the kind of space to move to"),
    (92, "bad_kind", "P10B-16", "choose one of the seven other kinds"),
    (93, "kind_full", "P10B-16", "every space of that kind is taken"),
    (94, "keep_or_done", "P10B-19", "keep a card or say you are done"),
    (95, "not_in_hand", "P10B-19", "that card is not in your hand"),
    (96, "keep_five", "P10B-19", "keep at most five cards"),
    (97, "draw_empty", "P10B-8", "the draw pile is empty and there is nothing to reshuffle"),
    (98, "choose_pile", "P10B-9", "take a card from the draw pile or the discard pile"),
    (99, "play", "P10B-6", "lay down, hit or discard"),
    (100, "discard_empty", "P10B-9", "the discard pile is empty"),
    # Dice Express (steal_check answers with the steal codes 120-126, 0 when a steal is allowed)
    (110, "game_over", "DX-11", "the game is over"),
    (111, "roll_first", "DX-6", "roll the dice first (you may give back rear pieces before)"),
    (112, "keep_one", "DX-5", "keep at least one piece in your road"),
    (113, "keep_or_stop", "DX-6", "set dice aside and roll again, or stop"),
    (114, "keep_all", "DX-6", "to keep every die, stop rolling"),
    (115, "not_rolled", "DX-6", "set aside only dice you rolled"),
    (116, "wrong_colour", "DX-7", "take a {} piece now"),
    (117, "not_in_display", "DX-7", "that piece is not in the display"),
    (118, "too_long", "DX-7", "{0} dice take a piece of length {0} at most"),
    (119, "exact_first", "DX-7", "take the piece of length {}: it is in the display"),
    (120, "no_seat", "DX-7", "there is no such player"),
    (121, "self", "DX-7", "you cannot steal from yourself"),
    (122, "colour_in_road", "DX-7", "your road holds that colour already"),
    (123, "one_piece", "DX-7", "a road of one piece cannot be stolen from"),
    (124, "stolen_this_turn", "DX-7", "you stole from that player this turn already"),
    (125, "steal_wrong_colour", "DX-7", "that player's rear piece is another colour"),
    (126, "steal_too_long", "DX-7", "that player's rear piece is longer than your dice"),
    (127, "take_steal_or_pass", "DX-7", "take a piece, steal one or pass"),
    # the desktop side: records, their chance lines, notation, simulations
    (200, "bad_record", "RECORD", "{}"),
    (201, "chance_missing", "RECORD", "the record holds fewer chance outcomes than the game draws"),
    (202, "chance_range", "RECORD", "chance outcome {}"),
    (203, "bad_card", "P10C-2", "'{}' is not a card (R7, B12, W, S ...)"),
    (204, "bad_card", "RECORD", "'{}' is not a card (R7, P12, JG5 ...)"),
    (205, "bad_piece", "RECORD", "'{}' is not a road piece (such as R3)"),
    (206, "sim", "SIM", "{}"),
)

RECORD = 200
CHANCE_MISSING = 201
CHANCE_RANGE = 202
P10_BAD_CARD = 203
P10B_BAD_CARD = 204
DX_BAD_PIECE = 205
SIM = 206


_ADDED = []  # the codes of games registered by the tests (``register``)


def register(code, name, rule, sentence):
    """Add the code of a game registered from outside (the tests' games; numbers from 300)."""
    if code not in [e[0] for e in CODES + tuple(_ADDED)]:
        _ADDED.append((code, name, rule, sentence))


def entry(code):
    """``(code, name, rule, sentence)`` of a code; KeyError if the table has none."""
    for e in CODES + tuple(_ADDED):
        if e[0] == code:
            return e
    raise KeyError(code)


def _code(e):
    return e if isinstance(e, int) else e.code


def name(e):
    """The name of a RuleError's code (or of a code): ``draw_first``."""
    return entry(_code(e))[1]


def rule(e):
    """The rule id of a RuleError (or of a code): ``P10C-7``, ``SAVE``, ``RECORD``."""
    return entry(_code(e))[2]


def reason(e):
    """The English sentence of a RuleError, its value filled in."""
    sentence = entry(e.code)[3]
    value = getattr(e, "value", None)
    return sentence.format(value) if "{" in sentence else sentence


def text(e):
    """``P10C-7: draw a card first: ...`` (a record's or a setting's problem: its sentence alone,
    which names its line)."""
    r = rule(e)
    if r in ("RECORD", "SIM"):
        return reason(e)
    return r + ": " + reason(e)


def code_of(wanted_name, wanted_rule=None):
    """The code of a name (and rule id, where a name stands for several codes)."""
    found = [e[0] for e in CODES + tuple(_ADDED) if e[1] == wanted_name and (wanted_rule is None or e[2] == wanted_rule)]
    if len(found) != 1:
        raise KeyError((wanted_name, wanted_rule))
    return found[0]
