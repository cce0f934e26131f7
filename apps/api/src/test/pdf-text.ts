// A PDF's text as a reader would copy it, page by page, through PDF.js (Mozilla's parser, a
// devDependency): what the tests of tax documents' PDFs look for.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text, its runs joined by new lines; and the document's info dictionary. */
export async function pdfText(
  bytes: Buffer,
): Promise<{ pages: string[]; info: Record<string, unknown> }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter(Boolean)
        .join('\n'),
    );
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, info: info as Record<string, unknown> };
}
