"""The words argparse (Python 3.11) says itself, listed here only so that the extraction puts
them in our catalogue: "usage: ", "options", "show this help message and exit", its error
messages. This module is never imported at run time; argparse looks these words up itself,
through the ``_`` and ``ngettext`` that :func:`perceptron_gui.i18n.set_language` points at our
catalogue. The English must stay exactly as argparse spells it (it is the msgid argparse asks for).
"""
from __future__ import annotations

from ..i18n import N_, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("argument %(argument_name)s: %(message)s"),
    N_(".__call__() not defined"),
    N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_('argument "-" with mode %r'),
    N_("can't open '%(filename)s': %(error)s"),
    N_("cannot merge actions - two groups are named %r"),
    N_("'required' is an invalid argument for positionals"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("dest= is required for options like %r"),
    N_("invalid conflict_resolution value: %r"),
    N_("mutually exclusive arguments must be optional"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("cannot have multiple subparser arguments"),
    N_("subcommands"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("%r is not callable"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


def _plural_words(n: int) -> tuple[str, ...]:
    """Never called: marks argparse's plural messages for extraction."""
    return (
        ngettext("conflicting option string: %s", "conflicting option strings: %s", n),
        ngettext("expected %s argument", "expected %s arguments", n),
    )
