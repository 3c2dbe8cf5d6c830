#!/usr/bin/env python3
"""Writes the colour-management fixtures in Tests/Fixtures/color/ (run once; the output is vendored).

Every ICC profile here is built from published numbers (primaries, white points, transfer
curves: SMPTE EG 432-1 / Display P3, Adobe RGB (1998), ITU-R BT.2020, ROMM/ProPhoto), written
byte by byte by this script, so nothing third-party is vendored. The references are
littleCMS's conversions (Pillow's ImageCms, relative colorimetric, to ImageCms's built-in
sRGB), so the Swift tests compare against littleCMS without needing Pillow.

Outputs (all small):
  profiles/*.icc          the profiles (also the profile fuzz target's seeds)
  <name>.png / .jpg       a 64x64 test card carrying the profile (iCCP / APP2) or PNG chunks
  <name>.ref.png          littleCMS's sRGB conversion of exactly the pixels Pillow decodes
  gray-gamma18.*          a gray profile (kTRC) on the card in gray, PNG and JPEG (`gray_fixtures`,
                          which can be run alone to add them without rewriting the others)
"""
import io
import os
import struct
import sys
import zlib

import numpy as np
from PIL import Image, ImageCms

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "color")
D50 = np.array([0.9642, 1.0, 0.8249])
BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])


def xy_to_xyz(x, y):
    return np.array([x / y, 1.0, (1 - x - y) / y])


def rgb_to_xyz(primaries, white):
    """The RGB -> XYZ matrix (columns = colorants) of primaries [(x, y)*3] and a white (x, y)."""
    m = np.column_stack([xy_to_xyz(*p) for p in primaries])
    scale = np.linalg.solve(m, xy_to_xyz(*white))
    return m * scale


def adapt_to_d50(matrix, white):
    """Bradford chromatic adaptation of `matrix` from `white` (x, y) to D50, as ICC asks."""
    src = BRADFORD @ xy_to_xyz(*white)
    dst = BRADFORD @ D50
    cat = np.linalg.inv(BRADFORD) @ np.diag(dst / src) @ BRADFORD
    return cat @ matrix, cat


# --- tag writers -----------------------------------------------------------------------------

def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def xyz_tag(xyz):
    return b"XYZ " + bytes(4) + b"".join(s15(v) for v in xyz)


def sf32_tag(m):
    return b"sf32" + bytes(4) + b"".join(s15(v) for v in np.asarray(m).flatten())


def curv_gamma(g):
    return b"curv" + bytes(4) + struct.pack(">IH", 1, int(round(g * 256))) + bytes(2)


def curv_identity():
    return b"curv" + bytes(4) + struct.pack(">I", 0)


def curv_table(values):
    data = b"curv" + bytes(4) + struct.pack(">I", len(values))
    data += b"".join(struct.pack(">H", int(round(min(max(v, 0), 1) * 65535))) for v in values)
    return data + bytes(-len(data) % 4)


def para(kind, params):
    return b"para" + bytes(4) + struct.pack(">HH", kind, 0) + b"".join(s15(p) for p in params)


def desc_v2(text):
    ascii_ = text.encode("ascii") + b"\0"
    data = b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_
    data += struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67)
    return data + bytes(-len(data) % 4)


def mluc(text):
    utf16 = text.encode("utf-16-be")
    data = b"mluc" + bytes(4) + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(utf16), 28) + utf16
    return data + bytes(-len(data) % 4)


def text_tag(text):
    data = b"text" + bytes(4) + text.encode("ascii") + b"\0"
    return data + bytes(-len(data) % 4)


def profile(tags, version, pcs=b"XYZ ", space=b"RGB ", klass=b"mntr"):
    """Assembles a profile from [(signature, bytes)]; identical tag data is shared, as many
    profiles share one TRC between rTRC, gTRC and bTRC."""
    count = len(tags)
    offset = 128 + 4 + 12 * count
    table, blob, placed = b"", b"", {}
    for sig, data in tags:
        if data in placed:
            at = placed[data]
        else:
            at = offset + len(blob)
            placed[data] = at
            blob += data + bytes(-len(data) % 4)
        table += sig + struct.pack(">II", at, len(data))
    body = struct.pack(">I", count) + table + blob
    size = 128 + len(body)
    header = struct.pack(">I", size) + b"none" + struct.pack(">I", version) + klass + space + pcs
    header += struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + b"APPL" + bytes(4) + bytes(4) + bytes(4)
    header += bytes(8) + struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + b"none" + bytes(16) + bytes(28)
    assert len(header) == 128
    return header + body


