"""Reading the two-player save images that persist.py writes: decode and its checks.

Pure core: no hardware imports.  Kept apart from persist.py so that a board loads the
readers only at its start (lib/sixtysix_ui/start.py imports this module and drops it),
not while a match is played; persist.py's docstring has the image layout.

decode() accepts only what the app could have written (possible()): two-player rules
that are a playable preset with at most the title menu's options changed
(APP_OPTIONS), a match whose scores, target, dealer, draw bonus, hand count and winner
fit together and those rules, and a hand whose dealer is the match's and whose log the
engine replays legally.  Anything else is treated like a damaged slot, so the app falls
back to the other slot or a fresh match.  newest() and damaged() read the two slots of
a region.
"""
from sixtysix_core import rules as R
from sixtysix_core.persist import (FLAG_DEAL, FLAG_MATCH, MAGIC0, MAGIC1, NUM_LEVELS,
                                   NUM_SLOTS, SLOT_SIZE, VERSION, Saved, Settings, _HEADER,
                                   blank_at, fletcher16, newer)

# The options the app's title menu changes on top of a preset (title.py _T_TARGET,
# _T_SWAP, _T_AUTO); every other option of a saved RuleSet must be its preset's.
APP_OPTIONS = ("match_target", "exchange", "auto_declare")


def decode(buf, offset=0):
    """A Saved from the image at buf[offset:], or None if it is absent or damaged.

    Never raises: any inconsistency (bad magic, version, length, checksum, option value,
    deck, or an action the engine refuses on replay) gives None."""
    try:
        return _decode(buf, offset)
    except Exception:       # foreign bytes must never crash the app
        return None


def _decode(buf, o):
    if len(buf) - o < _HEADER + 2:
        return None
    if buf[o] != MAGIC0 or buf[o + 1] != MAGIC1 or buf[o + 2] != VERSION:
        return None
    n = buf[o + 3] | buf[o + 4] << 8
    if n < _HEADER + 2 or n > SLOT_SIZE or o + n > len(buf):
        return None
    s1, s2 = fletcher16(buf, o, o + n - 2)
    if buf[o + n - 2] != s1 or buf[o + n - 1] != s2:
        return None
    end = o + n - 2
    out = Saved()
    out.seq = buf[o + 5] | buf[o + 6] << 8
    flags = buf[o + 7]
    if flags & ~(FLAG_MATCH | FLAG_DEAL) or (flags & FLAG_DEAL and not flags & FLAG_MATCH):
        return None
    settings = Settings(buf[o + 8], buf[o + 9], buf[o + 10], buf[o + 11])
    # settings.preset is the title's choice for the next match (any preset, of 2, 3 or 4
    # players); the image's rules are found among the presets by app_rules below
    if (settings.level >= NUM_LEVELS or settings.auto_draw > 1 or settings.reveal > 1
            or settings.preset >= len(R.preset_names())):
        return None
    out.settings = settings
    if buf[o + 12] != R.NUM_OPTIONS:
        return None
    rules = R.preset(R.preset_names()[settings.preset])
    i = o + _HEADER
    if not rules.decode_from(buf, i):
        return None
    i += R.NUM_OPTIONS
    if not app_rules(rules, settings.preset):
        return None
    out.rules = rules
    if flags & FLAG_MATCH:
        # imported here: storage.py and persist_multi.py load this module on a 3/4-player
        # start too, which never loads the two-player engine for itself
        from sixtysix_core import match as M
        match = M.Match(rules)
        match.scores[0] = buf[i] - 128
        match.scores[1] = buf[i + 1] - 128
        match.dealer = buf[i + 2]
        match.target = buf[i + 3]
        match.draw_bonus = buf[i + 4]
        match.hands = buf[i + 5] | buf[i + 6] << 8
        match.winner = buf[i + 7] - 1
        if not possible(match, flags & FLAG_DEAL):
            return None
        out.match = match
    else:
        for j in range(8):
            if buf[i + j]:
                return None
    if buf[i + 8]:
        return None
    i += 9
    state = []
    for _ in range(3):
        state.append(buf[i] | buf[i + 1] << 8)
        i += 2
    if state[0] < 1 or state[0] >= 30269 or state[1] < 1 or state[1] >= 30307 \
            or state[2] < 1 or state[2] >= 30323:
        return None
    out.rng_state = (state[0], state[1], state[2])
    if flags & FLAG_DEAL:
        from sixtysix_core import deal as D
        deal = D.Deal(rules)
        dealer = buf[i]
        size = buf[i + 1]
        i += 2
        if dealer != out.match.dealer or size != deal.deck_size:
            return None
        seen = 0
        for j in range(size):
            c = buf[i + j]
            if c > 23:
                return None
            seen |= 1 << c
            deal.deck[j] = c
        if seen != deal.pack():
            return None
        i += size
        deal.deal_from_deck(dealer)
        count = buf[i]
        i += 1
        if count > D.LOG_SIZE or i + count != end:
            return None
        for j in range(count):
            a = buf[i + j]
            if deal.is_over() or not deal.is_legal(a):
                return None
            deal.apply(a)
        i += count
        if deal.is_over():
            return None
        out.deal = deal
    if i != end:
        return None
    return out


