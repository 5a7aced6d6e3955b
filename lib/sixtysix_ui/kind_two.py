"""The kind of match of two players: what the App asks of a kind (kind_multi.py lists it).

Here: the core's Deal and Match, a PlayerView for each seat and table.Table (imported
for the play with the bot's modules, dropped at a hand's end and for the title); saves are
persist.py images in storage.py's two-player slots, the rules chosen on the title for
the next match in its CHOICE slot.  The human is seat 0, the bot seat 1.
"""
from micropython import const

from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core.view import PlayerView
from sixtysix_ui import texts
from sixtysix_ui.render import unload


_HUMAN = const(0)
_BOT_MODULES = ("sixtysix_core.bot", "sixtysix_core.playout", "sixtysix_core.sample",
                "sixtysix_core.endgame")


class Kind:
    MULTI = False

    def __init__(self, app):
        self.app = app
        self.card_words = texts.card_words

    def configure(self):
        app = self.app
        if app.deal is not None:
            app.deal.configure()
            return
        app.match = M.Match(app.rules)
        app.deal = D.Deal(app.rules)
        app.view = PlayerView(app.deal, _HUMAN)
        app.bot_view = PlayerView(app.deal, 1)

    def table(self):
        from sixtysix_ui.table import Table
        return Table(self.app)

    def unload(self):
        """The table and the bot's modules (with its buffers) go: the hand's end, the
        summary and the review have their heap; the next table imports them again."""
        unload("sixtysix_ui.table")
        for name in _BOT_MODULES:
            unload(name)

    def save(self):
        """The match (with its own rules) or, with none on, the choice for the next one;
        a choice of 3 or 4 players is kept by the reload to that kind (title.reload),
        here only its preset (the settings) with the rules last played."""
        app = self.app
        on = app.in_match
        rules = app.choice if app.choice.players == 2 else app.rules
        app.storage.save(app.settings, app.rng.get_state(), app.match if on else None,
                         app.deal, rules)

    def record(self, st):
        app = self.app
        app.match.record(app.deal)
        st.hand(app.match_preset, app.settings.level, app.deal, _HUMAN)
        return app.match.winner == _HUMAN

    def summary(self):
        from sixtysix_ui import texts_end
        out = texts_end.summary(self.app.deal, self.app.match)
        unload("sixtysix_ui.texts_end")
        return out

    def match_end(self):
        from sixtysix_ui import texts_end
        out = texts_end.match_end(self.app.match)
        unload("sixtysix_ui.texts_end")
        return out

    def review(self):
        from sixtysix_core.review import Review
        return Review(self.app.rules, self.app.deal)
