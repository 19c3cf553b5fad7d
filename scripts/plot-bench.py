#!/usr/bin/env python3
"""Plots gtk-data-display-bench's JSON as a PNG: time (diff + apply) against size, log-log, one line
per contender, for one input mix (default: the classic mix).

    scripts/plot-bench.py FILE.json OUT.png [--mix classic]

Uses only the Python standard library (zlib + struct write the PNG; a built-in 5x7 bitmap font
draws the text), so it runs wherever the bench runs. Lines: ours (diff + apply on a GListStore),
ours end to end through BaseListManager.setState (dashed), stdlib, full-reload, per-row. A
contender that did not finish (DNF) at a size is marked with an X on the top edge.
"""

import json
import math
import struct
import sys
import zlib

# 5x7 glyphs, one string of 7 rows of 5 columns per character ('#' = ink). Lowercase is drawn
# with the uppercase glyphs.
FONT = {
    " ": ["     "] * 7,
    "A": [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "B": ["#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "],
    "C": [" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "],
    "D": ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
    "E": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"],
    "F": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "],
    "G": [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"],
    "H": ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "I": [" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    "J": ["  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  "],
    "K": ["#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"],
    "L": ["#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"],
    "M": ["#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"],
    "N": ["#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #"],
    "O": [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    "P": ["#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "],
    "Q": [" ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #"],
    "R": ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
    "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
    "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
    "U": ["#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    "V": ["#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  "],
    "W": ["#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # "],
    "X": ["#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #"],
    "Y": ["#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "],
    "Z": ["#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####"],
    "0": [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
    "1": ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    "2": [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
    "3": ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
    "4": ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
    "5": ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
    "6": ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
    "7": ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
    "8": [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
    "9": [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
    ".": ["     ", "     ", "     ", "     ", "     ", " ##  ", " ##  "],
    ",": ["     ", "     ", "     ", "     ", " ##  ", "  #  ", " #   "],
    ":": ["     ", " ##  ", " ##  ", "     ", " ##  ", " ##  ", "     "],
    "-": ["     ", "     ", "     ", "#####", "     ", "     ", "     "],
    "+": ["     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "],
    "=": ["     ", "     ", "#####", "     ", "#####", "     ", "     "],
    "(": ["   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # "],
    ")": [" #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   "],
    "/": ["     ", "    #", "   # ", "  #  ", " #   ", "#    ", "     "],
    "%": ["##   ", "##  #", "   # ", "  #  ", " #   ", "#  ##", "   ##"],
    "x": ["     ", "     ", "#   #", " # # ", "  #  ", " # # ", "#   #"],
    "_": ["     ", "     ", "     ", "     ", "     ", "     ", "#####"],
    "'": ["  #  ", "  #  ", "     ", "     ", "     ", "     ", "     "],
    ">": [" #   ", "  #  ", "   # ", "    #", "   # ", "  #  ", " #   "],
    "<": ["   # ", "  #  ", " #   ", "#    ", " #   ", "  #  ", "   # "],
}

WHITE = (255, 255, 255)
BLACK = (20, 20, 20)
GRID = (225, 225, 225)
MINOR = (242, 242, 242)

SERIES = [
    # (label, contender in the JSON, field, colour, dashed)
    ("ours (diff + apply)", "ours", "total", (31, 119, 180), False),
    ("ours via setState", "ours", "manager_ms", (31, 119, 180), True),
    ("stdlib", "stdlib", "total", (214, 39, 40), False),
    ("full-reload", "full-reload", "total", (44, 160, 44), False),
    ("per-row", "per-row", "total", (148, 103, 189), False),
]


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(WHITE * (width * height))

    def set(self, x, y, colour):
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 3
            self.pixels[i:i + 3] = bytes(colour)

    def rect(self, x0, y0, x1, y1, colour):
        for y in range(max(0, y0), min(self.height, y1 + 1)):
            for x in range(max(0, x0), min(self.width, x1 + 1)):
                self.set(x, y, colour)

    def dot(self, x, y, radius, colour):
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                if dx * dx + dy * dy <= radius * radius + radius:
                    self.set(x + dx, y + dy, colour)

    def line(self, x0, y0, x1, y1, colour, width=1, dashed=False):
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        radius = width // 2
        for s in range(steps + 1):
            if dashed and (s // 10) % 2 == 1:
                continue
            x = round(x0 + (x1 - x0) * s / steps)
            y = round(y0 + (y1 - y0) * s / steps)
            if radius:
                self.dot(x, y, radius, colour)
            else:
                self.set(x, y, colour)

    def text(self, x, y, text, colour=BLACK, scale=2):
        """Draws `text` with its top-left corner at (x, y); returns the width drawn."""
        cursor = x
        for ch in text:
            glyph = FONT.get(ch) or FONT.get(ch.upper()) or FONT[" "]
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit == "#":
                        self.rect(cursor + col * scale, y + row * scale,
                                  cursor + col * scale + scale - 1, y + row * scale + scale - 1, colour)
            cursor += 6 * scale
        return cursor - x

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.pixels[y * self.width * 3:(y + 1) * self.width * 3])
                       for y in range(self.height))

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def text_width(text, scale=2):
    return len(text) * 6 * scale


def size_label(n):
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1_000 and n % 1_000 == 0:
        return f"{n // 1_000}k"
    return str(n)


def ms_label(value):
    if value >= 1:
        return f"{value:g} ms"
    return f"{value:g} ms"


def main(argv):
    args = [a for a in argv[1:]]
    mix = "classic"
    if "--mix" in args:
        i = args.index("--mix")
        mix = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    source, target = args
    with open(source) as f:
        records = json.load(f)
    rows = [r for r in records if r.get("input") == mix]
    if not rows:
        sys.stderr.write(f"no records for input {mix!r} in {source}\n")
        return 1

    sizes = sorted({r["size"] for r in rows})
    points = {}   # label -> [(size, ms)]
    dnf = {}      # label -> [size]
    for label, contender, field, _, _ in SERIES:
        for r in rows:
            if r["contender"] != contender:
                continue
            if field == "total":
                value = None if r.get("apply_ms") is None else (r.get("diff_ms") or 0) + r["apply_ms"]
            else:
                value = r.get(field)
            if r.get("dnf") and (field == "total" and value is None):
                dnf.setdefault(label, []).append(r["size"])
            elif value is not None and value > 0:
                points.setdefault(label, []).append((r["size"], value))

    values = [v for series in points.values() for _, v in series]
    if not values:
        sys.stderr.write("nothing to plot\n")
        return 1
    y_low = 10 ** math.floor(math.log10(min(values)))
    y_high = 10 ** math.ceil(math.log10(max(values)))
    if y_high <= y_low:
        y_high = y_low * 10
    x_low = 10 ** math.floor(math.log10(min(sizes)))
    x_high = 10 ** math.ceil(math.log10(max(sizes)))
    if x_high <= x_low:
        x_high = x_low * 10

    width, height = 1100, 700
    left, right, top, bottom = 130, 330, 70, 90
    canvas = Canvas(width, height)
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(size):
        return left + round((math.log10(size) - math.log10(x_low)) / (math.log10(x_high) - math.log10(x_low)) * plot_w)

    def py(ms):
        return top + plot_h - round((math.log10(ms) - math.log10(y_low)) / (math.log10(y_high) - math.log10(y_low)) * plot_h)

    # Grid: minor lines at 2..9 of every decade, major lines and labels at decades.
    decade = y_low
    while decade <= y_high * 1.0001:
        for k in range(2, 10):
            if decade * k < y_high:
                canvas.line(left, py(decade * k), left + plot_w, py(decade * k), MINOR)
        canvas.line(left, py(decade), left + plot_w, py(decade), GRID)
        label = ms_label(decade)
        canvas.text(left - 10 - text_width(label), py(decade) - 7, label)
        decade *= 10
    decade = x_low
    while decade <= x_high * 1.0001:
        canvas.line(px(decade), top, px(decade), top + plot_h, GRID)
        label = size_label(int(decade))
        canvas.text(px(decade) - text_width(label) // 2, top + plot_h + 12, label)
        decade *= 10
    canvas.line(left, top, left, top + plot_h, BLACK, 2)
    canvas.line(left, top + plot_h, left + plot_w, top + plot_h, BLACK, 2)

    title = f"{mix}: time (diff + apply, median) vs rows, log-log"
    canvas.text(left, 20, title, scale=3)
    x_title = "rows in the list"
    canvas.text(left + plot_w // 2 - text_width(x_title) // 2, top + plot_h + 45, x_title)

    # Series.
    legend_y = top + 10
    for label, _, _, colour, dashed in SERIES:
        series = sorted(points.get(label, []))
        for (s0, v0), (s1, v1) in zip(series, series[1:]):
            canvas.line(px(s0), py(v0), px(s1), py(v1), colour, 3, dashed)
        for s, v in series:
            canvas.dot(px(s), py(v), 5, colour)
        for s in dnf.get(label, []):
            x, y = px(s), top + 8
            canvas.line(x - 7, y - 7, x + 7, y + 7, colour, 3)
            canvas.line(x - 7, y + 7, x + 7, y - 7, colour, 3)
        lx = left + plot_w + 25
        canvas.line(lx, legend_y + 7, lx + 40, legend_y + 7, colour, 3, dashed)
        canvas.dot(lx + 20, legend_y + 7, 5, colour)
        canvas.text(lx + 50, legend_y, label)
        legend_y += 30
    lx = left + plot_w + 25
    canvas.line(lx + 13, legend_y, lx + 27, legend_y + 14, BLACK, 3)
    canvas.line(lx + 13, legend_y + 14, lx + 27, legend_y, BLACK, 3)
    canvas.text(lx + 50, legend_y, "did not finish")
    canvas.text(lx, legend_y + 40, "lower is faster", scale=2)

    with open(target, "wb") as f:
        f.write(canvas.png())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