def playable(preset_index):
    """True if the app can play this preset: two players, nothing unsupported."""
    names = R.preset_names()
    if preset_index >= len(names):
        return False
    rules = R.preset(names[preset_index])
    return rules.players == 2 and rules.unsupported() is None


def app_rules(rules, hint=0):
    """True if the app could have chosen these rules: a playable preset with at most the
    APP_OPTIONS changed.  Sets rules.preset to that preset's name (hint, a preset index,
    is tried first).  Cold path: builds a RuleSet per preset tried."""
    if rules.players != 2 or rules.unsupported() is not None:
        return False
    names = R.preset_names()
    for k in range(-1, len(names)):
        index = hint if k < 0 else k
        if (k < 0 or k != hint) and playable(index):
            rules.preset = names[index]
            for name, _ in rules.overrides():
                if name not in APP_OPTIONS:
                    break
            else:
                return True
    return False


def possible(match, in_hand):
    """True if the app could have saved this match state (in_hand: with a hand in
    progress).  The app saves only matches that go on (winner -1, both scores below the
    target as the rules set it); the scores, the hand count and the dealer must be the
    result of that many hands (_played), and a draw bonus waits only with the option on."""
    rules = match.rules
    s0 = match.scores[0]
    s1 = match.scores[1]
    hands = match.hands
    if (match.winner != -1 or match.dealer > 1 or match.target != rules.match_target
            or s0 >= match.target or s1 >= match.target or match.draw_bonus > 1):
        return False
    if match.draw_bonus:
        return rules.draw_bonus == 1 and hands > 0
    return _played(s0, s1, hands, match.dealer, rules, match.target)


def _ceil3(x):
    return (x + 2) // 3


def _played(s0, s1, hands, dealer, rules, target):
    """Can `hands` hands give the scores s0:s1 and this next dealer (R4, R17, R18, V6)?

    A hand is won by one seat for 1 to 3 game points, or drawn (only with
    end_without_declaration=higher_total), or under failed_close=czech_penalty a failed
    close: the closer loses 6 and the other seat wins it for 0, 2 or 3, or loses 3 and
    the other wins for 0, 1 or 2.  With next_dealer=winner the dealer won a hand (or
    none was won).  Cold path: at most a few thousand steps, once per resume."""
    draws = rules.end_without_declaration == R.END_HIGHER_TOTAL
    winner_deals = rules.next_dealer == 0 and hands > 0
    if rules.failed_close != R.FAILED_CLOSE_CZECH_PENALTY:
        if s0 < 0 or s1 < 0:
            return False
        if _ceil3(s0) + _ceil3(s1) > hands or (not draws and hands > s0 + s1):
            return False
        if s0 == 0 and s1 == 0:
            return draws or hands == 0
        return not winner_deals or (s1 if dealer else s0) > 0
    # Penalty hands: a[c] of -6 and b[c] of -3 on seat c; one -3 hand more is never
    # needed (two are worth one -6 hand and a drawn or won one).
    scores = (s0, s1)
    for a0 in range(min(hands, 22) + 1):           # 22 * 6 > 128: the lowest score
        for a1 in range(min(hands - a0, 22) + 1):
            for b0 in range(min(1, hands - a0 - a1) + 1):
                for b1 in range(min(1, hands - a0 - a1 - b0) + 1):
                    pen = (a0, b0, a1, b1)
                    total = a0 + b0 + a1 + b1
                    won = [a1 + b1, a0 + b0]      # hands each seat won from a close
                    for seat in (0, 1):
                        got = scores[seat] + 6 * pen[2 * seat] + 3 * pen[2 * seat + 1]
                        if got < 0:
                            total = hands + 1
                            break
                        a_o = pen[2 - 2 * seat]
                        b_o = pen[3 - 2 * seat]
                        most = 3 * a_o + 2 * b_o      # from the other seat's failed closes
                        if got > most or (got == 1 and b_o == 0):
                            k = max(1, _ceil3(got - most))
                            total += k
                            won[seat] += k
                    if total > hands or (not draws and total < hands):
                        continue
                    if winner_deals and total:
                        if not won[dealer]:
                            continue
                        if won[dealer] == pen[2 - 2 * dealer] + pen[3 - 2 * dealer]:
                            # the dealer won only the other's failed closes: the last
                            # of them came last, with the other still below the target
                            if scores[1 - dealer] + (3 if pen[3 - 2 * dealer] else 6) \
                                    >= target:
                                continue
                    return True
    return False


def damaged(mem):
    """How many slots of mem hold neither a valid save nor blank memory."""
    out = 0
    for slot in range(NUM_SLOTS):
        start = slot * SLOT_SIZE
        if len(mem) < start + SLOT_SIZE:
            break
        if decode(mem, start) is None and not blank_at(mem, start, start + SLOT_SIZE):
            out += 1
    return out


def newest(mem):
    """(slot index, Saved) of the newest valid slot in mem, or (-1, None)."""
    best = -1
    found = None
    for slot in range(NUM_SLOTS):
        if len(mem) < (slot + 1) * SLOT_SIZE:
            break
        saved = decode(mem, slot * SLOT_SIZE)
        if saved is not None and (found is None or newer(saved.seq, found.seq)):
            best = slot
            found = saved
    return best, found
