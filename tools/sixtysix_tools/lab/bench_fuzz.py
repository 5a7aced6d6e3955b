"""`bench fuzz [--records N] [--saves N] [--multi-saves N] [--big-mb M] [--seed S]`:
fault injection figures for the replayer and the save formats (printed, never a timed
test).

Replayer: N mutated records (byte flips, inserted characters such as U+017F, U+3000,
U+00A0, U+2028, U+001C-U+001F, NUL, CR, 5,000-digit numbers, deleted, repeated and
swapped lines, tokens replaced, truncations) from records of random hands of every
preset; counts uncaught exceptions and errors not at a real line (a line 0 error must be
a whole-record fault; a line N error must name a line that exists and holds more than a
comment, or is the over-long one).
Big record: the peak resident memory (getrusage in a child process) and time of
replaying an M MB record: "0 draw" lines with the fault on line 4, and comment lines
that must all be read before the last action.
Saves: every single-bit flip and every truncation and torn write (the first k bytes
new, the rest the slot's old bytes, 0xFF or 0x00) of save images taken at every step of
real matches; then N checksum-valid mutations (1-3 bytes changed, checksum recomputed)
checked against an independent oracle: the app's settings, a preset with at most
match_target, exchange and auto_declare changed, a match state reachable by that many
hands (a breadth-first search over hand outcomes, not persist's own arithmetic), the
hand's dealer the match's, the log legal, and the bytes exactly what encode_into writes.
3/4-player saves (persist_multi, --multi-saves N): the same damage of images taken at
every step of random 3- and 4-player matches of several variants (each_for_self,
after_any_trick, partner_first + partner_meld, bottom_card + czech), then N
checksum-valid mutations against an oracle of its own: the variant's options, the
dealer (first dealer + hands) mod n, scores reachable by that many hands (a
breadth-first search over every hand result: a side of one or two seats gets 1-3, each
for self the winner 2-6 or a draw), the log legal, and the bytes as encode_into writes.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core import notation
from sixtysix_core import persist as P
from sixtysix_core import persist_load as PL
from sixtysix_core import rules as R
from sixtysix_core.deal_multi import DealMulti
from sixtysix_core.record import format_record
from sixtysix_core.rng import Rng

_INSERTS = ("\u017f", "\u3000", "\u00a0", "\u2028", "\x1c", "\x1d", "\x1e", "\x1f", "\x00",
            "\r", "\t", "#", "\n", "9" * 5000, "9" * 20, " ", "\u00e9", "K", "10", "meld",
            "draw", "rules", "deck", "dealer", "format", "=", "\ufeff", "\u0131")
_TOKENS = ("0", "1", "2", "3", "QH", "AH", "9c", "10d", "Ks", "draw", "meld", "H", "out",
           "close", "exchange", "pass", "trump", "x=y", "deck=20", "players=3", "rules",
           "CLASSIC_66", "dealer", "deck", "format", "99999999999", "-1", "")


# ------------------------------------------------------------------ records

def _random_hand(rules, rng):
    d = D.Deal(rules) if rules.players == 2 else DealMulti(rules)
    d.new_hand(rng.below(rules.players), rng)
    buf = bytearray(40)
    while not d.is_over():
        n = d.legal_into(buf)
        d.apply(buf[rng.below(n)])
    return format_record(d, "fuzz corpus")


def corpus(rng, per_preset=20):
    out = []
    for name in R.preset_names():
        rules = R.preset(name)
        if rules.unsupported() is None:
            out.extend(_random_hand(rules, rng) for _ in range(per_preset))
    return [text.encode() for text in out]


def mutate(data, rnd):
    data = bytearray(data)
    for _ in range(rnd.randint(1, 3)):
        kind = rnd.randrange(8)
        pos = rnd.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(pos, len(data) - 1)] ^= 1 << rnd.randrange(8)
        elif kind == 1:
            data[pos:pos] = rnd.choice(_INSERTS).encode("utf-8", "surrogatepass")
        elif kind == 2:
            del data[pos:pos + rnd.randint(1, 40)]
        elif kind == 3:
            data = data[:pos]
        else:
            lines = bytes(data).split(b"\n")
            i = rnd.randrange(len(lines))
            if kind == 4:
                lines.insert(i, lines[rnd.randrange(len(lines))])
            elif kind == 5:
                j = rnd.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == 6:
                del lines[i]
            else:
                words = lines[i].split(b" ")
                words[rnd.randrange(len(words))] = rnd.choice(_TOKENS).encode()
                lines[i] = b" ".join(words)
            data = bytearray(b"\n".join(lines))
    return bytes(data)


_LINE0 = ("NUL byte", "not UTF-8", "the record has no")


def error_at_a_real_line(data, answer):
    """'' if the answer's error names a real line, else what is wrong."""
    if answer["ok"]:
        return ""
    line = answer["error"]["line"]
    message = answer["error"]["message"]
    if not isinstance(line, int) or not message:
        return "no line or message"
    if line == 0:
        return "" if any(k in message for k in _LINE0) else "line 0: " + message
    lines = data.split(b"\n")
    if line > len(lines):
        return "line %d of %d" % (line, len(lines))
    text = lines[line - 1]
    if text.endswith(b"\r"):
        text = text[:-1]
    if "longer than" in message:
        return "" if len(text) > notation.LINE_LIMIT - 1 else "not a long line"
    if not text.split(b"#", 1)[0].strip(b" \t"):
        return "line %d holds only a comment or blanks" % line
    return ""


