"""Template filters that show the arbiter's findings in the page's language
(games.verdict_text maps the arbiter's stable codes to translated sentences).

``{{ code|verdict_label }}``, ``{{ code|rule_name:fallback }}``,
``{{ code|rule_source:fallback }}``, ``{{ error|move_problem }}``,
``{% flag_text flag report %}``, ``{% result_check_text check report %}``,
``{{ note|note_text }}``.
"""

from django import template

from games import verdict_text

register = template.Library()

LABELS = verdict_text.LABELS


@register.filter
def verdict_label(code: str) -> str:
    """The translated name of an arbiter code; an unknown code is shown as it is."""
    return verdict_text.label(code)


@register.filter
def rule_name(code: str, fallback: str = "") -> str:
    return verdict_text.rule_name(code, fallback)


@register.filter
def rule_source(code: str, fallback: str = "") -> str:
    return verdict_text.rule_source(code, fallback)


@register.filter
def move_problem(error) -> str:
    return verdict_text.move_problem(error)


@register.filter
def note_text(note: str) -> str:
    return verdict_text.note_text(note)


@register.simple_tag
def flag_text(flag, report, variant: str = "") -> str:
    return verdict_text.flag_text(flag, report, variant)


@register.simple_tag
def result_check_text(check: str, report) -> str:
    return verdict_text.result_check_text(check, report)
