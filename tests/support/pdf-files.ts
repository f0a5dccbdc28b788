import bwipjs from "bwip-js/node";

// PDFs for the tests, written here as the PDF specification lays one out
// (objects, a cross-reference table, a trailer): each page an A4 sheet with
// Code 128 barcodes drawn as filled rectangles, the way a voucher's generator
// draws them, and a line of text in one of the standard fonts.

const A4 = { width: 595, height: 842 };
/** Points per module: a 10-character Code 128 is some 6 cm wide, as on a voucher. */
const MODULE = 1.4;

/** The rectangles of a Code 128 barcode of `text`, its left edge at x, its bars from y up `height`. */
function code128Bars(text: string, x: number, y: number, height: number): string {
  const [symbol] = bwipjs.raw({ bcid: "code128", text }) as unknown as { sbs: number[] }[];
  const bars: string[] = [];
  let at = x;
  symbol!.sbs.forEach((width, index) => {
    // Bars and spaces alternate, a bar first.
    if (index % 2 === 0) bars.push(`${at.toFixed(2)} ${y} ${(width * MODULE).toFixed(2)} ${height} re`);
    at += width * MODULE;
  });
  return `${bars.join("\n")}\nf`;
}

/** A PDF whose pages each hold these Code 128 values, one under another. */
export function pdfWithCode128(pages: string[][]): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  /** Adds an object; answers its number (objects count from 1). */
  const add = (body: string) => objects.push(body);
  const catalog = add("");
  const pageList = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const pageIds = pages.map((codes, pageIndex) => {
    const drawing = [
      `BT /F1 14 Tf 60 780 Td (Vale de oferta ${pageIndex + 1}) Tj ET`,
      ...codes.map((code, index) => code128Bars(code, 60, 640 - index * 180, 90)),
    ].join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(drawing, "latin1")} >>\nstream\n${drawing}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pageList} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageList} 0 R >>`;
  objects[pageList - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;

  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
