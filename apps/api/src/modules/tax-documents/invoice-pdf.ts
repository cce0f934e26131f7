import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatRupeesWithPaise, rupeesInWords, type TaxDocument } from '@pehnava/shared';

/*
 * A stored tax invoice or credit note drawn as a PDF (decision 082): pure presentation of the
 * snapshot, nothing read but the document and the fonts. One A4 page per document (more when its
 * lines run over), laid out as Indian tax invoices are: the seller and the title at the top, the
 * recipient and the document's particulars side by side, the lines, then taxable value, CGST +
 * SGST or IGST and the total, with the total in words.
 */

/**
 * Noto Sans Devanagari as Google Fonts ships it, from the npm registry: one face with Latin,
 * Devanagari (shaped by fontkit: conjuncts, the i-matra before its consonant) and the rupee sign,
 * so a line mixing a Hindi product name with English and ₹ needs no switching of fonts.
 */
const fontFile = (face: string) =>
  readFileSync(
    createRequire(import.meta.url).resolve(
      `@expo-google-fonts/noto-sans-devanagari/${face}/NotoSansDevanagari_${face}.ttf`,
    ),
  );
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => (fonts ??= { regular: fontFile('400Regular'), bold: fontFile('700Bold') });

const PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where the body stops: below it are the footer's two lines. */
const BODY_BOTTOM = PAGE.height - PAGE.margin - 34;
const COLOUR = {
  plum: '#4a1025',
  ink: '#1f1a17',
  muted: '#57534e',
  rule: '#e4d6c9',
  band: '#fbf3f5',
} as const;

const TITLES = { invoice: 'Tax Invoice', 'credit-note': 'Credit Note' } as const;
const money = formatRupeesWithPaise;
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** '2026-11-29' → '29 Nov 2026', as invoices write dates (no weekday; no locale data needed). */
const dated = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
};
/** 18 → '18%', 2.5 → '2.5%'. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

type Doc = PDFKit.PDFDocument;

/** Text in one style: set the face, size and colour, then draw; answers the height it took. */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  {
    width,
    size = 9,
    bold = false,
    colour = COLOUR.ink,
    align = 'left',
  }: {
    width: number;
    size?: number;
    bold?: boolean;
    colour?: string;
    align?: 'left' | 'right' | 'center';
  },
): number {
  doc
    .font(bold ? 'bold' : 'regular')
    .fontSize(size)
    .fillColor(colour);
  const height = doc.heightOfString(text, { width, align, lineGap: 1 });
  doc.text(text, x, y, { width, align, lineGap: 1 });
  return height;
}

function heightOf(doc: Doc, text: string, width: number, size = 9, bold = false): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  return doc.heightOfString(text, { width, lineGap: 1 });
}

function rule(doc: Doc, y: number, colour: string = COLOUR.rule, weight = 0.75) {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(weight)
    .strokeColor(colour)
    .stroke();
}

/** The seller and the title; answers where the page's body starts. */
function drawHeading(doc: Doc, document: TaxDocument, continued: boolean): number {
  const { seller } = document;
  const left = PAGE.margin;
  const rightWidth = 190;
  const right = PAGE.margin + CONTENT_WIDTH - rightWidth;
  let y = PAGE.margin;
  y += put(doc, seller.name, left, y, { width: 300, size: 13, bold: true, colour: COLOUR.plum });
  y += 2;
  y += put(doc, seller.address, left, y, { width: 300, colour: COLOUR.muted });
  y += put(doc, `GSTIN ${seller.gstin}  ·  ${seller.state} (${seller.stateCode})`, left, y, {
    width: 300,
    colour: COLOUR.muted,
  });
  let ry = PAGE.margin - 3;
  ry += put(doc, TITLES[document.kind], right, ry, {
    width: rightWidth,
    size: 20,
    bold: true,
    colour: COLOUR.plum,
    align: 'right',
  });
  put(doc, continued ? `${document.number}, continued` : 'Original for recipient', right, ry, {
    width: rightWidth,
    size: 8,
    colour: COLOUR.muted,
    align: 'right',
  });
  const bottom = Math.max(y, ry + 12) + 10;
  rule(doc, bottom, COLOUR.plum, 1.5);
  return bottom + 14;
}

/** Label and value rows in a column; answers the height taken. */
function drawFacts(
  doc: Doc,
  rows: [label: string, value: string][],
  x: number,
  y: number,
  width: number,
): number {
  const labelWidth = 92;
  let at = y;
  for (const [label, value] of rows) {
    const valueWidth = width - labelWidth;
    const height = Math.max(
      heightOf(doc, label, labelWidth),
      heightOf(doc, value, valueWidth, 9, true),
    );
    put(doc, label, x, at, { width: labelWidth, colour: COLOUR.muted });
    put(doc, value, x + labelWidth, at, { width: valueWidth, bold: true });
    at += height + 3;
  }
  return at - y;
}

