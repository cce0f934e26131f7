import { describe, expect, it } from 'vitest';
import { fileNameOf } from './api';

describe('the file name of a download', () => {
  it("is the server's Content-Disposition file name", () => {
    expect(fileNameOf('attachment; filename="Pehnava-Tax-Invoice-PHN-26-27-000123.pdf"')).toBe(
      'Pehnava-Tax-Invoice-PHN-26-27-000123.pdf',
    );
    expect(fileNameOf('attachment; filename=pehnava-booking-4F2A9C1D-tax-documents.pdf')).toBe(
      'pehnava-booking-4F2A9C1D-tax-documents.pdf',
    );
    expect(fileNameOf('Attachment; FILENAME="a.pdf"; size=123')).toBe('a.pdf');
  });

  it("prefers RFC 6266's encoded name, and never keeps a folder", () => {
    expect(
      fileNameOf(`attachment; filename="fallback.pdf"; filename*=UTF-8''Pehnava%20%E2%82%B9.pdf`),
    ).toBe('Pehnava ₹.pdf');
    expect(fileNameOf('attachment; filename="../../etc/invoice.pdf"')).toBe('invoice.pdf');
    expect(fileNameOf('attachment; filename="C:\\temp\\invoice.pdf"')).toBe('invoice.pdf');
  });

  it('is undefined when the header names none', () => {
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf('attachment; filename=""')).toBeUndefined();
  });
});
