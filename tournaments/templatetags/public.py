"""Template helpers of the public pages."""

from decimal import Decimal

from django import template

from tournaments.results import points_text

register = template.Library()


@register.filter
def get_item(mapping: dict, key: object) -> object:
    """`mapping[key]`, or None when absent: {{ opponents|get_item:number }}."""
    return mapping.get(key)


@register.filter
def points(value: Decimal) -> str:
    """Points with their noun, singular or plural: ``{{ row.points|points }}``."""
    return points_text(value)


@register.filter
def score(value: object) -> object:
    """A score or tie-break value without trailing zeros (27.0 -> 27, 15.50 -> 15.5), still a
    number so that it is localized (15,5 in French): {{ row.points|score }}."""
    if not isinstance(value, Decimal):
        return value
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()
