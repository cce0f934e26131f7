// Tax documents as PDFs (decision 082): every particular Indian GST rules ask of a tax invoice
// (CGST rule 46) and of a credit note (rule 53) is on the page, in words a reader can copy, with
// ₹ amounts grouped the Indian way and Devanagari as written; the same document gives the same
// bytes.
import { describe, expect, it } from 'vitest';
import { formatRupeesWithPaise, type TaxDocument } from '@pehnava/shared';
import { pdfText } from '../../test/pdf-text.js';
import { pdfFileName, taxDocumentsPdf } from './invoice-pdf.js';

const seller = {
  name: 'Pehnava Rentals Private Limited',
  address: 'Pehnava Warehouse, 14 Ballard Estate, Fort, Mumbai 400001',
  gstin: '27AAACP0000P1ZO',
  state: 'Maharashtra',
  stateCode: '27',
};

/** Delivered in Mumbai, with the shopper's GSTIN: CGST + SGST. */
const intraState: TaxDocument = {
  kind: 'invoice',
  number: 'PHN/26-27/000123',
  date: '2026-11-29',
  seller,
  buyer: {
    name: 'Tara Kulkarni',
    address: '21 Hill Road, Bandra West, Mumbai 400050',
    state: 'Maharashtra',
    stateCode: '27',
    gstin: '27AAPFU0939F1ZV',
  },
  placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
  sac: '997326',
  supply: 'intra-state',
  lines: [
    {
      description:
        'Rental of बनारसी लहंगा (PNV-LH-0042), size M, 3 days: 12 Dec 2026 to 14 Dec 2026',
      amount: 124999,
    },
    { description: 'Coupon FESTIVE10', amount: -200 },
    { description: 'Delivery', amount: 149 },
  ],
  ratePercent: 18,
  taxableValue: 105884.75,
  cgst: 9531.63,
  sgst: 9531.62,
  igst: 0,
  total: 124948,
  against: null,
  reason: null,
};

/** Delivered in Jaipur, no GSTIN: IGST. */
const interState: TaxDocument = {
  ...intraState,
  number: 'PHN/26-27/000124',
  buyer: {
    name: 'Meera Rathore',
    address: '7 Civil Lines, Jaipur 302001',
    state: 'Rajasthan',
    stateCode: '08',
    gstin: null,
  },
  placeOfSupply: { state: 'Rajasthan', stateCode: '08' },
  supply: 'inter-state',
  lines: [{ description: 'Rental of अनारकली सूट, size S, 2 days', amount: 2999 }],
  taxableValue: 2541.53,
  cgst: 0,
  sgst: 0,
  igst: 457.47,
  total: 2999,
};

const creditNote: TaxDocument = {
  ...interState,
  kind: 'credit-note',
  number: 'PCN/26-27/000045',
  date: '2026-12-01',
  against: { number: 'PHN/26-27/000124', date: '2026-11-29' },
  reason: 'Booking 4F2A9C1D cancelled: refunded in full',
  lines: [{ description: 'Booking 4F2A9C1D cancelled: refunded in full', amount: 2999 }],
};

/** What every tax document shows (rule 46): the seller, the recipient, the supply, the tax. */
function expectParticulars(text: string, document: TaxDocument) {
  for (const shown of [
    document.seller.name,
    document.seller.address,
    document.seller.gstin,
    document.number,
    document.buyer.name,
    document.buyer.address,
    `${document.buyer.state} (state code ${document.buyer.stateCode})`,
    `${document.placeOfSupply.state} (${document.placeOfSupply.stateCode})`,
    document.sac,
    'Reverse charge',
    'Taxable value',
    formatRupeesWithPaise(document.taxableValue),
    formatRupeesWithPaise(document.total),
    ...document.lines.map((line) => formatRupeesWithPaise(line.amount)),
  ]) {
    expect(text, shown).toContain(shown);
  }
}

describe('tax documents as PDFs', () => {
  it('an invoice within the state: every particular, CGST + SGST at half the rate each, ₹ with Indian grouping, Devanagari and the total in words', async () => {
    const pdf = await taxDocumentsPdf([intraState]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, info } = await pdfText(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expectParticulars(text, intraState);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('29 Nov 2026');
    expect(text).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST @ 9%');
    expect(text).toContain('₹9,531.63');
    expect(text).toContain('₹9,531.62');
    expect(text).toContain('₹1,24,948.00');
    expect(text).toContain('-₹200.00');
    expect(text).not.toContain('IGST @');
    expect(text).toContain('बनारसी लहंगा');
    expect(text.replace(/\n/g, ' ')).toContain(
      'Rupees One Lakh Twenty-Four Thousand Nine Hundred Forty-Eight Only',
    );
    expect(info).toMatchObject({
      Title: 'Tax Invoice PHN/26-27/000123',
      Author: seller.name,
    });
  });

  it('an invoice across states: IGST at the whole rate, no GSTIN line for a shopper without one', async () => {
    const { pages } = await pdfText(await taxDocumentsPdf([interState]));
    const text = pages[0]!;
    expectParticulars(text, interState);
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹457.47');
    expect(text).toContain('Inter-state: IGST');
    expect(text).not.toContain('CGST @');
    expect(text).not.toContain('GSTIN 27AAPFU');
    expect(text).toContain('अनारकली सूट');
  });

  it('a credit note names the invoice it corrects, with its date, and why', async () => {
    const { pages } = await pdfText(await taxDocumentsPdf([creditNote]));
    const text = pages[0]!;
    expectParticulars(text, creditNote);
    expect(text).toContain('Credit Note');
    expect(text).toContain('Against invoice');
    expect(text).toContain('PHN/26-27/000124');
    expect(text).toContain('29 Nov 2026');
    expect(text).toContain('1 Dec 2026');
    expect(text).toContain('Booking 4F2A9C1D cancelled: refunded in full');
    expect(text).toContain('Total credited');
  });

  it('several documents are one PDF, each from its own page, in the order given; long lines run onto more pages', async () => {
    const long: TaxDocument = {
      ...intraState,
      lines: Array.from({ length: 45 }, (_, index) => ({
        description: `Rental of piece ${index + 1}`,
        amount: 100,
      })),
    };
    const { pages } = await pdfText(await taxDocumentsPdf([long, creditNote]));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toContain('PHN/26-27/000123');
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    const last = pages.findIndex((page) => page.includes('Rental of piece 45'));
    expect(last).toBeGreaterThan(0);
    expect(pages[last]).toContain('PHN/26-27/000123, continued');
    expect(pages.slice(last, -1).join('\n')).toContain('₹1,24,948.00');
    expect(pages.at(-1)).toContain('Credit Note');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('the same document renders to the same bytes, whenever it is rendered', async () => {
    const first = await taxDocumentsPdf([intraState, creditNote]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await taxDocumentsPdf([intraState, creditNote]);
    expect(second.equals(first)).toBe(true);
    // The PDF's own dates are the latest document's day, in India.
    const { info } = await pdfText(first);
    expect(info.CreationDate).toBe('D:20261130183000Z');
  });

  it('file names keep letters, digits and dashes only', () => {
    expect(pdfFileName('Pehnava-Tax-Invoice-PHN/26-27/000123')).toBe(
      'Pehnava-Tax-Invoice-PHN-26-27-000123.pdf',
    );
    expect(pdfFileName('"; rm -rf /')).toBe('rm--rf.pdf');
    expect(pdfFileName('')).toBe('document.pdf');
  });
});
