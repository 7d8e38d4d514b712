"""The turn screen's hint: the plan closest to a whole phase, chosen into the groups of a
lay-down (``firmware.phase10.laydown``). Loaded for a hint, with the solver, which goes again
once the plan is found: laying a phase down by hand needs neither."""

from firmware.lang import t


def hint(screen):
    """The hint: the plan closest to complete among the phases the turn may lay (the one
    being laid in LAY mode), chosen into the groups of a lay-down; when it is not whole, its
    rows show which cards it keeps and how many each group still lacks (``Set3 +1: 7 7``)."""
    v = screen.view()
    phases = [screen.lay.number] if screen.lay is not None else v.open_phases()
    best = _closest_plan(screen, v.hand, phases)
    if best is None:
        screen.refuse(t("p10.e.no_phase"), t("p10.w.sentence").format(t("p10.w.no_phase"), "P10C-7"))
        return
    missing, number, groups = best
    screen.start_lay(number)
    lay = screen.lay
    _fill(lay, groups)
    screen.hand.set_cards(screen.order, [g >= 0 for g in lay.in_group])
    lay.show_rows()
    if missing == 0:
        lay.to_lay_now()
        screen.say(t("p10.hint_ready").format(number))
    elif len(phases) > 1:  # free choice: the phase closest to complete
        screen.say(t("p10.hint_ph_short").format(number, missing))
    else:
        screen.say((t("p10.hint_short1") if missing == 1 else t("p10.hint_shortN")).format(missing))


def _closest_plan(screen, hand, phases):
    """``(missing, number, groups)`` of the plan closest to complete among ``phases`` (the
    first whole one), or None without phases. The solver is loaded for the moment and released
    after it (code is RAM on a board)."""
    app = screen.app
    loaded = app.mark()
    from shared_rules import solver

    best = None
    for number in phases:
        missing, groups = solver.solve(hand, screen.phase(number))
        if best is None or missing < best[0]:
            best = (missing, number, groups)
        if missing == 0:
            break
    solver = None
    app.forget_since(loaded)
    return best


def _fill(lay, groups):
    """Choose the cards of the solver's ``groups`` into the lay-down ``lay``'s groups."""
    lay.clear()
    cards = lay.cards
    for gi in range(len(groups)):
        for c in groups[gi]:
            for i in range(len(cards)):
                if cards[i] == c and lay.in_group[i] < 0:
                    lay.in_group[i] = gi
                    break
    lay.filling = len(groups) - 1
