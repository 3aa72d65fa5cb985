"""What every journey checks on every page it visits: no server error and no horizontal
scroll, at a phone's width (390 px) and a laptop's (1366 px)."""

WIDTHS = (390, 1366)


def horizontal_overflow(page) -> int:
    """How many pixels the page is wider than the window (0: no horizontal scroll)."""
    return page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth"
    )


def assert_fits(page, *, shot: str | None = None) -> None:
    """The page fits 390 px and 1366 px without horizontal scroll and shows no server error;
    with ``shot``, screenshots go to /tmp/<shot>-<width>.png. The viewport is restored."""
    size = page.viewport_size
    body = page.locator("body").inner_text()
    assert "Server Error" not in body and "Traceback" not in body, page.url
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        overflow = horizontal_overflow(page)
        assert overflow <= 0, f"{page.url} is {overflow} px too wide at {width} px"
        if shot:
            page.screenshot(path=f"/tmp/{shot}-{width}.png", full_page=True)
    page.set_viewport_size(size)
