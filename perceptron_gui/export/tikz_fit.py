"""A TikZ picture scaled to a target size on the page (no Qt).

A slide's room is known only to LaTeX (``0.9\\linewidth`` in a Beamer frame, ``0.7\\textheight``),
and a picture's own size (its legend, its tick labels) only once TeX has set its text. So the
picture is set in a box, measured, and scaled as a whole (its text with it) to fit the width, the
height, or both while keeping its shape: the Overfull \\hbox a fixed 8 cm picture plus its legend
made in a frame cannot happen. ``tikz`` loads ``graphicx`` (``\\scalebox``) and ``pgfmath``, so
no package beyond ``tikz`` is needed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import UserError
from ..i18n import N_, _

__all__ = ["LengthError", "TikzSize", "fit_picture", "parse_length"]

_UNITS = ("cm", "mm", "pt", "in", "bp", "pc", "em", "ex")
_RELATIVE = ("linewidth", "textwidth", "textheight", "columnwidth", "paperwidth", "paperheight")
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_LENGTH = re.compile(rf"^({_NUMBER})\s*({'|'.join(_UNITS)})$|^({_NUMBER})?\s*\\({'|'.join(_RELATIVE)})$")


class LengthError(UserError):
    """A size that is not a TeX length; ``str(err)`` is one sentence. (Not the exporters'
    ExportError: the command line's grammar checks lengths without loading numpy.)"""


# pgfmath divides to about 5 significant digits; a hair less than the room keeps that rounding
# from ever pushing the picture past it (TeX reports an overfull box from 0.1 pt on).
_ROOM = 0.998


def parse_length(text: str, option: str = N_("the size")) -> str:
    """``text`` as a TeX length (``8cm``, ``120mm``, ``0.9\\linewidth``, ``\\textheight``).

    Raises
    ------
    LengthError
        One sentence naming ``option`` when ``text`` is not such a length or is not positive.
    """
    s = text.strip()
    m = _LENGTH.match(s)
    factor = (m.group(1) or m.group(3) or "1") if m else "0"
    if m is None or float(factor) <= 0 or float(factor) > 1000:
        relative = ", ".join("\\" + name for name in _RELATIVE)
        # TRANSLATORS: {option} is an option's name ("--width") or "The width"; {units} lists TeX units.
        raise LengthError(_("{option} must be a positive length such as 8cm, 120mm or 0.9\\linewidth (units {units}; "
                            "or a fraction of {relative}), not '{text}'.").format(
            option=_(option), units=", ".join(_UNITS), relative=relative, text=text))
    return f"{factor}\\{m.group(4)}" if m.group(4) else f"{factor}{m.group(2)}"


@dataclass(frozen=True)
class TikzSize:
    """Where a TikZ picture must fit: TeX lengths (None: no bound), and whether the legend is drawn."""

    width: str | None = None
    height: str | None = None
    legend: bool = True

    def __post_init__(self) -> None:
        for attr, name, value in (("width", N_("The width"), self.width), ("height", N_("The height"), self.height)):
            if value is not None:
                object.__setattr__(self, attr, parse_length(value, name))

    @property
    def fitted(self) -> bool:
        return self.width is not None or self.height is not None


def fit_picture(body: str, size: TikzSize | None) -> str:
    """``body`` (text holding one outermost ``tikzpicture``) with that picture scaled to ``size``."""
    if size is None or not size.fitted:
        return body
    start = body.find("\\begin{tikzpicture}")
    end = body.rfind("\\end{tikzpicture}")
    if start < 0 or end < 0:
        raise AssertionError("fit_picture needs a tikzpicture")
    end += len("\\end{tikzpicture}")
    ratios = []
    if size.width is not None:
        ratios.append("\\percfitw/\\wd\\percfitbox")
    if size.height is not None:
        ratios.append("\\percfith/(\\ht\\percfitbox+\\dp\\percfitbox)")
    scale = ratios[0] if len(ratios) == 1 else f"min({ratios[0]},{ratios[1]})"
    room = " and ".join(f"{what} {value}" for what, value in (("width", size.width), ("height", size.height))
                        if value is not None)
    head = [
        f"% Scaled as a whole (its text too) to fit {room}: set in a box, measured, then scaled.",
        "\\ifdefined\\percfitbox\\else\\newsavebox\\percfitbox\\newdimen\\percfitw\\newdimen\\percfith\\fi",
        f"\\percfitw={size.width or '1pt'}\\relax",
        f"\\percfith={size.height or '1pt'}\\relax",
        "\\sbox\\percfitbox{%",
    ]
    tail = ["}%",
            f"\\pgfmathsetmacro\\percfitscale{{{_ROOM}*{scale}}}%",
            "\\scalebox{\\percfitscale}{\\usebox\\percfitbox}%"]
    return body[:start] + "\n".join(head) + "\n" + body[start:end] + "\n" + "\n".join(tail) + body[end:]
