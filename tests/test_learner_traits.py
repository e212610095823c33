"""What a learner is, asked of the learner: the views, exporters and estimates ask its traits,
never compare its name, so a new learner is its module in core/algorithms and its tests."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import perceptron_gui
from perceptron_gui.core.algorithms import REGISTRY

ROOT = Path(perceptron_gui.__file__).parent
NAMES = "|".join(map(re.escape, REGISTRY))
# A quoted learner name right after == or != (or as a member of a tuple tested with `in`).
COMPARISON = re.compile(rf"""(==|!=)\s*["']({NAMES})["']|\bin\s*\(\s*["']({NAMES})["']""")


def test_no_module_outside_the_algorithms_compares_a_learner_name() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if "algorithms" in path.relative_to(ROOT).parts:
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if COMPARISON.search(line):
                found.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()}")
    assert found == [], "ask the learner's traits instead:\n" + "\n".join(found)


def test_the_check_sees_a_comparison() -> None:
    assert COMPARISON.search('if rec.algorithm == "voted":') and COMPARISON.search("x in ('pocket', 'averaged')")
    assert not COMPARISON.search("if REGISTRY[rec.algorithm].votes:")


@pytest.mark.parametrize("name", list(REGISTRY))
def test_traits_agree_with_each_other(name: str) -> None:
    cls = REGISTRY[name]
    if cls.keeps_pocket or cls.votes or cls.averages:
        assert cls.output_differs  # it predicts with something other than the last w
    if cls.output_differs:
        assert sum([cls.keeps_pocket, cls.votes, cls.averages]) == 1
    if cls.steps_own_size:
        assert cls.no_proof  # Novikoff's argument is about steps y·x
    assert cls.final_weights_name and cls.work_scale(100) >= 1.0


def test_each_trait_belongs_to_the_learners_the_notes_give_it() -> None:
    def having(trait: str) -> set[str]:
        return {n for n, c in REGISTRY.items() if getattr(c, trait)}
    assert having("keeps_pocket") == {"pocket"} and having("votes") == {"voted"}
    assert having("averages") == {"averaged"} and having("lifts") == {"lifted"}
    assert having("margin_rule") == {"margin"} and having("steps_own_size") == {"pa", "adaline"}
    assert having("dual") == {"kernel"}


def test_every_learner_has_a_short_heading_for_figures() -> None:
    headings = {name: cls.heading() for name, cls in REGISTRY.items()}
    assert headings["offset"] == "Offset perceptron" and headings["adaline"] == "ADALINE"
    assert headings["margin"] == "Margin perceptron" and headings["pa"] == "Passive-aggressive"
    for h in headings.values():
        assert "(" not in h and "perceptron perceptron" not in h.lower() and len(h) <= 24