/** The recipient on the left, the document's particulars on the right; answers the next y. */
function drawParties(doc: Doc, document: TaxDocument, top: number): number {
  const gap = 24;
  const half = (CONTENT_WIDTH - gap) / 2;
  const left = PAGE.margin;
  const right = PAGE.margin + half + gap;
  const { buyer, placeOfSupply } = document;

  let y = top;
  y += put(doc, document.kind === 'invoice' ? 'BILLED TO' : 'CREDITED TO', left, y, {
    width: half,
    size: 7.5,
    bold: true,
    colour: COLOUR.muted,
  });
  y += 2;
  y += put(doc, buyer.name || 'Shopper', left, y, { width: half, size: 10.5, bold: true });
  if (buyer.address) y += put(doc, buyer.address, left, y, { width: half });
  y += put(doc, `${buyer.state} (state code ${buyer.stateCode})`, left, y, { width: half });
  if (buyer.gstin) y += put(doc, `GSTIN ${buyer.gstin}`, left, y, { width: half, bold: true });

  const kindWord = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const rows: [string, string][] = [
    [`${kindWord} no.`, document.number],
    [`${kindWord} date`, dated(document.date)],
  ];
  if (document.against) {
    rows.push(['Against invoice', document.against.number]);
    rows.push(['Invoice date', dated(document.against.date)]);
  }
  rows.push(
    ['Place of supply', `${placeOfSupply.state} (${placeOfSupply.stateCode})`],
    [
      'Supply',
      document.supply === 'intra-state' ? 'Within the state: CGST + SGST' : 'Inter-state: IGST',
    ],
    ['Reverse charge', 'No'],
  );
  const factsHeight = drawFacts(doc, rows, right, top, half);
  let bottom = Math.max(y, top + factsHeight) + 10;
  if (document.reason) {
    rule(doc, bottom - 4);
    bottom += 4;
    put(doc, 'Reason', left, bottom, { width: 92, colour: COLOUR.muted });
    bottom += put(doc, document.reason, left + 92, bottom, {
      width: CONTENT_WIDTH - 92,
      bold: true,
    });
    bottom += 8;
  }
  return bottom + 6;
}

const COLUMNS = { index: 22, sac: 52, amount: 96 } as const;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - COLUMNS.index - COLUMNS.sac - COLUMNS.amount - 12;
const AT = {
  index: PAGE.margin + 6,
  description: PAGE.margin + 6 + COLUMNS.index,
  sac: PAGE.margin + 6 + COLUMNS.index + DESCRIPTION_WIDTH,
  amount: PAGE.margin + CONTENT_WIDTH - 6 - COLUMNS.amount,
} as const;

function drawLinesHeader(doc: Doc, y: number): number {
  const height = 20;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fillColor(COLOUR.band).fill();
  const style = { size: 7.5, bold: true, colour: COLOUR.plum } as const;
  put(doc, '#', AT.index, y + 6, { ...style, width: COLUMNS.index });
  put(doc, 'DESCRIPTION', AT.description, y + 6, { ...style, width: DESCRIPTION_WIDTH });
  put(doc, 'SAC', AT.sac, y + 6, { ...style, width: COLUMNS.sac });
  put(doc, 'AMOUNT (INCL. GST)', AT.amount, y + 6, {
    ...style,
    width: COLUMNS.amount,
    align: 'right',
  });
  return y + height + 4;
}

