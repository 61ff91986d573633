"""Every page of the sample site, read as a browser reads it: no text a shopper sees, and no
attribute a browser shows (alt, title, aria-label, a meta description), holds an HTML entity as
text (`&#174;`, `&amp;`). Best Buy's data writes some characters as entities; the sample decodes
them at import (Scripts/make-sample-content.py), and the pages escape what they write once. The
build report (report/) is the shop's page, not the shopper's: it quotes `At&#38;t` on purpose, to
say what its markup finding looks for, and is left out."""
import os
import re
from html.parser import HTMLParser

from test_search_page import sample_site  # noqa: F401 (fixture)

ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
SHOWN = {"alt", "title", "aria-label", "placeholder", "content", "value"}


class Shown(HTMLParser):
    """The decoded text of a page outside <script> and <style>, and its shown attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skipping += 1
        self.texts.extend(f"{tag}[{name}]={value}" for name, value in attrs if name in SHOWN and value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.texts.append(data)


def test_no_page_of_the_sample_shows_an_entity_as_text(sample_site):
    pages, found = 0, []
    for folder, folders, files in os.walk(sample_site):
        folders[:] = sorted(f for f in folders if not (folder == sample_site and f == "report"))
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            pages += 1
            parser = Shown()
            with open(os.path.join(folder, name), encoding="utf-8") as page:
                parser.feed(page.read())
            found += [(os.path.relpath(os.path.join(folder, name), sample_site), text.strip()[:120])
                      for text in parser.texts if ENTITY.search(text)]
    assert pages > 3000, pages
    assert found == [], found[:10]


def test_the_check_itself_sees_an_entity_shown_as_text():
    parser = Shown()
    parser.feed('<h1>Otterbox&amp;#174; Case</h1><img alt="a &amp;amp; b"><script>"&amp;#1;"</script>')
    assert [t for t in parser.texts if ENTITY.search(t)] == ["Otterbox&#174; Case", "img[alt]=a &amp; b"]