def matrix_profile(name, primaries, white, trc, version):
    m, cat = adapt_to_d50(rgb_to_xyz(primaries, white), white)
    tags = [(b"desc", mluc(name) if version >= 0x04000000 else desc_v2(name)),
            (b"cprt", mluc("No copyright, use freely") if version >= 0x04000000 else text_tag("No copyright, use freely")),
            (b"wtpt", xyz_tag(D50)),
            (b"rXYZ", xyz_tag(m[:, 0])), (b"gXYZ", xyz_tag(m[:, 1])), (b"bXYZ", xyz_tag(m[:, 2])),
            (b"rTRC", trc), (b"gTRC", trc), (b"bTRC", trc)]
    if white != (0.3457, 0.3585):
        tags.append((b"chad", sf32_tag(cat)))
    return profile(tags, version)


SRGB_CURVE = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
D65 = (0.3127, 0.3290)
P3 = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
ADOBE = [(0.640, 0.330), (0.210, 0.710), (0.150, 0.060)]
REC2020 = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
PROPHOTO = [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)]


def bt709_oetf_inverse(v):
    return v / 4.5 if v < 0.081 else ((v + 0.099) / 1.099) ** (1 / 0.45)


# --- LUT-based profiles ----------------------------------------------------------------------

def lut_model(rgb):
    """The device model the LUT profiles tabulate: gamma 2.2 Adobe-like primaries with a hue
    twist no matrix can express, returned as D50 Lab."""
    rgb = np.clip(rgb, 0, 1)
    lin = rgb ** 2.2
    twist = np.stack([lin[..., 0] * 0.92 + 0.08 * lin[..., 1] * lin[..., 2],
                      lin[..., 1] * 0.95 + 0.05 * lin[..., 0] ** 2,
                      lin[..., 2]], axis=-1)
    m, _ = adapt_to_d50(rgb_to_xyz(ADOBE, D65), D65)
    xyz = twist @ m.T
    f = lambda t: np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    fx, fy, fz = (f(xyz[..., i] / D50[i]) for i in range(3))
    return np.stack([116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)], axis=-1)


def grid(points):
    axis = np.linspace(0, 1, points)
    r, g, b = np.meshgrid(axis, axis, axis, indexing="ij")   # first input varies slowest
    return np.stack([r, g, b], axis=-1).reshape(-1, 3)


INPUT_SHAPE = lambda x: x ** 0.85   # the input curves the CLUT is indexed through


def lut_lab(points):
    # The grid is indexed by shaped input: node value s = INPUT_SHAPE(x), so x = s^(1/0.85).
    nodes = grid(points) ** (1 / 0.85)
    return lut_model(nodes)


def mft2_profile(points=17):
    lab = lut_lab(points)
    # ICC v2 legacy 16-bit Lab: L 0..100 -> 0..0xFF00, a/b -128..127.996 -> 0..0xFFFF.
    enc = np.stack([lab[:, 0] / 100 * 65280, (lab[:, 1] + 128) * 256, (lab[:, 2] + 128) * 256], axis=-1)
    clut = np.clip(np.round(enc), 0, 65535).astype(">u2").tobytes()
    in_entries, out_entries = 256, 2
    shaped = [INPUT_SHAPE(i / (in_entries - 1)) for i in range(in_entries)]
    data = b"mft2" + bytes(4) + struct.pack(">BBBB", 3, 3, points, 0)
    data += b"".join(s15(v) for v in np.eye(3).flatten()) + struct.pack(">HH", in_entries, out_entries)
    data += b"".join(struct.pack(">H", int(round(v * 65535))) for v in shaped) * 3
    data += clut + struct.pack(">HH", 0, 65535) * 3
    tags = [(b"desc", desc_v2("Osprey test LUT (mft2, Lab)")), (b"cprt", text_tag("No copyright, use freely")),
            (b"wtpt", xyz_tag(D50)), (b"A2B0", data)]
    return profile(tags, 0x02100000, pcs=b"Lab ")


def mft1_profile(points=9):
    lab = lut_lab(points)
    enc = np.stack([lab[:, 0] / 100 * 255, lab[:, 1] + 128, lab[:, 2] + 128], axis=-1)
    clut = np.clip(np.round(enc), 0, 255).astype("u1").tobytes()
    shaped = bytes(int(round(INPUT_SHAPE(i / 255) * 255)) for i in range(256))
    data = b"mft1" + bytes(4) + struct.pack(">BBBB", 3, 3, points, 0)
    data += b"".join(s15(v) for v in np.eye(3).flatten())
    data += shaped * 3 + clut + bytes(range(256)) * 3
    tags = [(b"desc", desc_v2("Osprey test LUT (mft1, Lab)")), (b"cprt", text_tag("No copyright, use freely")),
            (b"wtpt", xyz_tag(D50)), (b"A2B0", data)]
    return profile(tags, 0x02100000, pcs=b"Lab ")


