#!/usr/bin/env python3
"""Regenerates content/challenges/careless-recruiter/files/onboarding-guide.docx (deterministic: fixed ZIP member
dates). careers-page.html is written by hand."""
import io
import zipfile

from shared.output import challenge_files, write_bytes

OUT = challenge_files("careless-recruiter")
DATE = (1980, 1, 1, 0, 0, 0)

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
    '<Override PartName="/docProps/app.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>'
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    "</Relationships>"
)
CORE = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
    "<dc:title>Welcome to Halyard Marine</dc:title><dc:creator>tbrandt</dc:creator>"
    "<cp:lastModifiedBy>Ines Vasquez-Lund</cp:lastModifiedBy><cp:revision>7</cp:revision>"
    '<dcterms:created xsi:type="dcterms:W3CDTF">2025-02-03T08:12:00Z</dcterms:created>'
    '<dcterms:modified xsi:type="dcterms:W3CDTF">2026-09-28T14:41:00Z</dcterms:modified>'
    "</cp:coreProperties>"
)
APP = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
    "<Template>\\\\fs-hq02.corp.halyard.example\\templates$\\HR\\Letter-2025.dotm</Template>"
    "<TotalTime>94</TotalTime><Pages>2</Pages><Words>412</Words>"
    "<Application>Microsoft Office Word</Application><AppVersion>16.0000</AppVersion>"
    "<Company>Halyard Marine Services</Company></Properties>"
)
PARAGRAPHS = [
    "Welcome to Halyard Marine!",
    "Your first week: collect your badge at reception, then meet your buddy at 09:30.",
    "IT will send your account details to your private e-mail address the Friday before you start.",
    "Questions? Write to People Operations at people@halyard.example.",
]
DOCUMENT = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in PARAGRAPHS)
    + "</w:body></w:document>"
)


def docx_bytes() -> bytes:
    members = [
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", RELS),
        ("docProps/core.xml", CORE),
        ("docProps/app.xml", APP),
        ("word/document.xml", DOCUMENT),
    ]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as docx:
        for name, text in members:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            docx.writestr(info, text)
    return out.getvalue()


write_bytes(OUT / "onboarding-guide.docx", docx_bytes())
print("written to", OUT)
