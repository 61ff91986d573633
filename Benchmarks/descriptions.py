#!/usr/bin/env python3
"""What HTML descriptions cost a build, against the same catalogue in Markdown (issue 35: at most
1.15×), in one run: release `typeahead`, clean builds of both variants measured alternately, the
median of --runs each.

The catalogue is the real Myntra one (../shared/data/fashion/myntra_products_10k.jsonl, 10,000
products, 9,894 descriptions in HTML; --source PATH for another copy), mapped as
Examples/fashion/make-content.py maps it. The Markdown variant holds the same descriptions written
in Markdown (paragraphs, hard breaks, **strong**, *em*, lists, headings, [links](…)) by a small
converter here; both share one suggestion set, made by `typeahead suggest` from the HTML variant.

Usage: Benchmarks/descriptions.py [--runs 3] [--source PATH] [--out DIR]
"""
import html
import html.parser
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arg = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
runs = int(arg("--runs", "3"))
source = arg("--source", os.path.join(root, "..", "shared", "data", "fashion", "myntra_products_10k.jsonl"))
work = arg("--out", None) or tempfile.mkdtemp(prefix="typeahead-descriptions-")

spec = importlib.util.spec_from_file_location("fashion", os.path.join(root, "Examples", "fashion", "make-content.py"))
fashion = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fashion)


class ToMarkdown(html.parser.HTMLParser):
    """HTML to the Markdown a shop would have written for the same description."""
    MARKS = {"strong": "**", "b": "**", "em": "*", "i": "*"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip, self.lists = [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in self.MARKS:
            self.out.append(self.MARKS[tag])
        elif tag == "br":
            self.out.append("\\\n")
        elif tag in ("p", "div", "table", "tr"):
            self.out.append("\n\n")
        elif re.fullmatch(r"h[1-6]", tag):
            self.out.append("\n\n#### ")
        elif tag in ("ul", "ol"):
            self.lists.append(tag)
            self.out.append("\n\n")
        elif tag == "li":
            self.out.append("\n- " if not self.lists or self.lists[-1] == "ul" else "\n1. ")
        elif tag == "a":
            self.out.append("[")
            self.href = dict(attrs).get("href") or ""

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.MARKS:
            self.out.append(self.MARKS[tag])
        elif tag in ("p", "div") or re.fullmatch(r"h[1-6]", tag):
            self.out.append("\n\n")
        elif tag in ("ul", "ol"):
            if self.lists:
                self.lists.pop()
            self.out.append("\n\n")
        elif tag == "a":
            self.out.append(f"]({self.href})")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(re.sub(r"([\\`*_\[\]<>#])", r"\\\1", data.replace("\xa0", " ")))

    def markdown(self):
        return re.sub(r"\n{3,}", "\n\n", "".join(self.out)).strip()


def to_markdown(text):
    parser = ToMarkdown()
    parser.feed(text)
    parser.close()
    return parser.markdown()


def contents():
    with open(source, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    products = sorted((fashion.product(r) for r in records), key=lambda p: p["objectID"].encode())
    site = json.load(open(os.path.join(root, "Examples", "fashion", "Content", "site.json"), encoding="utf-8"))
    folders = {}
    for variant in ("html", "markdown"):
        folder = os.path.join(work, variant)
        os.makedirs(folder, exist_ok=True)
        rows = products if variant == "html" else [
            dict(p, description=to_markdown(p["description"])) if p.get("description") else p for p in products]
        with open(os.path.join(folder, "products.json"), "w", encoding="utf-8") as f:
            json.dump(rows, f, ensure_ascii=False, sort_keys=True)
        json.dump(dict(site, descriptionFormat=variant), open(os.path.join(folder, "site.json"), "w"))
        shutil.copy(os.path.join(root, "Examples", "fashion", "Content", "suggestions.config.json"), folder)
        folders[variant] = folder
    return folders


def main():
    print("building typeahead (release)…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "typeahead"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(root, ".build", "release", "typeahead")
    folders = contents()
    subprocess.run([binary, "suggest", "--content", folders["html"]], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    shutil.copy(os.path.join(folders["html"], "query_suggestions.json"), folders["markdown"])
    times = {"html": [], "markdown": []}
    for run in range(runs):
        for variant in ("markdown", "html"):
            output = os.path.join(work, f"site-{variant}")
            shutil.rmtree(output, ignore_errors=True)
            started = time.perf_counter()
            subprocess.run([binary, "build", "--quiet", "--content", folders[variant], "--templates",
                            os.path.join(root, "Templates"), "--output", output], check=True)
            times[variant].append(time.perf_counter() - started)
            print(f"run {run + 1}: {variant} {times[variant][-1]:.2f} s", file=sys.stderr)
    html_s, markdown_s = statistics.median(times["html"]), statistics.median(times["markdown"])
    products = len(json.load(open(os.path.join(folders["html"], "products.json"))))
    print(json.dumps({"products": products, "runs": runs, "html_s": round(html_s, 2),
                      "markdown_s": round(markdown_s, 2), "ratio": round(html_s / markdown_s, 3),
                      "html_runs": [round(t, 2) for t in times["html"]],
                      "markdown_runs": [round(t, 2) for t in times["markdown"]]}, indent=1))


if __name__ == "__main__":
    main()
