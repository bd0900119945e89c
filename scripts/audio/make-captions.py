#!/usr/bin/env python3
"""Captions for the narration: one cue per sentence, timed by its share of the spoken length.
Usage: make-captions.py <narration.txt> <duration seconds> <out.vtt> (2 s lead-in and 3 s tail are padding)."""
import re
import sys

text_file, duration, out_file = sys.argv[1], float(sys.argv[2]), sys.argv[3]
text = open(text_file, encoding="utf-8").read()
sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")) if s.strip()]
spoken = duration - 5
chars = sum(len(s) for s in sentences)


def stamp(x: float) -> str:
    m = int(x // 60)
    return f"00:{m:02d}:{x - m * 60:06.3f}"


lines, t = ["WEBVTT", ""], 2.0
for i, s in enumerate(sentences, 1):
    d = spoken * len(s) / chars
    lines += [str(i), f"{stamp(t)} --> {stamp(t + d)}", s, ""]
    t += d
open(out_file, "w", encoding="utf-8").write("\n".join(lines))