/** The totals' rows on the right, the amount in words on the left. */
function drawTotals(doc: Doc, document: TaxDocument, top: number): number {
  const width = 230;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  const half = document.ratePercent / 2;
  const rows: [string, string][] = [['Taxable value', money(document.taxableValue)]];
  if (document.supply === 'intra-state') {
    rows.push([`CGST @ ${percent(half)}`, money(document.cgst)]);
    rows.push([`SGST @ ${percent(half)}`, money(document.sgst)]);
  } else {
    rows.push([`IGST @ ${percent(document.ratePercent)}`, money(document.igst)]);
  }
  let y = top;
  for (const [label, value] of rows) {
    put(doc, label, x, y, { width: 130, colour: COLOUR.muted });
    put(doc, value, x + 130, y, { width: width - 136, align: 'right' });
    y += 16;
  }
  y += 2;
  doc.rect(x, y, width, 26).fillColor(COLOUR.plum).fill();
  put(doc, document.kind === 'invoice' ? 'Total' : 'Total credited', x + 8, y + 7, {
    width: 120,
    size: 10.5,
    bold: true,
    colour: '#ffffff',
  });
  put(doc, money(document.total), x + 120, y + 7, {
    width: width - 128,
    size: 10.5,
    bold: true,
    colour: '#ffffff',
    align: 'right',
  });
  const totalBottom = y + 26;

  const wordsWidth = CONTENT_WIDTH - width - 30;
  let wy = top;
  wy += put(doc, 'AMOUNT IN WORDS', PAGE.margin, wy, {
    width: wordsWidth,
    size: 7.5,
    bold: true,
    colour: COLOUR.muted,
  });
  wy += 2;
  wy += put(doc, rupeesInWords(document.total), PAGE.margin, wy, {
    width: wordsWidth,
    bold: true,
  });
  wy += 8;
  wy += put(
    doc,
    `Prices include GST at ${percent(document.ratePercent)}: each line's amount includes it, and the taxable value and tax are of the total.`,
    PAGE.margin,
    wy,
    { width: wordsWidth, size: 8, colour: COLOUR.muted },
  );
  return Math.max(totalBottom, wy) + 18;
}

/** One document, from a new page. */
function drawDocument(doc: Doc, document: TaxDocument, first: boolean) {
  if (!first) doc.addPage();
  let y = drawHeading(doc, document, false);
  y = drawParties(doc, document, y);
  y = drawLinesHeader(doc, y);
  document.lines.forEach((line, index) => {
    const height = Math.max(heightOf(doc, line.description, DESCRIPTION_WIDTH - 14), 11) + 10;
    if (y + height > BODY_BOTTOM) {
      doc.addPage();
      y = drawLinesHeader(doc, drawHeading(doc, document, true));
    }
    put(doc, String(index + 1), AT.index, y + 4, { width: COLUMNS.index, colour: COLOUR.muted });
    put(doc, line.description, AT.description, y + 4, { width: DESCRIPTION_WIDTH - 14 });
    put(doc, document.sac, AT.sac, y + 4, { width: COLUMNS.sac, colour: COLOUR.muted });
    put(doc, money(line.amount), AT.amount, y + 4, { width: COLUMNS.amount, align: 'right' });
    y += height;
    rule(doc, y);
  });
  const totalsHeight = 130;
  if (y + 12 + totalsHeight > BODY_BOTTOM) {
    doc.addPage();
    y = drawHeading(doc, document, true);
  }
  drawTotals(doc, document, y + 12);
}

/** Every page's footer: what the document is, that it needs no signature, and the page. */
function drawFooters(doc: Doc, owners: TaxDocument[]) {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const document = owners[page - start]!;
    const y = PAGE.height - PAGE.margin - 20;
    rule(doc, y - 6);
    // Drawn below the bottom margin: pdfkit would otherwise start a new page for it.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    put(
      doc,
      `${TITLES[document.kind]} ${document.number} · ${document.seller.name} · computer-generated, no signature needed`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH - 80, size: 7.5, colour: COLOUR.muted },
    );
    put(doc, `Page ${page - start + 1} of ${count}`, PAGE.margin + CONTENT_WIDTH - 80, y, {
      width: 80,
      size: 7.5,
      colour: COLOUR.muted,
      align: 'right',
    });
    doc.page.margins = margins;
  }
}

/**
 * The documents, in the order given, as one PDF. The same documents give the same bytes: the
 * PDF's dates are the latest document's date (midnight in India), its file id is derived from
 * them, and nothing else in it depends on the clock or on chance.
 */
export async function taxDocumentsPdf(documents: TaxDocument[]): Promise<Buffer> {
  if (documents.length === 0) throw new Error('a PDF of no tax documents');
  const { regular, bold } = loadFonts();
  const latest = documents.map((d) => d.date).sort()[documents.length - 1]!;
  const issued = new Date(`${latest}T00:00:00+05:30`);
  const [firstDocument] = documents;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title:
        documents.length === 1
          ? `${TITLES[firstDocument!.kind]} ${firstDocument!.number}`
          : `Tax invoices and credit notes: ${documents.map((d) => d.number).join(', ')}`,
      Author: firstDocument!.seller.name,
      Creator: 'Pehnava',
      Producer: 'Pehnava (PDFKit)',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const owners: TaxDocument[] = [];
  documents.forEach((document, index) => {
    drawDocument(doc, document, index === 0);
    const { count } = doc.bufferedPageRange();
    while (owners.length < count) owners.push(document);
  });
  drawFooters(doc, owners);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A file name for a download or an attachment: letters, digits and '-' only. */
export function pdfFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'document'}.pdf`;
}
