import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredType } from './accept.js';

/** A PDF to download: its file name (letters, digits, dashes and '.pdf') and bytes. */
export interface PdfFile {
  filename: string;
  content: Buffer;
}

/**
 * Answer tax documents as JSON, or as a PDF to download when the Accept header prefers
 * `application/pdf` (decision 082): `Vary: Accept` and `Cache-Control: private, no-store` either
 * way, JSON unless asked otherwise. The shopper's download and the console's answer the same way.
 */
export async function jsonOrPdf<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: { json: () => Promise<T>; pdf: () => Promise<PdfFile> },
): Promise<T | FastifyReply> {
  reply.header('cache-control', 'private, no-store').header('vary', 'Accept');
  const as = preferredType(request.headers.accept, ['application/json', 'application/pdf']);
  if (as === 'application/json') return answers.json();
  const pdf = await answers.pdf();
  // Sent as the file's bytes (a Buffer is sent as it is, past the schema's serializer).
  return reply
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .type('application/pdf')
    .send(pdf.content);
}
