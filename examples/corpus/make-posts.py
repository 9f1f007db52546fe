#!/usr/bin/env python3
"""Writes a sample corpus for `seemore scan`: made-up multilingual posts, one JSON object a line
({"id", "lang", "text"}), with links, mentions, hashtags, emoji and long words mixed in, as feed
texts have them. The text comes from PyPI's faker (pip install faker); nothing is fetched while it
runs, and the same seed writes the same file.

    python3 examples/corpus/make-posts.py --count 2000 --seed 29 > examples/corpus/posts.jsonl
"""
import argparse
import json
import random
import sys

from faker import Faker

# faker locale, BCP 47 tag, share of the posts
LOCALES = [
    ("en_US", "en", 30), ("ja_JP", "ja", 12), ("ko_KR", "ko", 10), ("zh_CN", "zh-Hans", 10),
    ("th_TH", "th", 8), ("ar_AA", "ar", 8), ("he_IL", "he", 6), ("vi_VN", "vi", 10), ("hi_IN", "hi", 6),
]
EMOJI = ["🎉", "🚀", "❤️", "😂", "👍🏽", "🙏", "✨", "🔥", "👨‍👩‍👧", "🇯🇵"]
LONG_WORDS = [
    "Donaudampfschifffahrtsgesellschaftskapitän", "supercalifragilisticexpialidocious",
    "pneumonoultramicroscopicsilicovolcanoconiosis", "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
]


def words_of(fake):
    """A locale's own words for locales whose lorem text is Latin (ko_KR, hi_IN): its names, places and firms."""
    words = []
    for _ in range(400):
        for part in (fake.name(), fake.city(), fake.company(), fake.street_name(), fake.address()):
            words += [w for w in part.replace("\n", " ").split() if not any(c.isdigit() for c in w)]
    return words


def body(fake, locale, own_words, rng):
    if own_words:
        sentences = []
        for _ in range(rng.randint(1, 6)):
            sentences.append(" ".join(rng.choice(own_words) for _ in range(rng.randint(3, 9))) + ("." if locale == "ko_KR" else "।"))
        return " ".join(sentences)
    size = rng.choice([40, 80, 160, 320, 640])
    return fake.text(max_nb_chars=size).replace("\n", " " if locale not in ("ja_JP", "zh_CN") else "")


def decorate(text, fake, rng):
    """Links, mentions, hashtags, emoji and long words where a feed post has them."""
    parts = [text]
    if rng.random() < 0.25:
        parts.append("https://" + fake.domain_name() + "/" + "/".join(fake.slug() for _ in range(rng.randint(1, 3))))
    if rng.random() < 0.2:
        parts.insert(0 if rng.random() < 0.5 else len(parts), "@" + fake.user_name())
    if rng.random() < 0.25:
        parts.append(" ".join("#" + fake.word().replace(" ", "") for _ in range(rng.randint(1, 3))))
    if rng.random() < 0.2:
        parts.append(rng.choice(EMOJI))
    if rng.random() < 0.05:
        parts.insert(rng.randint(0, len(parts)), rng.choice(LONG_WORDS))
    if rng.random() < 0.05:
        parts.insert(0, "(" + fake.word() + ")")
    return " ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=29)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    fakers = {}
    for locale, _, _ in LOCALES:
        fake = Faker(locale)
        fake.seed_instance(arguments.seed)
        own = words_of(fake) if locale in ("ko_KR", "hi_IN") else None
        fakers[locale] = (fake, own)
    weights = [share for _, _, share in LOCALES]
    for number in range(arguments.count):
        locale, tag, _ = rng.choices(LOCALES, weights=weights)[0]
        fake, own = fakers[locale]
        text = decorate(body(fake, locale, own, rng), fake, rng)
        sys.stdout.write(json.dumps({"id": f"post-{number + 1}", "lang": tag, "text": text}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
