"""Argument checking shared by the laptop commands: bad input gets one plain line on
standard error and exit status 2, never a traceback.

Parser      argparse.ArgumentParser whose errors are one line ("sixtysix.py term: error:
            argument --seed: 'abc' is not a whole number (see --help)"); unknown flags
            are refused.
number(lo)  an argparse type: a whole number >= lo, with a plain message.
writable(path, what)  BadInput unless a file can be written there (checked before a
            game starts, not when it ends).
rules_for(name, command)  the RuleSet of a preset the command can play, or BadInput
            naming why not (unknown preset, unsupported options, 3-/4-player games for a
            command that plays two players).  The one place to change when a command
            learns to play more.
multi_rules(preset, settings, command)  a 3- or 4-player preset with --set options over
            it; ValueError with a sentence.
wants_multi(args)  True if the arguments' --rules names a 3- or 4-player preset (term
            and tournament hand those to their multi-player modules).
"""
import argparse
import os
import sys


class BadInput(Exception):
    """A plain sentence for the user: tools/sixtysix.py prints it and exits with 2."""


class Parser(argparse.ArgumentParser):
    """Errors in one line, on `stream` (standard error unless given)."""

    def __init__(self, *args, stream=None, **kwargs):
        argparse.ArgumentParser.__init__(self, *args, **kwargs)
        self.stream = stream

    def error(self, message):
        (self.stream or sys.stderr).write("%s: error: %s (see --help)\n" % (self.prog, message))
        sys.exit(2)


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


def writable(path, what):
    """BadInput unless a file can be written at path, in a folder that exists."""
    if not path:
        raise BadInput("%s needs a file name" % what)
    if os.path.isdir(path):
        raise BadInput("%s %s names a folder, not a file" % (what, path))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BadInput("%s %s: there is no folder %s" % (what, path, folder))
    if not os.access(folder, os.W_OK):
        raise BadInput("%s %s: the folder %s is not writable" % (what, path, folder))


# Commands that play more than two players: {command: (players, ...)}.  A command not
# named here plays the two-player game only.
PLAYERS = {"term": (2, 3, 4), "tournament": (2, 3, 4)}


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


def multi_rules(preset, settings, command="tournament"):
    """The 3- or 4-player preset (rules_for) with the --set options; ValueError with a
    sentence."""
    try:
        rules = rules_for(preset, command)
    except BadInput as e:
        raise ValueError(str(e)) from None
    for s in settings:
        if "=" not in s:
            raise ValueError("--set takes option=value, not %r" % s)
        rules.set(*s.split("=", 1))
    if rules.players == 2:
        raise ValueError("%s is a two-player preset" % preset)
    problem = rules.unsupported()
    if problem:
        raise ValueError(problem)
    return rules


def wants_multi(args):
    """True if the arguments' --rules names a 3- or 4-player preset."""
    from sixtysix_core import rules as R
    for k, a in enumerate(args):
        value = a.split("=", 1)[1] if a.startswith("--rules=") else (
            args[k + 1] if a == "--rules" and k + 1 < len(args) else None)
        if value is not None:
            try:
                return R.preset(value).players != 2
            except ValueError:
                return False
    return False