def mab_profile(points=17):
    """v4 lutAtoBType: A curves (para type 0, gamma 1/0.85 inverse shaping) -> CLUT (16-bit) ->
    M curves (identity) -> matrix (identity + offset 0) -> B curves (identity), PCS Lab."""
    lab = lut_lab(points)
    # ICC v4 16-bit Lab: L 0..100 -> 0..65535, a/b -128..127 -> 0..65535.
    enc = np.stack([lab[:, 0] / 100 * 65535, (lab[:, 1] + 128) / 255 * 65535, (lab[:, 2] + 128) / 255 * 65535], axis=-1)
    clut_data = np.clip(np.round(enc), 0, 65535).astype(">u2").tobytes()
    identity = para(0, [1.0])
    a_curve = para(0, [0.85])
    b_curves = identity * 3
    matrix = b"".join(s15(v) for v in list(np.eye(3).flatten()) + [0, 0, 0])
    m_curves = identity * 3
    clut = bytes([points] * 3) + bytes(13) + bytes([2, 0, 0, 0]) + clut_data
    a_curves = a_curve * 3
    head = 32
    off_b = head
    off_matrix = off_b + len(b_curves)
    off_m = off_matrix + len(matrix)
    off_clut = off_m + len(m_curves)
    off_a = off_clut + len(clut) + (-len(clut) % 4)
    data = b"mAB " + bytes(4) + struct.pack(">BBH", 3, 3, 0)
    data += struct.pack(">IIIII", off_b, off_matrix, off_m, off_clut, off_a)
    data += b_curves + matrix + m_curves + clut + bytes(-len(clut) % 4) + a_curves
    tags = [(b"desc", mluc("Osprey test LUT (mAB, Lab)")), (b"cprt", mluc("No copyright, use freely")),
            (b"wtpt", xyz_tag(D50)), (b"A2B0", data)]
    return profile(tags, 0x04300000, pcs=b"Lab ")


# --- images ----------------------------------------------------------------------------------

