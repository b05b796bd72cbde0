#!/usr/bin/env python3
"""png_ink.py FILE.png - prints how many pixels of an 8-bit RGB or RGBA PNG
differ from its most common colour (the background), and the image size:
"ink N of W x H". Standard library only (zlib), for the report's browser
test: a blank page has no ink."""
import struct
import sys
import zlib
from collections import Counter


def chunks(data):
    pos = 8
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + n]
        pos += 12 + n


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def rows(width, height, bpp, raw):
    stride, prev, pos = width * bpp, bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]) & 255
        yield line
        prev = line


def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG: " + path)
    head, idat = None, b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour = head[0], head[1], head[2], head[3]
    if depth != 8 or colour not in (2, 6):
        sys.exit("unsupported PNG: depth %d colour type %d" % (depth, colour))
    bpp = 3 if colour == 2 else 4
    counts = Counter()
    for line in rows(width, height, bpp, zlib.decompress(idat)):
        for i in range(0, len(line), bpp):
            counts[bytes(line[i:i + 3])] += 1
    background = counts.most_common(1)[0][1]
    print("ink %d of %d x %d" % (width * height - background, width, height))


main(sys.argv[1])
