"""Text as LaTeX (no Qt): the one escaping rule of every TikZ picture and table."""
from __future__ import annotations

import string
import unicodedata
from typing import Any

__all__ = ["tex_escape", "tex_format"]

# ---- text ---------------------------------------------------------------------------------
_TEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
}
# Characters pdflatex's default set-up cannot typeset, written as math instead.
_TEX_UNICODE = {
    "−": "$-$", "–": "--", "—": "---", "·": r"$\cdot$", "×": r"$\times$", "≤": r"$\le$",
    "≥": r"$\ge$", "≠": r"$\ne$", "±": r"$\pm$", "→": r"$\to$", "←": r"$\leftarrow$",
    "‖": r"$\|$", "√": r"$\surd$", "∞": r"$\infty$", "…": r"\dots{}", "²": r"\textsuperscript{2}",
    "³": r"\textsuperscript{3}", "₀": r"\textsubscript{0}", "₁": r"\textsubscript{1}",
    "₂": r"\textsubscript{2}", "ᵢ": r"\textsubscript{i}", "θ": r"$\theta$", "γ": r"$\gamma$",
    "α": r"$\alpha$", "β": r"$\beta$", "η": r"$\eta$", "λ": r"$\lambda$", "σ": r"$\sigma$",
    "τ": r"$\tau$", "μ": r"$\mu$", "ε": r"$\varepsilon$", "Σ": r"$\Sigma$", "∗": "*",
    "°": r"$^\circ$",
    "“": "``", "”": "''", "‘": "`", "’": "'",
}


def tex_escape(text: str) -> str:
    """``text`` as LaTeX that pdflatex typesets verbatim-looking, whatever the characters.

    The ten special characters are escaped; common symbols (−, ·, θ, γ, …) become their math
    forms; other characters outside Latin-1 and Latin Extended-A, which pdflatex's default
    fonts lack, become ``?``.
    """
    out = []
    for ch in unicodedata.normalize("NFC", str(text)):
        if unicodedata.category(ch) == "Mn":
            continue  # a combining accent with no precomposed letter (w̄): dropped, not "?"
        if ch in _TEX_SPECIAL:
            out.append(_TEX_SPECIAL[ch])
        elif ch in _TEX_UNICODE:
            out.append(_TEX_UNICODE[ch])
        elif ch in "\n\r\t":
            out.append(" ")
        elif ord(ch) < 32:
            continue
        elif ord(ch) < 128 or 0xA0 <= ord(ch) <= 0x17F:
            out.append(ch)
        else:
            out.append("?")
    return "".join(out)


def tex_format(template: str, /, **fields: Any) -> str:
    """``template.format(**fields)`` as LaTeX: the template's own words (a translated sentence)
    escaped by :func:`tex_escape`, the fields (LaTeX already: "$w_k$", numbers) put in as they are."""
    out = []
    for literal, name, spec, _conversion in string.Formatter().parse(template):
        out.append(tex_escape(literal))
        if name is not None:
            out.append(format(fields[name], spec or ""))
    return "".join(out)
