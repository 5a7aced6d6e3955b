"""Test helpers: card names to ints, positions built field by field, decks and records.

Seat 0 is N (the non-dealer) and seat 1 is D (the dealer) unless a test says otherwise,
and hearts are trump, as in RULES.md section 8.
"""
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import notation
from sixtysix_core import rules as R

N = 0
DEALER = 1


def c(token):
    card = notation.parse_card(token)
    assert card is not None, token
    return card


def m(tokens):
    """'AC KC' -> mask."""
    mask = 0
    for tok in tokens.split():
        mask |= 1 << c(tok)
    return mask


def names(mask):
    return sorted(cards.name(x) for x in range(24) if mask >> x & 1)


def rules_with(preset="CLASSIC_66", **options):
    r = R.preset(preset)
    for key, value in options.items():
        r.set(key, str(value).lower() if isinstance(value, bool) else str(value))
    return r


# 3 and 4 players: the presets and the one option that changes the most (the sides)
GAMES_MULTI = [("THREE_PLAYER_PL", {}), ("FOUR_PLAYER_PL", {}),
               ("THREE_PLAYER_PL", {"three_player_mode": "each_for_self"})]


def multi_hands(preset, opts, seed, count):
    """count new hands of a DealMulti under the preset with opts (rules_with), the
    dealer rotating (hand % players), all dealt from one Rng(seed): yields (hand number,
    the deal, that Rng), each hand dealt when the test is done with the one before."""
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.rng import Rng
    rules = rules_with(preset, **opts)
    rng = Rng(seed)
    for hand in range(count):
        d = DealMulti(rules)
        d.new_hand(hand % rules.players, rng)
        yield hand, d, rng


def position(n_hand, d_hand, *, trump="H", upcard=None, talon=(), state=D.OPEN,
             leader=N, lead=None, tricks=(0, 0), cardpts=(0, 0), credited=(0, 0),
             pending=(0, 0), pending_draw=False, closer=-1, rules=None, trick_no=None):
    """A Deal in the middle of a hand: the leader's window, or the follower's turn when
    `lead` is given (the leader has already played it).  `talon` lists the face-down
    cards top first; the upcard is appended as the talon's last card."""
    d = D.Deal(rules or R.RuleSet())
    d.deal_from_deck(1)                 # any valid start; every field is then overwritten
    d.dealer = DEALER
    d.trump = "CSHD".index(trump)
    d.hand[N] = m(n_hand)
    d.hand[DEALER] = m(d_hand)
    talon_cards = [c(t) for t in talon.split()] if isinstance(talon, str) else list(talon)
    d.upcard = D.NO_CARD
    if upcard:
        d.upcard = c(upcard)
        talon_cards.append(d.upcard)
    for i, x in enumerate(talon_cards):
        d.talon[i] = x
    d.talon_top = 0
    d.talon_len = len(talon_cards)
    d.talon_state = state
    if state == D.EXHAUSTED:
        d.upcard = D.NO_CARD
    d.closer = closer
    for s in (0, 1):
        d.tricks[s] = tricks[s]
        d.cardpts[s] = cardpts[s]
        d.meld_credited[s] = credited[s]
        d.meld_pending[s] = pending[s]
        if closer >= 0:
            d.snap_tricks[s] = tricks[s]
            d.snap_total[s] = cardpts[s] + credited[s]
    d.pending_draw = pending_draw
    d.leader = leader
    d.meld_suit = -1
    d.trick_no = trick_no or (tricks[0] + tricks[1] + 1)
    d.log_len = 0
    if lead is None:
        d.phase = D.PH_LEAD
        d.to_move = leader
        d.lead_card = D.NO_CARD
    else:
        d.lead_card = c(lead)
        d.hand[leader] &= ~(1 << d.lead_card)  # the leader's hand lists it: it is on the table
        d.played_by[leader] |= 1 << d.lead_card
        d.trick_phase2 = state != D.OPEN
        d.phase = D.PH_FOLLOW
        d.to_move = 1 - leader
    return d


def legal_names(d):
    return names(d.legal_cards())


def tokens(d):
    return notation.legal_tokens(d)


def deck_for(n6, d6, upcard, talon_top=(), deck_size=24):
    """A canonical-order deck (R3): N's and D's six cards, the upcard, then the talon
    (given cards first, top first; the rest of the pack fills it in card order)."""
    n6 = n6.split()
    d6 = d6.split()
    used = n6 + d6 + [upcard] + list(talon_top)
    rest = [cards.name(x) for x in range(24)
            if cards.name(x) not in used and (deck_size == 24 or x % 6 != 0)]
    order = n6[:3] + d6[:3] + n6[3:] + d6[3:] + [upcard] + list(talon_top) + rest
    return order


def record(deck, actions, dealer=1, rules="CLASSIC_66"):
    lines = ["rules " + rules, "dealer %d" % dealer, "deck " + " ".join(deck)]
    lines += actions
    return "\n".join(lines) + "\n"


def play(text):
    """Replay record text; returns (answer, deal), asserting it is valid."""
    answer, deal = notation.replay(text)
    assert answer["ok"], answer["error"]
    return answer, deal


def apply_all(d, actions):
    for tok in actions.split(","):
        tok = tok.strip()
        a = notation.action_of(tok.split())
        assert not isinstance(a, str), a
        assert d.is_legal(a), (tok, tokens(d))
        d.apply(a)


def bit_flips(buf, n):
    """Every copy of buf with one of the bits of its first n bytes flipped: (byte, bit,
    the copy) each."""
    for i in range(n):
        for bit in range(8):
            bad = bytearray(buf)
            bad[i] ^= 1 << bit
            yield i, bit, bad


