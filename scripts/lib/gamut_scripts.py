"""What gamut's developer scripts share: the repository's paths, writing PNG files byte by byte, reading the ICC
profile a PNG embeds, and telling two PNGs of the same pixels apart from different ones.

Scripts in scripts/bench, scripts/checks and scripts/generate import it after putting this folder on the path:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    import gamut_scripts as gs

Only the standard library is used here, so that every script can import it before it installs anything.
"""

import hashlib
import os
import shutil
import struct
import subprocess
import zlib

# The repository (two folders above this file) and its real test files (Tests/Fixtures/testdata: the copies of the
# shared test data that the tests read, with their licences), so that every script runs from a clone; GAMUT_TESTDATA
# names another folder of the same layout (the whole shared test data, say).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTDATA = os.environ.get("GAMUT_TESTDATA") or os.path.join(ROOT, "Tests", "Fixtures", "testdata")
# The Display P3 profile the scripts embed (Compact-ICC-Profiles, CC0; see scripts/data/README.md).
P3_PROFILE = os.path.join(ROOT, "scripts", "data", "DisplayP3-v4.icc")

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, length=None):
    """One PNG chunk: length, type, data, CRC. `kind` is bytes or text; `length` overrides the length field (the CRC
    is still that of the real data), for deliberately broken files."""
    if isinstance(kind, str):
        kind = kind.encode()
    size = len(data) if length is None else length
    return struct.pack(">I", size) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def ihdr(width, height, depth=8, color_type=0):
    """The IHDR chunk of a non-interlaced image."""
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0))


def iccp(name, profile, level=9):
    """An iCCP chunk holding `profile` under `name` (bytes or Latin-1 text)."""
    if isinstance(name, str):
        name = name.encode("latin-1")
    return chunk(b"iCCP", name + b"\x00\x00" + zlib.compress(profile, level))


def unfiltered(rows):
    """Image data rows (bytes each) with filter type 0 in front of each, ready to compress."""
    return b"".join(b"\x00" + row for row in rows)


def png(width, height, depth, color_type, idat, ancillary=b""):
    """A whole PNG file: the signature, IHDR, the `ancillary` chunks (already encoded), one IDAT holding the
    compressed `idat` bytes, and IEND."""
    return SIGNATURE + ihdr(width, height, depth, color_type) + ancillary + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def write_atomically(path, data):
    """Writes `data` to `path` through a temporary file beside it, so that a killed script leaves no half file."""
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def chunks(data):
    """The chunks of the PNG bytes `data`, as (offset, length, type) from the first after the signature on."""
    offset = len(SIGNATURE)
    while offset + 8 <= len(data):
        length = struct.unpack(">I", data[offset:offset + 4])[0]
        yield offset, length, data[offset + 4:offset + 8]
        offset += 12 + length


def without_chunk(data, kind):
    """The PNG bytes without the chunks of one type."""
    out = data[:len(SIGNATURE)]
    for offset, length, found in chunks(data):
        if found != kind:
            out += data[offset:offset + 12 + length]
    return out


def pixel_digest(path):
    """SHA-256 of the PNG at `path` decoded by ImageMagick (not gamut) into 16-bit RGBA samples, or None when it
    cannot be decoded."""
    decoder = shutil.which("convert-im6.q16") or shutil.which("convert")
    if decoder is None:
        raise SystemExit("ImageMagick (convert-im6.q16) is needed to compare pixels: apt-get install imagemagick")
    result = subprocess.run([decoder, path, "-depth", "16", "rgba:-"], capture_output=True)
    return hashlib.sha256(result.stdout).hexdigest() if result.returncode == 0 else None


def same_image(a, b):
    """Whether two PNG files differ only in how their image data is compressed: every chunk but IDAT the same,
    byte for byte, and the same pixels. gamut writes a rendition whose pixels are the source's with the source's
    image data (docs/configuration.md, `compression`), so the same build from other sources' bytes, or before that
    change, differs in IDAT alone."""
    data = [read_bytes(path) for path in (a, b)]
    if data[0][:len(SIGNATURE)] != SIGNATURE or without_chunk(data[0], b"IDAT") != without_chunk(data[1], b"IDAT"):
        return False
    digest = pixel_digest(a)
    return digest is not None and digest == pixel_digest(b)


def png_size(path):
    """The width and height of the PNG at `path`, from its IHDR."""
    with open(path, "rb") as f:
        header = f.read(24)
    return struct.unpack(">II", header[16:24])


def read_bytes(path):
    """The bytes of the file at `path` (a profile, a PNG)."""
    with open(path, "rb") as f:
        return f.read()


def iccp_of(path):
    """The iCCP chunk of the PNG at `path` (length, type, data and CRC) and the profile it holds; None when the file
    cannot be read or has no iCCP before its image data."""
    try:
        data = read_bytes(path)
    except OSError:
        return None
    for offset, length, kind in chunks(data):
        if kind == b"iCCP":
            body = data[offset + 8:offset + 8 + length]
            profile = zlib.decompress(body[body.index(b"\x00") + 2:])
            return data[offset:offset + 12 + length], profile
        if kind == b"IDAT":
            return None
    return None
