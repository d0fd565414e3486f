// Decision 0086: a certificate is a course completion, printed as a PDF (pdf-lib, standard fonts, a QR code).
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { encode } from 'uqr';

export interface CertificateData {
  /** The learner's full name; `username` stands in when it is empty or cannot be printed. */
  fullName: string;
  username: string;
  courseTitle: string;
  completedAt: Date;
  serial: string;
  pointsEarned: number;
  verificationUrl: string;
}

/** A4 landscape, in points. */
export const PAGE = { width: 841.89, height: 595.28 } as const;
const INK = rgb(0.09, 0.12, 0.2);
const MUTED = rgb(0.35, 0.39, 0.47);
const ACCENT = rgb(0.0, 0.45, 0.55);
const QR_SIZE = 118;

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatCompletionDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/**
 * The standard PDF fonts print Windows-1252 only. Accented letters outside it fall back to their
 * base letter; anything still unprintable is reported as null so the caller can choose a fallback.
 */
export function printable(font: PDFFont, text: string): string | null {
  const charset = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text) {
    if (charset.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base && [...base].every((c) => charset.has(c.codePointAt(0)!))) out += base;
    else return null;
  }
  return out;
}

/** The text with each unprintable character shown as `?`. */
function printableOrMarked(font: PDFFont, text: string): string {
  return printable(font, text) ?? [...text].map((c) => printable(font, c) ?? '?').join('');
}

/** The largest size up to `max` at which the text fits `width`; below `min`, the text is shortened. */
function fit(font: PDFFont, text: string, max: number, min: number, width: number): { text: string; size: number } {
  for (let size = max; size >= min; size -= 1) {
    if (font.widthOfTextAtSize(text, size) <= width) return { text, size };
  }
  let shortened = text;
  while (shortened.length > 1 && font.widthOfTextAtSize(`${shortened}…`, min) > width) {
    shortened = shortened.slice(0, -1);
  }
  return { text: `${shortened.trimEnd()}…`, size: min };
}

function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = INK): void {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE.width - width) / 2, y, size, font, color });
}

/** The certificate of a course completion: a one-page A4 landscape PDF with a QR code of its verification URL. */
export async function renderCertificatePdf(data: CertificateData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Completion: ${data.courseTitle}`);
  pdf.setSubject(`Certificate ${data.serial}`);
  pdf.setAuthor('Bastion');
  pdf.setCreator('Bastion');
  pdf.setProducer('Bastion');
  pdf.setCreationDate(data.completedAt);
  pdf.setModificationDate(data.completedAt);

  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: rgb(1, 1, 1) });
  page.drawRectangle({
    x: 22,
    y: 22,
    width: PAGE.width - 44,
    height: PAGE.height - 44,
    borderColor: INK,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 32,
    y: 32,
    width: PAGE.width - 64,
    height: PAGE.height - 64,
    borderColor: ACCENT,
    borderWidth: 1,
  });

  const textWidth = PAGE.width - 180;
  centred(page, bold, 'BASTION', 505, 16, ACCENT);
  centred(page, bold, 'Certificate of Completion', 445, 34);
  centred(page, regular, 'This certifies that', 400, 14, MUTED);

  const name = (data.fullName.trim() && printable(bold, data.fullName.trim())) || data.username;
  const nameFit = fit(bold, name, 32, 16, textWidth);
  centred(page, bold, nameFit.text, 352, nameFit.size);
  page.drawLine({
    start: { x: 200, y: 340 },
    end: { x: PAGE.width - 200, y: 340 },
    thickness: 0.75,
    color: MUTED,
  });

  centred(page, regular, 'has successfully completed the course', 312, 14, MUTED);
  const title = fit(bold, printableOrMarked(bold, data.courseTitle), 26, 14, textWidth);
  centred(page, bold, title.text, 272, title.size);

  const points = `${data.pointsEarned} point${data.pointsEarned === 1 ? '' : 's'} earned`;
  centred(page, regular, `Completed on ${formatCompletionDate(data.completedAt)}  ·  ${points}`, 236, 12, MUTED);

  const left = 70;
  page.drawText('Certificate no.', { x: left, y: 140, size: 10, font: regular, color: MUTED });
  page.drawText(printableOrMarked(bold, data.serial), { x: left, y: 122, size: 14, font: bold, color: INK });
  page.drawText('Verify this certificate at', { x: left, y: 96, size: 10, font: regular, color: MUTED });
  const url = fit(
    regular,
    printableOrMarked(regular, data.verificationUrl),
    11,
    6,
    PAGE.width - 2 * left - QR_SIZE - 40,
  );
  page.drawText(url.text, { x: left, y: 80, size: url.size, font: regular, color: ACCENT });

  const image = await pdf.embedPng(await qrPng(data.verificationUrl));
  page.drawImage(image, { x: PAGE.width - 70 - QR_SIZE, y: 58, width: QR_SIZE, height: QR_SIZE });
  const scan = 'Scan to verify';
  page.drawText(scan, {
    x: PAGE.width - 70 - QR_SIZE / 2 - regular.widthOfTextAtSize(scan, 8) / 2,
    y: 48,
    size: 8,
    font: regular,
    color: MUTED,
  });

  return pdf.save();
}

/** The text as a black-on-white QR code PNG (error correction M, 2-module quiet zone, 6 px a module). */
async function qrPng(text: string, scale = 6): Promise<Buffer> {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  const side = size * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if (data[Math.floor(y / scale)]![Math.floor(x / scale)]) pixels[y * side + x] = 0;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}
