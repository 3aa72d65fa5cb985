"""Page-number pagination: ?page=<n>&page_size=<m> (at most 500 a page)."""

from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500
