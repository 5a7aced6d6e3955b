"""The kind of match of 3 and 4 players (RULES.md V1, V2): what the App asks of a kind.

The interface both kinds have (class Kind here and in kind_two.py; app.py holds one as
app.kind):

  MULTI            False for two players, True here
  configure()      the engine for app.rules: app.deal, app.match, app.view,
                   app.bot_view (or only the rules re-read when it is built already)
  table()          a new table screen for the play (its module and the bots imported)
  unload()         the table (its scene, the bots' scratch, its module) and the
                   review's modules dropped (the App calls it, then drops app.table,
                   for the title and a hand's end; the review page when it closes)
  save()           the App's state into this kind's save region
  record(st)       a finished hand into the match and the Stats st; True if it
                   ended the match and the human('s side) won it
  summary() / match_end()   the (header, lines) of the hand's and the match's end
  review()         a review of app.deal for the review page
  card_words(card) a card in words

Here: a deal_multi.DealMulti, a persist_multi.MatchMulti (every seat adds the game
points of its side, D6; the deal passes clockwise; `winners`, a bitmask, once a seat
reaches the target), MultiViews and table_multi.TableMulti; saves are persist_multi
images in storage.py's MULTI region, read back at the app's start by start.py (which
resumes a kind's save: imported for it and dropped after, so that the play does not
carry that code).
"""
from micropython import const

from sixtysix_core import persist_multi as PM
from sixtysix_ui.render import unload
from sixtysix_ui.storage import MULTI
from sixtysix_ui.words_multi import card_words

_HUMAN = const(0)
_C_HAND_WON = const(2)          # stats.C_HAND_WON
_C_HAND_LOST = const(3)         # stats.C_HAND_LOST


class Kind:
    MULTI = True

    def __init__(self, app):
        self.app = app
        self.card_words = card_words

    def configure(self):
        app = self.app
        if app.deal is not None:
            app.deal.configure()
            return
        from sixtysix_core.deal_multi import DealMulti
        from sixtysix_core.view_multi import MultiView
        d = DealMulti(app.rules)
        app.deal = d
        app.match = PM.MatchMulti(app.rules)
        app.view = MultiView(d, _HUMAN)
        app.bot_view = MultiView(d, 1)

    def table(self):
        from sixtysix_ui.table_multi import TableMulti
        return TableMulti(self.app)

    def unload(self):
        if self.app.table is not None:
            self.app.table.end_hand()   # the scene and the bots' scratch go first
        unload("sixtysix_ui.table_multi")
        unload("sixtysix_core.review_multi")

    def save(self):
        """A 3/4-player match, or a choice of 3 or 4 players, in the MULTI region; a
        two-player choice (no match on) in the two-player slots."""
        app = self.app
        st = app.storage
        on = app.in_match
        if not on and app.choice.players == 2:
            st.save(app.settings, app.rng.get_state(), None, None, app.choice)
            return
        if not st.multi:
            return
        n = PM.encode_into(st.buf, st.seq, app.settings, app.rng.get_state(),
                           app.match if on else None, app.deal if on else None, app.choice)
        st.put(MULTI, n)

    def record(self, st):
        app = self.app
        d = app.deal
        app.match.record(d)
        if d.winner >= 0:
            won = d.side_of[d.winner] == d.side_of[_HUMAN]
            st.add(app.match_preset, app.settings.level, _C_HAND_WON if won else _C_HAND_LOST)
        return app.match.winners & 1 != 0

    # the hand summary's and the match end's lines: texts_multi.py, imported for them
    # and dropped at once
    def summary(self):
        from sixtysix_ui import texts_multi
        out = texts_multi.summary(self.app.deal, self.app.match)
        unload("sixtysix_ui.texts_multi")
        return out

    def match_end(self):
        from sixtysix_ui import texts_multi
        out = texts_multi.match_end(self.app.match)
        unload("sixtysix_ui.texts_multi")
        return out

    def review(self):
        from sixtysix_core.review_multi import ReviewMulti
        return ReviewMulti(self.app.rules, self.app.deal)
