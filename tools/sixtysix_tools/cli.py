"""Argument checking shared by the laptop commands: bad input gets one plain line on
standard error and exit status 2, never a traceback.

Parser      argparse.ArgumentParser whose errors are one line ("sixtysix.py term: error:
            argument --seed: 'abc' is not a whole number (see --help)"); unknown flags
            are refused.
number(lo)  an argparse type: a whole number >= lo, with a plain message.
rules_for(name, command)  the RuleSet of a preset the command can play, or BadInput
            naming why not (unknown preset, unsupported options, 3-/4-player games for a
            command that plays two players).  The one place to change when a command
            learns to play more.
"""
import argparse


class BadInput(Exception):
    """A plain sentence for the user: tools/sixtysix.py prints it and exits with 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (self.prog, message))


def number(lo=0):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
        if value < lo:
            raise argparse.ArgumentTypeError("%d is too small (at least %d)" % (value, lo))
        return value
    parse.__name__ = "number"
    return parse


# Commands that play more than two players: {command: (players, ...)}.  A command not
# named here plays the two-player game only.
PLAYERS = {}


def rules_for(preset_name, command):
    """The RuleSet for a preset the command can play; BadInput with a sentence if not."""
    from sixtysix_core import rules as R
    try:
        rules = R.preset(preset_name)
    except ValueError:
        raise BadInput("unknown rules preset %r; choose from %s"
                       % (preset_name, ", ".join(R.preset_names()))) from None
    if rules.players not in PLAYERS.get(command, (2,)):
        raise BadInput("%s is a %d-player game; %s plays %s" % (
            preset_name, rules.players, command,
            " or ".join("%d players" % n for n in PLAYERS.get(command, (2,)))))
    problem = rules.unsupported()
    if problem:
        raise BadInput("%s: %s" % (preset_name, problem))
    return rules
