#!/usr/bin/env python3
"""Regenerate files/exif-dump.json of content/challenges/metadata-never-lies (deterministic); posts.md is written
by hand.

All people, accounts, companies and serial numbers are fictional.
"""
import json

from shared.output import challenge_files, write_text

OUT = challenge_files("metadata-never-lies")


def dms(value: float) -> str:
    deg = int(value)
    minutes_full = (value - deg) * 60
    minutes = int(minutes_full)
    seconds = (minutes_full - minutes) * 60
    return f"{deg} deg {minutes}' {seconds:.2f}\""


def photo(name, make, model, serial, when, offset, lat, lon, software, exposure, artist="",
          lens="XF18-55mmF2.8-4 R LM OIS", width=6240, height=4160, altitude=None):
    """exposure: (shutter, f-number, ISO, focal length in mm), each photo its own, within its lens's range."""
    shutter, f_number, iso, focal = exposure
    d = {
        "SourceFile": f"./{name}",
        "FileName": name,
        "FileSize": "",
        "FileType": "JPEG",
        "MIMEType": "image/jpeg",
        "Make": make,
        "Model": model,
        "Software": software,
        "Artist": artist,
        "Copyright": "",
        "DateTimeOriginal": when,
        "OffsetTimeOriginal": offset,
        "ExposureTime": shutter,
        "FNumber": f_number,
        "ISO": iso,
        "FocalLength": f"{focal:.1f} mm",
        "LensModel": lens,
        "SerialNumber": serial,
        "ImageWidth": width,
        "ImageHeight": height,
    }
    if lat is not None:
        d.update({
            "GPSLatitude": dms(abs(lat)),
            "GPSLatitudeRef": "North" if lat >= 0 else "South",
            "GPSLongitude": dms(abs(lon)),
            "GPSLongitudeRef": "East" if lon >= 0 else "West",
            "GPSAltitude": f"{altitude:.1f} m Above Sea Level",
        })
    return d


PHOTOS = [
    # the leak, uploaded to a public forum by @quietharbor (forum strips nothing)
    photo("nw-prototype-arm.jpg", "FUJIFILM", "X-T30 II", "5A21K0733", "2026:02:19 14:22:51", "+01:00",
          48.83290, 2.28760, "Digital Camera X-T30 II Ver.2.01", ("1/125", 4.0, 1600, 23.0), altitude=41.6),
    # @wanderlens_kai travel blog
    photo("tram28-morning.jpg", "FUJIFILM", "X-T30 II", "5A21K0733", "2025:10:04 08:12:09", "+01:00",
          38.71135, -9.13025, "Darktable 4.6.1", ("1/500", 5.6, 200, 35.0), artist="Kai Marsh", altitude=63.4),
    photo("harbour-fog.jpg", "FUJIFILM", "X-T30 II", "5A21K0733", "2025:11:22 07:03:44", "+00:00",
          None, None, "Darktable 4.6.1", ("1/60", 8.0, 400, 18.0), artist="Kai Marsh"),
    # @hexgrid_ana, same camera model, different body
    photo("market-stall.jpg", "FUJIFILM", "X-T30 II", "5A22B1180", "2026:01:30 12:45:02", "+01:00",
          None, None, "Digital Camera X-T30 II Ver.2.01", ("1/320", 4.0, 320, 27.0), artist="A. Novak"),
    # @quietharbor's only other upload, shot on a phone
    photo("desk-setup.jpg", "Google", "Pixel 8a", "", "2026:01:11 21:05:37", "+01:00",
          None, None, "HDR+ 1.0.641377693zd", ("1/50", 1.9, 800, 4.5), lens="Pixel 8a back camera 4.47mm f/1.89",
          width=4080, height=3072),
]

SIZES = {"nw-prototype-arm.jpg": "6.1 MB", "tram28-morning.jpg": "4.8 MB", "harbour-fog.jpg": "3.9 MB",
         "market-stall.jpg": "5.2 MB", "desk-setup.jpg": "2.7 MB"}


def main() -> None:
    for p in PHOTOS:
        p["FileSize"] = SIZES[p["FileName"]]
    write_text(OUT / "exif-dump.json", json.dumps(PHOTOS, indent=2) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
