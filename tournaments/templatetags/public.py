"""Template helpers of the public pages."""

from django import template

register = template.Library()


@register.filter
def get_item(mapping: dict, key: object) -> object:
    """`mapping[key]`, or None when absent: {{ opponents|get_item:number }}."""
    return mapping.get(key)
