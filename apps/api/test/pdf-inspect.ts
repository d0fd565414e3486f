import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

/** Test support: reads back what a generated PDF shows, without a PDF renderer. */
export interface InspectedPdf {
  pages: { width: number; height: number }[];
  title: string | undefined;
  /** Every string drawn with Tj, in drawing order (standard fonts write them as hex). */
  texts: string[];
  /** What each embedded image decodes to as a QR code (null when it is not one). */
  qrCodes: (string | null)[];
}

export async function inspectPdf(bytes: Uint8Array): Promise<InspectedPdf> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const texts: string[] = [];
  const qrCodes: (string | null)[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const data = decodePDFRawStream(object).decode();
    if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
      const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
      const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i += 1) {
        rgba.set([data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!, 255], i * 4);
      }
      qrCodes.push(jsQR(rgba, width, height)?.data ?? null);
      continue;
    }
    const content = Buffer.from(data).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return {
    pages: pdf.getPages().map((page) => page.getSize()),
    title: pdf.getTitle(),
    texts,
    qrCodes,
  };
}