def power_cuts(mem, off, size, image, junk, every=1):
    """The memory a write of image into the size bytes at mem[off:] leaves when the
    power is cut after its first k bytes (k = 0, every, 2 * every, ... up to size): for
    each k, a copy of mem with the rest of the slot its old bytes, then one with it
    garbage from junk (a random.Random)."""
    for k in range(0, size + 1, every):
        for fill in ("old", "junk"):
            trial = bytearray(mem)
            tail = trial[off + k:off + size] if fill == "old" else bytearray(
                junk.getrandbits(8) for _ in range(size - k))
            trial[off:off + size] = image[:k] + tail
            yield trial


def torn_writes(mem, size, states, next_slot, image, newest, same, junk, every=1):
    """Save each of states in turn into mem, slots of size bytes (next_slot(mem): (slot,
    seq), which must count 1, 2, ...; image(seq, *state): the bytes), each write first cut
    by power_cuts: the newest save (newest(memory): the loaded save or None) must then be
    the new state when the slot is complete or the save found has the new seq, nothing
    before the first save, else the previous state (same(saved, *state) checks one).
    Yields each state once its write is whole."""
    prev = None
    for step, state in enumerate(states):
        slot, seq = next_slot(mem)
        assert seq == step + 1
        img = image(seq, *state)
        off = slot * size
        for trial in power_cuts(mem, off, size, img, junk, every):
            saved = newest(trial)
            if trial[off:off + size] == img or (saved is not None and saved.seq == seq):
                same(saved, *state)
            elif prev is None:
                assert saved is None
            else:
                same(saved, *prev)
        mem[off:off + size] = img
        prev = state
        yield state


def run_review(rev, d, seat=0, seed=66):
    """Review finished hand `d` for `seat` with review object `rev` (review.Review or
    review_multi.ReviewMulti) to its end: (rev, the judged choices as (trick, played,
    better, loss), in order)."""
    rev.start(d, seat, seed=seed)
    seen = []
    while True:
        judged = rev.decisions
        more = rev.step()
        if rev.decisions > judged:
            seen.append((rev.last_trick, rev.last_played, rev.last_better, rev.last_loss))
        if not more:
            break
    return rev, seen


def review_planted(rev, d, planted, note=None):
    """Review finished hand d for seat 0 with rev (run_review), planted = (trick, card,
    loss) a blunder seat 0 made in it: (rev, the judged choices, the planted card's
    judgement (trick, played, better, loss), loss), asserting that card was judged."""
    trick, card, loss = planted
    rev, seen = run_review(rev, d)
    mine = [s for s in seen if s[0] == trick and s[1] == card]
    assert mine, (note, planted, seen)
    return rev, seen, mine[0], loss


def card_choices(d, x):
    """Seat 0's card choices among two or more legal cards in finished hand d, counted
    by replaying its log in x, a new Deal or DealMulti under d's rules."""
    x.deck[:] = d.deck
    x.deal_from_deck(d.dealer)
    choices = 0
    for k in range(d.log_len):
        a = d.log_action[k]
        if a < 24 and x.to_move == 0 and cards.count(x.legal_cards()) > 1:
            choices += 1
        x.apply(a)
    return choices


def check_interleaved_review(third, other, rev):
    """Review `third` (started) to its end with a step of review `other` before each of
    its steps: it must judge the hand as the finished review rev did."""
    while True:
        other.step()
        if not third.step():
            break
    assert (third.trick, third.played, third.better, third.loss) == (
        rev.trick, rev.played, rev.better, rev.loss)
    assert third.progress(100) == 100


def check_review_progress(rev, d, damaged_at, max_decisions, max_steps):
    """A review of finished hand `d` for seat 0 reports progress that only rises and ends
    at 1000; after log entry `damaged_at` is made a card already played, the review ends
    quietly within max_decisions decisions and max_steps slices."""
    rev.start(d, 0)
    last = rev.progress(1000)
    assert last == 0
    while rev.step():
        p = rev.progress(1000)
        assert last <= p < 1000
        last = p
    assert rev.done() and rev.progress(1000) == 1000
    d.log_action[damaged_at] = d.log_action[damaged_at - 1]
    rev.start(d, 0)
    steps = 0
    while rev.step():
        steps += 1
    assert rev.done() and rev.decisions <= max_decisions and steps <= max_steps


_EN = {}


def tx_key(section, key):
    """The English text of a catalog key (lib/sixtysix_ui/lang/en.txt)."""
    if not _EN:
        from sixtysix_tools.catalog import Catalog
        _EN.update(Catalog("en").texts())
    return _EN[(section, key)]


def tx_id(section, key):
    """The id of a catalog key (words.py: section << 7 | index)."""
    from sixtysix_tools.catalog import Catalog
    return Catalog("en").ids()[(section, key)]


def open_menu(d, board):
    """Open the table's menu by keys: B, or on three buttons A on the "Menu" slot."""
    t = d.app.table
    if board == "three":
        for _ in range(10):
            if t.cursor == t.nslots:
                break
            d.press("right")
        d.press("a")
    else:
        d.press("b")


def to_menu_entry(d, board, action):
    """Move the open menu's highlight to `action` (menus take right as down on three
    buttons); False if the menu has no such entry."""
    t = d.app.table
    if action not in t.popup_actions:
        return False
    for _ in range(12):
        if t.popup_actions[t.popup_sel] == action:
            return True
        d.press("right" if board == "three" else "down")
    return False
