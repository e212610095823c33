"""The lessons about more than two classes: they open the multiclass view (Run → Multiclass
perceptron…) on a data set of several classes at one update, with what to look at."""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _

__all__ = ["ClassLesson", "CLASS_LESSONS"]


@dataclass(frozen=True)
class ClassLesson:
    """One scene: ``preset`` (of :data:`~perceptron_gui.core.class_presets.CLASS_PRESETS`) trained
    by the multiclass perceptron, shown at update ``step`` ("end": the run's end)."""

    name: str
    number: str
    title_en: str  # in English, marked with N_; shown translated as `title`
    explanation_en: str  # the same for `explanation`
    preset: str
    step: int | str = "end"
    note_en: str = N_("beyond the notes")

    @property
    def title(self) -> str:
        """The menu's text in the language in force."""
        return _(self.title_en)

    @property
    def explanation(self) -> str:
        """What to look at, in the language in force."""
        return _(self.explanation_en)

    @property
    def note(self) -> str:
        """Where the scene comes from (not from the notes), in the language in force."""
        return _(self.note_en)


CLASS_LESSONS: dict[str, ClassLesson] = {les.name: les for les in (
    ClassLesson(
        "multiclass_by_hand", "20a", N_("Three classes, one weight vector each"),
        N_("Each class c has its own W_c, and a point goes to the class with the largest W_c·x + b_c: the "
           "tinted regions. At update 5 a point of B is closest to C's vector, a mistake: x is added to W_B "
           "and taken from W_C (the two dashed steps). Step on to the end, then click to add points of a "
           "class (keys 1–9 choose it) and watch the regions re-form. The panel shows the same step as "
           "Kesler's binary perceptron in R^(K·D)."),
        "three_classes", 5),
    ClassLesson(
        "multiclass_digits", "20b", N_("Digits 0, 1 and 2: W_c as images"),
        N_("537 handwritten 8×8 digits, three classes. Each W_c is drawn as an 8×8 image: red pixels count "
           "for the class, blue against it. Go back to update 0 and step forward: the 0's ring, the 1's "
           "stroke and the 2's curve appear after a few dozen mistakes, and the run stops once an epoch "
           "makes none."),
        "digits_0_1_2"),
)}