def fuzz_records(count, seed):
    rnd = random.Random(seed)
    base = corpus(Rng(seed))
    crashes = misplaced = bad = 0
    examples = []
    t0 = time.perf_counter()
    for _ in range(count):
        data = mutate(rnd.choice(base), rnd)
        try:
            answer, _ = notation.replay(data)
            json.dumps(answer)
        except Exception as e:              # noqa: BLE001 - counting is the point
            crashes += 1
            examples.append("exception %r" % (e,))
            continue
        problem = error_at_a_real_line(data, answer)
        if problem:
            misplaced += 1
            examples.append(problem)
        bad += not answer["ok"]
    dt = time.perf_counter() - t0
    print("replayer: %d mutated records (%d refused, %d accepted) in %.1f s: %d uncaught "
          "exceptions, %d errors not at a real line"
          % (count, bad, count - bad, dt, crashes, misplaced))
    for text in examples[:5]:
        print("  e.g.", text)
    return crashes + misplaced


_CHILD = """
import resource, sys, time
sys.path.insert(0, sys.argv[1])
from sixtysix_core import notation
t0 = time.perf_counter()
with open(sys.argv[2], 'rb') as f:
    answer, _ = notation.replay(f)
dt = time.perf_counter() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
print(answer['ok'], answer['error'] and answer['error']['line'], len(answer['actions']),
      '%.1f' % peak, '%.2f' % dt)
"""


