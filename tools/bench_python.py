"""The route an engineer would otherwise write: json.loads per line and
tiktoken's encode_ordinary per message. Prints seconds, MB/s and tokens.

Usage: python3 tools/bench_python.py FILE
"""
import json
import sys
import time

import tiktoken


def route(path: str) -> dict:
    """Runs the route once; its figures as a dict."""
    enc = tiktoken.get_encoding("o200k_base")
    start = time.perf_counter()
    tokens = 0
    lines = 0
    size = 0
    with open(path, "rb") as f:
        for raw in f:
            size += len(raw)
            if not raw.strip():
                continue
            lines += 1
            body = json.loads(raw)["body"]
            for message in body.get("messages", []):
                content = message.get("content")
                if isinstance(content, str):
                    tokens += len(enc.encode_ordinary(content))
                elif isinstance(content, list):
                    for part in content:
                        if isinstance(part, dict) and isinstance(part.get("text"), str):
                            tokens += len(enc.encode_ordinary(part["text"]))
    seconds = time.perf_counter() - start
    return {"route": "python json.loads + tiktoken", "seconds": round(seconds, 3),
            "mb_per_s": round(size / 1e6 / seconds, 1), "lines": lines, "content_tokens": tokens}


def main(path: str) -> None:
    print(json.dumps(route(path)))


if __name__ == "__main__":
    main(sys.argv[1])
