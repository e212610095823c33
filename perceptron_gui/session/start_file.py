"""The file named on the command line (``perceptron-gui FILE``), read before the window exists.

Reading first means a bad file costs no Qt start when there is no window to show it in
(``--screenshot`` exits 2 with the sentence), and a good one is read once: the window then
takes what was read (:meth:`Document.take`) as File → Open would.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import UserError
from ..i18n import _
from .document import Document, DocumentKind, kind_of

__all__ = ["StartFile", "read_start_file"]


@dataclass(frozen=True)
class StartFile:
    """A file given at start: what it is, what was read, or the sentence saying why not.

    Attributes
    ----------
    path : the file as given.
    kind : ``"session"`` for a ``.json`` name (``.perceptron.json``), else ``"csv"``.
    loaded : what :meth:`Document.read` gave; None when reading failed.
    error : the one-sentence reason it could not be read; None when it was.
    """

    path: Path
    kind: DocumentKind
    loaded: Any = None
    error: str | None = None


def read_start_file(path: str | Path) -> StartFile:
    """Read ``path`` as the window's File → Open would (a data CSV, or a session by its name);
    a file that cannot be read gives its sentence in :attr:`StartFile.error`, never raises."""
    p = Path(path)
    kind = kind_of(p)
    try:
        return StartFile(p, kind, loaded=Document.read(p, kind))
    except UserError as exc:
        return StartFile(p, kind, error=str(exc))
    except MemoryError:  # as the window's background read says it
        return StartFile(p, kind, error=_("{name} is too big to read with the memory there is; split it or "
                                          "sample it first.").format(name=p.name))