def big_record(megabytes, root):
    header = ("rules CLASSIC_66\ndealer 1\ndeck KH QH AS AH 9C JS AD TC 9S KD QS JD 9H JC QC "
              "KC AC TS KS JH TH 9D QD TD\n")
    worst = 0.0
    for kind in ("draw lines, fault on line 4", "comment lines, then one action"):
        fd, path = tempfile.mkstemp(suffix=".txt")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(header)
                line = "0 draw\n" if kind.startswith("draw") else "# %s\n" % ("c" * 60)
                block = line * ((1 << 20) // len(line))            # about 1 MB
                size = 0
                while size < megabytes * 1000000:
                    f.write(block)
                    size += len(block)
                if not kind.startswith("draw"):
                    f.write("0 QH\n")
            out = subprocess.run([sys.executable, "-c", _CHILD, root, path],
                                 capture_output=True, text=True, timeout=3600)
            ok, line, actions, peak, seconds = out.stdout.split()
            worst = max(worst, float(peak))
            print("big record: %d MB of %s: peak RSS %s MiB, %s s (ok %s, error line %s, "
                  "%s actions)" % (size // 1000000, kind, peak, seconds, ok, line, actions))
        finally:
            os.unlink(path)
    return worst


# -------------------------------------------------------------------- saves

def _app_presets():
    return [i for i, name in enumerate(R.preset_names())
            if R.preset(name).players == 2 and R.preset(name).unsupported() is None]


def _title_presets():
    """The presets the title may have chosen for the next match (any number of players):
    what the settings preset of an image may be (docs/SAVES.md)."""
    return [i for i, name in enumerate(R.preset_names())
            if R.preset(name).unsupported() is None]


def save_images(seed, matches_per_preset=4):
    """(image, previous image of the same slot) at every step of random matches."""
    from sixtysix_core.simple_bots import random_choose
    from sixtysix_core.view import PlayerView
    out = []
    rng = Rng(seed)
    buf = bytearray(P.SLOT_SIZE)
    prev = bytes(b"\xff" * P.SLOT_SIZE)
    for index in _app_presets():
        for k in range(matches_per_preset):
            rules = R.preset(R.preset_names()[index])
            rules.exchange = k % 2
            rules.auto_declare = (k >> 1) % 2
            rules.set("match_target", ("7", "6", "10")[k % 3])
            settings = P.Settings(k % 3, index, k % 2, (k >> 1) % 2)
            match = M.Match(rules)
            match.start(rng)
            deal = D.Deal(rules)
            views = (PlayerView(deal, 0), PlayerView(deal, 1))
            seq = 1
            while not match.is_over() and match.hands < 40:
                deal.new_hand(match.dealer, rng)
                while True:
                    n = P.encode_into(buf, seq, settings, rng.get_state(),
                                      None if match.is_over() else match, deal, rules)
                    image = bytes(buf[:n]) + b"\xff" * (P.SLOT_SIZE - n)
                    out.append((image, prev))
                    prev = image
                    seq += 1
                    if deal.is_over():
                        break
                    deal.apply(random_choose(views[deal.to_move], rng))
                match.record(deal)
    return out


def damage_checks(images, rnd, sample=100, decode=PL.decode):
    """Bit flips, truncations and torn writes: (cases, undetected)."""
    cases = missed = 0
    for image, old in rnd.sample(images, min(sample, len(images))):
        n = image[3] | image[4] << 8
        for i in range(n):
            for bit in range(8):
                bad = bytearray(image)
                bad[i] ^= 1 << bit
                cases += 1
                missed += decode(bad) is not None
        n_old = old[3] | old[4] << 8
        for k in range(P.SLOT_SIZE):
            for torn in (True, False, False):
                rest = old[k:] if torn else bytes((0xFF if cases & 1 else 0,)) * (
                    P.SLOT_SIZE - k)
                slot = image[:k] + rest
                cases += 1
                if decode(slot) is None or slot[:n] == image[:n]:
                    continue                    # refused, or the new image complete
                if not (torn and slot[:n_old] == old[:n_old]):     # or the old one whole
                    missed += 1
    return cases, missed


class Oracle:
    """What the app can write, decided without persist's own checks."""

    def __init__(self):
        self.presets = _app_presets()
        self.names = [name for name, _ in R.options()]
        self.bases = [R.preset(R.preset_names()[i]) for i in self.presets]
        self._reach = {}

    def rules_ok(self, rules):
        for base in self.bases:
            if all(getattr(rules, n) == getattr(base, n) for n in self.names
                   if n not in ("match_target", "exchange", "auto_declare")):
                return True
        return False

    def reachable(self, rules, hands):
        """Set of (s0, s1, dealer) after exactly `hands` hands of a match going on."""
        layers, first = self._tables(rules)
        if first is not None:                   # with draws: reachable from then on
            return {s for s, h in first.items() if h <= hands}
        return layers[hands] if hands < len(layers) else set()

    def reached(self, rules, state, hands):
        """state (s0, s1, dealer) in reachable(rules, hands), without building the set."""
        layers, first = self._tables(rules)
        if first is not None:
            return first.get(state, hands + 1) <= hands
        return hands < len(layers) and state in layers[hands]

    def _tables(self, rules):
        draws = rules.end_without_declaration == R.END_HIGHER_TOTAL
        penalty = rules.failed_close == R.FAILED_CLOSE_CZECH_PENALTY
        winner = rules.next_dealer == 0
        key = (rules.match_target, draws, penalty, winner)
        if key not in self._reach:
            self._reach[key] = self._search(rules.match_target, draws, penalty, winner)
        return self._reach[key]

    @staticmethod
    def _step(state, target, draws, penalty, winner):
        s0, s1, d = state
        outcomes = []
        if draws:
            outcomes.append((s0, s1, d if winner else 1 - d))
        for g in (1, 2, 3):
            outcomes.append((s0 + g, s1, 0 if winner else 1 - d))
            outcomes.append((s0, s1 + g, 1 if winner else 1 - d))
        if penalty:
            # closer_failed: -6 or -3 and the other wins 0; closer_beaten: the Czech
            # bands of the closer's total (< 33: -6 and 3 or 2; else -3 and 2 or 1)
            for p, g in ((6, 0), (3, 0), (6, 3), (6, 2), (3, 2), (3, 1)):
                outcomes.append((s0 - p, s1 + g, 1 if winner else 1 - d))
                outcomes.append((s0 + g, s1 - p, 0 if winner else 1 - d))
        return [(a, b, nd) for a, b, nd in outcomes
                if -128 <= a < target and -128 <= b < target]

    def _search(self, target, draws, penalty, winner):
        """Breadth-first over hand outcomes from 0:0 with either first dealer.  With
        draws every state stays reachable once reached (a draw keeps it, or only swaps
        the dealer when both dealers are reachable alike), so the first hand count is
        kept; without draws, each layer."""
        start = {(0, 0, 0), (0, 0, 1)}
        if draws:
            first = {s: 0 for s in start}
            frontier = list(start)
            h = 0
            while frontier:
                h += 1
                nxt = []
                for state in frontier:
                    for t in self._step(state, target, draws, penalty, winner):
                        if t not in first:
                            first[t] = h
                            nxt.append(t)
                frontier = nxt
            if not winner:      # alternate dealers: the dealer bit is the start's choice
                for (a, b, d), h in list(first.items()):
                    first[(a, b, 1 - d)] = min(h, first.get((a, b, 1 - d), h))
            return None, first
        layers = [start]
        while layers[-1]:
            nxt = set()
            for state in layers[-1]:
                nxt.update(self._step(state, target, draws, penalty, winner))
            layers.append(nxt)
        return layers, None

    def possible(self, saved, image):
        st = saved.settings
        if not (st.level < 3 and st.auto_draw < 2 and st.reveal < 2
                and st.preset in _title_presets()):
            return "settings"
        if not self.rules_ok(saved.rules):
            return "rules"
        m = saved.match
        if m is not None:
            if m.winner != -1 or m.target != saved.rules.match_target or m.draw_bonus:
                return "match fields"
            if not self.reached(saved.rules, (m.scores[0], m.scores[1], m.dealer), m.hands):
                return "scores %d:%d after %d hands, dealer %d" % (
                    m.scores[0], m.scores[1], m.hands, m.dealer)
        return hand_and_bytes(saved, image, D.Deal, P.encode_into)


def hand_and_bytes(saved, image, make_deal, encode_into):
    """The oracles' last checks: a saved hand is the match's and its log replays legally
    in a fresh deal (make_deal(rules)), and the image is what encode_into writes."""
    m = saved.match
    d = saved.deal
    if d is not None:
        if m is None or d.dealer != m.dealer or d.is_over():
            return "hand"
        fresh = make_deal(saved.rules)
        fresh.deck[:] = d.deck
        fresh.deal_from_deck(d.dealer)
        for i in range(d.log_len):
            if fresh.is_over() or not fresh.is_legal(d.log_action[i]):
                return "log"
            fresh.apply(d.log_action[i])
    buf = bytearray(P.SLOT_SIZE)
    n = encode_into(buf, saved.seq, saved.settings, saved.rng_state, m, d, saved.rules)
    if bytes(buf[:n]) != image[:n]:
        return "not what encode_into writes"
    return ""


def fuzz_saves(count, seed, sample=100, matches=4):
    rnd = random.Random(seed)
    images = save_images(seed, matches)
    t0 = time.perf_counter()
    cases, missed = damage_checks(images, rnd, sample)
    print("saves: %d images from real matches; %d bit flips, truncations and torn writes "
          "of %d of them: %d not detected (%.0f s)"
          % (len(images), cases, min(sample, len(images)), missed, time.perf_counter() - t0))
    accepted, impossible, examples, dt = _mutations(images, count, rnd, PL.decode, Oracle())
    print("saves: %d checksum-valid mutations, %d accepted, %d of them impossible (%.0f s)"
          % (count, accepted, impossible, dt))
    for text in examples[:5]:
        print("  e.g.", text)
    return missed + impossible


def _mutations(images, count, rnd, decode, oracle):
    """count checksum-valid mutations of random images (1-3 bytes, half of them in the
    match block, a fifth in the rules): (accepted, impossible by the oracle, examples,
    seconds).  Both formats have the rules at byte 13 and the match block after them."""
    match_at = P._HEADER + R.NUM_OPTIONS
    accepted = impossible = 0
    examples = []
    t0 = time.perf_counter()
    for _ in range(count):
        image = bytearray(rnd.choice(images)[0])
        n = image[3] | image[4] << 8
        for _ in range(rnd.randint(1, 3)):
            r = rnd.random()
            if r < 0.5:
                i = rnd.randrange(match_at, match_at + 9)      # the match block
            elif r < 0.7:
                i = rnd.randrange(P._HEADER, match_at)         # the rules
            else:
                i = rnd.randrange(5, n - 2)
            image[i] = (image[i] + rnd.choice((1, -1, 2, -2, 3, -3, 6, -6, 128))) & 0xFF \
                if rnd.random() < 0.6 else rnd.randrange(256)
        s1, s2 = P.fletcher16(image, 0, n - 2)
        image[n - 2] = s1
        image[n - 1] = s2
        saved = decode(image)
        if saved is None:
            continue
        accepted += 1
        why = oracle.possible(saved, bytes(image))
        if why:
            impossible += 1
            examples.append(why)
    return accepted, impossible, examples, time.perf_counter() - t0


# ------------------------------------------------------- 3/4-player saves

# The options a 3/4-player match may change (persist_multi.APP_OPTIONS, written out
# again here so that the oracle does not take persist_multi's word for it).
_MULTI_OPTIONS = ("match_target", "partner_meld", "undertrump", "declare_window",
                  "auto_declare", "last_trick_bonus", "scoring", "false_declaration",
                  "meld_before_first_trick", "warszawa_order", "three_player_mode",
                  "four_player_trump")
_MULTI_VARIANTS = ((), (("three_player_mode", "each_for_self"),),
                   (("declare_window", "after_any_trick"), ("match_target", "10")),
                   (("warszawa_order", "partner_first"), ("partner_meld", "true")),
                   (("four_player_trump", "bottom_card"), ("scoring", "czech")))


def _multi_presets():
    return [i for i, name in enumerate(R.preset_names()) if R.preset(name).players > 2]


def multi_save_images(seed, matches=2):
    """(image, previous image of the same slot) at every step of random 3/4-player
    matches of every variant."""
    from sixtysix_core import persist_multi as PM
    out = []
    rng = Rng(seed)
    buf = bytearray(PM.SLOT_SIZE)
    prev = bytes(b"\xff" * PM.SLOT_SIZE)
    seq = 1
    for index in _multi_presets():
        for variant in _MULTI_VARIANTS:
            rules = R.preset(R.preset_names()[index])
            try:
                for name, value in variant:
                    rules.set(name, value)
            except ValueError:
                continue
            if rules.unsupported() is not None:
                continue
            for k in range(matches):
                settings = P.Settings(k % 3, index, k % 2, (k >> 1) % 2)
                match = PM.MatchMulti(rules)
                match.start(rng)
                deal = DealMulti(rules)
                lbuf = bytearray(40)
                while not match.is_over() and match.hands < 40:
                    deal.new_hand(match.dealer, rng)
                    while True:
                        n = PM.encode_into(buf, seq, settings, rng.get_state(), match, deal)
                        image = bytes(buf[:n]) + b"\xff" * (PM.SLOT_SIZE - n)
                        out.append((image, prev))
                        prev = image
                        seq = (seq + 1) & 0xFFFF
                        if deal.is_over():
                            break
                        deal.apply(lbuf[rng.below(deal.legal_into(lbuf))])
                    match.record(deal)
    return out


class MultiOracle:
    """What the 3/4-player app can write, decided without persist_multi's checks: the
    scores by a breadth-first search over every hand result the rules allow."""

    def __init__(self):
        self.presets = _multi_presets()
        self.names = [name for name, _ in R.options()]
        self._reach = {}

    def rules_ok(self, rules, index):
        base = R.preset(R.preset_names()[index])
        if rules.unsupported() is not None:
            return False
        return all(getattr(rules, n) == getattr(base, n) for n in self.names
                   if n not in _MULTI_OPTIONS)

    @staticmethod
    def _results(n, each):
        """Each hand's score vector: a side of one or two seats gets g (1-3); each for
        self: the winner 2-6, or a draw."""
        out = []
        if n == 4:
            for g in (1, 2, 3):
                out += [(g, 0, g, 0), (0, g, 0, g)]
        elif each:
            out.append((0, 0, 0, 0))
            for p in range(2, 7):
                out += [tuple(p if s == k else 0 for s in range(4)) for k in range(3)]
        else:
            for g in (1, 2, 3):
                for k in range(3):
                    out.append(tuple(g if s == k else 0 for s in range(3)) + (0,))
                    out.append(tuple(0 if s == k or s == 3 else g for s in range(4)))
        return out

    def reached(self, rules, scores, hands):
        n = rules.players
        each = n == 3 and rules.three_player_mode == 1
        key = (n, each, rules.match_target)
        if key not in self._reach:
            # layers[h]: the scores after exactly h hands (all below the target); scores
            # only grow, so without draws the layers run out; with draws (each for
            # self) a state stays reachable once reached: its first count is kept
            target = rules.match_target
            results = self._results(n, each)
            layers = [{(0, 0, 0, 0)}]
            first = {(0, 0, 0, 0): 0}
            while layers[-1] and len(layers) < 80:
                nxt = set()
                for st in layers[-1]:
                    for r in results:
                        t = tuple(a + b for a, b in zip(st, r))
                        if max(t) < target:
                            nxt.add(t)
                            first.setdefault(t, len(layers))
                if each and not nxt - set().union(*layers):
                    break                       # nothing new: every later layer repeats
                layers.append(nxt)
            self._reach[key] = (layers, first)
        layers, first = self._reach[key]
        if each:
            return first.get(tuple(scores), hands + 1) <= hands
        return hands < len(layers) and tuple(scores) in layers[hands]

    def possible(self, saved, image):
        from sixtysix_core import persist_multi as PM
        st = saved.settings
        if not (st.level < 3 and st.auto_draw < 2 and st.reveal < 2
                and st.preset in _title_presets()):
            return "settings"
        if not any(self.rules_ok(saved.rules, k) for k in self.presets):
            return "rules"
        m = saved.match
        n = saved.rules.players
        if m is not None:
            if m.winners or m.target != saved.rules.match_target or m.first_dealer >= n:
                return "match fields"
            if m.dealer != (m.first_dealer + m.hands) % n:
                return "dealer"
            if not self.reached(saved.rules, m.scores, m.hands):
                return "scores %s after %d hands" % (m.scores, m.hands)
        return hand_and_bytes(saved, image, DealMulti, PM.encode_into)


def fuzz_multi_saves(count, seed, sample=60, matches=2):
    from sixtysix_core import persist_multi as PM
    rnd = random.Random(seed)
    images = multi_save_images(seed, matches)
    t0 = time.perf_counter()
    cases, missed = damage_checks(images, rnd, sample, PM.decode)
    print("3/4-player saves: %d images from real matches; %d bit flips, truncations and "
          "torn writes of %d of them: %d not detected (%.0f s)"
          % (len(images), cases, min(sample, len(images)), missed, time.perf_counter() - t0))
    accepted, impossible, examples, dt = _mutations(images, count, rnd, PM.decode,
                                                    MultiOracle())
    print("3/4-player saves: %d checksum-valid mutations, %d accepted, %d of them "
          "impossible (%.0f s)" % (count, accepted, impossible, dt))
    for text in examples[:5]:
        print("  e.g.", text)
    return missed + impossible


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench fuzz", description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=cli.number(0), default=100000)
    ap.add_argument("--saves", type=cli.number(0), default=100000)
    ap.add_argument("--multi-saves", type=cli.number(0), default=100000)
    ap.add_argument("--big-mb", type=cli.number(0), default=100)
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ns = ap.parse_args(args)
    from sixtysix_tools.lab import ROOT as root
    faults = fuzz_records(ns.records, ns.seed) if ns.records else 0
    if ns.big_mb:
        peak = big_record(ns.big_mb, root)
        faults += peak > 64
    if ns.saves:
        faults += fuzz_saves(ns.saves, ns.seed)
    if ns.multi_saves:
        faults += fuzz_multi_saves(ns.multi_saves, ns.seed)
    print("fuzz: %s" % ("all checks hold" if not faults else "%d FAULTS" % faults))
    return 0 if not faults else 1
