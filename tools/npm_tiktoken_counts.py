"""tiktoken's counts of a text corpus, for the npm package's test
(crates/js/tests/api.test.mjs): every message text and string input of the
batch fixtures and the real-world corpus, plus texts that stress the
pre-tokenizer. Writes {"texts": [...], "o200k_base": [...],
"cl100k_base": [...]} to the path given. Run by ./dev npm with Python
tiktoken (TIKTOKEN_CACHE_DIR: tools/tiktoken-cache.sh)."""
import json
import pathlib
import sys

import tiktoken

REPO = pathlib.Path(__file__).resolve().parents[1]
FOLDERS = [REPO / "tests/fixtures/batch", REPO / "crates/core/tests/fixtures/real"]
EXTRA = [
    "hello world",
    "",
    " ",
    "\n\n\n",
    "안녕하세요, world",
    "日本語のテキストです。",
    "emoji 👩‍👩‍👧‍👦 and 🇰🇷 flags",
    "x" * 5000,
    "  leading and trailing  ",
    "numbers 1234567890 3.14159 -42",
    "<|endoftext|> is counted as text",
    "CamelCaseWordsAndSNAKE_case_words",
    "tabs\tand\r\nCRLF",
]


def texts_of(v, out):
    if isinstance(v, str):
        out.append(v)
    elif isinstance(v, list):
        for x in v:
            texts_of(x, out)
    elif isinstance(v, dict):
        for k in ("content", "text", "input", "instructions", "prompt"):
            if k in v:
                texts_of(v[k], out)
        for k in ("messages",):
            if k in v:
                texts_of(v[k], out)


def main():
    texts = list(EXTRA)
    for folder in FOLDERS:
        for p in sorted(folder.glob("*.jsonl")):
            if p.name.endswith(".sources.jsonl"):
                continue
            for line in p.read_bytes().splitlines():
                try:
                    v = json.loads(line.decode("utf-8"))
                except ValueError:
                    continue
                if isinstance(v, dict) and isinstance(v.get("body"), dict):
                    texts_of(v["body"], texts)
    seen, unique = set(), []
    for t in texts:
        if t not in seen:
            seen.add(t)
            unique.append(t)
    out = {"texts": unique}
    for name in ("o200k_base", "cl100k_base"):
        enc = tiktoken.get_encoding(name)
        out[name] = [len(enc.encode_ordinary(t)) for t in unique]
    pathlib.Path(sys.argv[1]).write_text(json.dumps(out, ensure_ascii=False))
    print(f"{len(unique)} texts")


if __name__ == "__main__":
    main()
