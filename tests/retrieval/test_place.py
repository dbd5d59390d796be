"""The domain part of the score: the page where a procedure started, then its other pages, then its site."""

from retrieval.scoring import NEUTRAL_DOMAIN, SAME_PAGE, SAME_SITE, VISITED_PAGE, place_match

SALES = "https://analytics.acme.com/reports/sales"
TRAFFIC = "https://analytics.acme.com/reports/traffic"


def test_same_page_ignores_query_fragment_and_trailing_slash() -> None:
    for url in (SALES, f"{SALES}?range=30d", f"{SALES}#top", f"{SALES}/"):
        assert place_match(url, [SALES], ["analytics.acme.com"]) == SAME_PAGE
    assert place_match(TRAFFIC, [SALES], ["analytics.acme.com"]) == SAME_SITE
    assert place_match(TRAFFIC, [SALES, TRAFFIC], ["analytics.acme.com"]) == VISITED_PAGE
    assert place_match("https://eu.analytics.acme.com/x", [SALES], ["analytics.acme.com"]) == SAME_SITE
    assert place_match("https://other.org/reports/sales", [SALES], ["analytics.acme.com"]) == 0.0
    assert place_match(None, [SALES], ["analytics.acme.com"]) == place_match("about:blank", [SALES], []) == NEUTRAL_DOMAIN


def test_files_and_localhost_have_places_too() -> None:
    checkout, signup = "file:///home/ana/demo/checkout.html", "file:///home/ana/demo/signup.html"
    assert place_match(f"{checkout}#contact", [checkout], []) == SAME_PAGE
    assert place_match(signup, [checkout], []) == SAME_SITE  # the same folder
    assert place_match("file:///home/ana/other/signup.html", [checkout], []) == 0.0
    users, products = "http://localhost:3000/admin/users", "http://localhost:3000/admin/products"
    assert place_match(f"{users}?sort=name", [users], ["localhost"]) == SAME_PAGE
    assert place_match(products, [users], ["localhost"]) == SAME_SITE