def test_card(size=64):
    """Ramps of every primary, secondary and grey, a 2-D hue/lightness field and saturated
    patches (for clipping), deterministic."""
    rng = np.random.default_rng(27)
    img = np.zeros((size, size, 3), dtype=np.float64)
    t = np.linspace(0, 1, size)
    colours = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1), (1, 0.5, 0.2)]
    for i, c in enumerate(colours):
        img[i * 3:(i + 1) * 3] = t[None, :, None] * np.array(c)[None, None, :]
    y0 = len(colours) * 3
    h = size - y0 - 16
    yy, xx = np.mgrid[0:h, 0:size]
    hue = xx / size * 6
    light = 1 - yy / max(h - 1, 1)
    sector = np.floor(hue) % 6
    f = hue - np.floor(hue)
    rgb = np.select([sector[..., None] == k for k in range(6)],
                    [np.stack(v, -1) for v in [(1 + 0 * f, f, 0 * f), (1 - f, 1 + 0 * f, 0 * f), (0 * f, 1 + 0 * f, f),
                                               (0 * f, 1 - f, 1 + 0 * f), (f, 0 * f, 1 + 0 * f), (1 + 0 * f, 0 * f, 1 - f)]])
    img[y0:y0 + h] = rgb * light[..., None] * 0.85 + 0.15 * light[..., None]
    for py in range(2):
        for px in range(size // 8):
            img[size - 16 + py * 8:size - 8 + py * 8, px * 8:px * 8 + 8] = rng.random(3) ** 0.5
    return Image.fromarray(np.clip(np.round(img * 255), 0, 255).astype(np.uint8), "RGB")


SRGB = ImageCms.createProfile("sRGB")


def reference(image, icc):
    src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    out = ImageCms.profileToProfile(image, src, SRGB, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                    outputMode="RGB")
    out.info.pop("icc_profile", None)   # plain sRGB pixels: the reference carries no profile
    return out


def png_with_chunks(image, chunks):
    """`image` as PNG with extra chunks [(type, data)] placed right after IHDR."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    raw = buffer.getvalue()
    ihdr_end = 8 + 8 + 13 + 4
    extra = b""
    for kind, data in chunks:
        extra += struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return raw[:ihdr_end] + extra + raw[ihdr_end:]


def write(path, data):
    with open(os.path.join(OUT, path), "wb") as f:
        f.write(data)


def main():
    os.makedirs(os.path.join(OUT, "profiles"), exist_ok=True)
    profiles = {
        "display-p3": matrix_profile("Display P3 (Osprey test)", P3, D65, para(3, SRGB_CURVE[:5]), 0x04300000),
        "adobe-rgb": matrix_profile("Adobe RGB (1998) compatible (Osprey test)", ADOBE, D65, curv_gamma(563 / 256), 0x02100000),
        "linear-rec2020": matrix_profile("Linear Rec.2020 (Osprey test)", REC2020, D65, curv_identity(), 0x04300000),
        "prophoto-sampled": matrix_profile("ProPhoto, BT.709 sampled TRC (Osprey test)", PROPHOTO, (0.3457, 0.3585),
                                           curv_table([bt709_oetf_inverse(i / 1023) for i in range(1024)]), 0x02100000),
        "gamma18-para1": matrix_profile("Gamma 1.8 parametric type 1 (Osprey test)", ADOBE, D65,
                                        para(1, [1.8, 1.05, -0.05]), 0x04300000),
        "lut-mft2": mft2_profile(),
        "lut-mft1": mft1_profile(),
        "lut-mab": mab_profile(),
    }
    card = test_card()
    for name, icc in profiles.items():
        write(f"profiles/{name}.icc", icc)
        ImageCms.ImageCmsProfile(io.BytesIO(icc))   # littleCMS must accept it
        buffer = io.BytesIO()
        card.save(buffer, "PNG", icc_profile=icc)
        write(f"{name}.png", buffer.getvalue())
        reference(card, icc).save(os.path.join(OUT, f"{name}.ref.png"))
    for name in ["display-p3", "adobe-rgb"]:
        buffer = io.BytesIO()
        card.save(buffer, "JPEG", quality=95, subsampling=0, icc_profile=profiles[name])
        write(f"{name}.jpg", buffer.getvalue())
        decoded = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
        reference(decoded, profiles[name]).save(os.path.join(OUT, f"{name}.jpg.ref.png"))
    # PNG colour chunks: gAMA + cHRM (Adobe primaries, gamma 1/2.2), and cICP (P3 primaries,
    # sRGB transfer), with the equivalent ICC profile converted by littleCMS as the reference.
    chrm = b"".join(struct.pack(">I", int(round(v * 100000)))
                    for v in [D65[0], D65[1]] + [c for p in ADOBE for c in p])
    png = png_with_chunks(card, [(b"gAMA", struct.pack(">I", 45455)), (b"cHRM", chrm)])
    write("gama-chrm.png", png)
    equivalent = matrix_profile("gAMA+cHRM equivalent", ADOBE, D65, curv_gamma(100000 / 45455), 0x02100000)
    reference(card, equivalent).save(os.path.join(OUT, "gama-chrm.ref.png"))
    write("cicp-p3.png", png_with_chunks(card, [(b"cICP", bytes([12, 13, 0, 1]))]))
    reference(card, profiles["display-p3"]).save(os.path.join(OUT, "cicp-p3.ref.png"))
    # sRGB-tagged: littleCMS's own sRGB profile in a JPEG and a PNG sRGB chunk stay untouched.
    srgb_icc = ImageCms.ImageCmsProfile(SRGB).tobytes()
    write("profiles/lcms-srgb.icc", srgb_icc)
    buffer = io.BytesIO()
    card.save(buffer, "JPEG", quality=95, subsampling=0, icc_profile=srgb_icc)
    write("srgb.jpg", buffer.getvalue())
    write("srgb-chunk.png", png_with_chunks(card, [(b"sRGB", bytes([0]))]))
    gray_fixtures()


def gray_fixtures():
    """A gray profile (kTRC gamma 1.8, v4) on the test card in gray, as PNG and JPEG; the
    reference is littleCMS's gray → sRGB conversion (RGB out, R = G = B)."""
    icc = profile([(b"desc", mluc("Gray gamma 1.8 (Osprey test)")), (b"cprt", mluc("No copyright, use freely")),
                   (b"wtpt", xyz_tag(D50)), (b"kTRC", curv_gamma(1.8))], 0x04300000, space=b"GRAY")
    write("profiles/gray-gamma18.icc", icc)
    card = test_card().convert("L")
    buffer = io.BytesIO()
    card.save(buffer, "PNG", icc_profile=icc)
    write("gray-gamma18.png", buffer.getvalue())
    reference(card, icc).save(os.path.join(OUT, "gray-gamma18.ref.png"))
    buffer = io.BytesIO()
    card.save(buffer, "JPEG", quality=95, icc_profile=icc)
    write("gray-gamma18.jpg", buffer.getvalue())
    decoded = Image.open(io.BytesIO(buffer.getvalue()))
    reference(decoded, icc).save(os.path.join(OUT, "gray-gamma18.jpg.ref.png"))


if __name__ == "__main__":
    sys.exit(main())
