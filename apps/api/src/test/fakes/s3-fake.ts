// A local stand-in for an S3-compatible object store, for tests of the S3 image store: it speaks
// the documented REST shapes the AWS SDK uses for PutObject, GetObject and HeadObject with
// path-style addresses (/{bucket}/{key}), S3's XML error bodies, and checks every request's
// Signature Version 4 as S3 does (the Authorization header's credential scope, signed headers and
// signature, and the payload's SHA-256). Objects are kept in memory.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3FakeOptions {
  /** The buckets that exist; any other is NoSuchBucket. */
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
  lastModified: Date;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^\d{8}T\d{6}Z$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource?: { key?: string; bucket?: string },
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Check the request's Signature Version 4 as S3 does: a well-formed Authorization header for a
 * known access key, in this region, for s3; x-amz-date within the credential's day; every signed
 * header present (host among them); the payload hash matching the body; and the signature itself.
 */
function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  options: S3FakeOptions,
  rawPath: string,
  rawQuery: string,
) {
  const authorization = req.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Anonymous access is forbidden');
  const parts = AUTHORIZATION.exec(authorization);
  if (!parts) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  }
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = parts as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== options.accessKeyId) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (region !== options.region || service !== 's3') {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${options.region}'`,
    );
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!AMZ_DATE.test(amzDate) || amzDate.slice(0, 8) !== day) {
    throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or not the credential’s day');
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash.startsWith('STREAMING-') || req.headers['content-encoding'] === 'aws-chunked') {
    throw new S3Error(501, 'NotImplemented', 'Chunked uploads are not taken by this stand-in');
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    if (!SHA256_HEX.test(payloadHash)) {
      throw new S3Error(400, 'InvalidArgument', 'x-amz-content-sha256 must be a SHA-256 in hex');
    }
    if (payloadHash !== sha256Hex(body)) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
      );
    }
  }
  const signedHeaders = signedHeaderList.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) {
      throw new S3Error(403, 'AccessDenied', `The signed headers must include ${required}`);
    }
  }
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      if (value === undefined) {
        throw new S3Error(403, 'AccessDenied', `The signed header ${name} is not in the request`);
      }
      const text = Array.isArray(value) ? value.join(',') : value;
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent(at === -1 ? pair : pair.slice(0, at));
      const value = at === -1 ? '' : decodeURIComponent(pair.slice(at + 1));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), region), service),
    'aws4_request',
  );
  if (hmac(key, stringToSign).toString('hex') !== signature) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

/** Start the stand-in on a free port of 127.0.0.1. */
export async function startS3Fake(options: S3FakeOptions) {
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, S3FakeObject>()]));
  const requests: { method: string; bucket: string; key: string; status: number }[] = [];
  let failures: { count: number; status: number; code: string } = {
    count: 0,
    status: 503,
    code: 'SlowDown',
  };

  function sendError(res: ServerResponse, method: string, error: S3Error) {
    res.statusCode = error.status;
    res.setHeader('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
    // A HEAD answer has no body: the status is all the client gets.
    if (method === 'HEAD') {
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/xml');
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error>' +
        `<Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>` +
        (error.resource?.bucket
          ? `<BucketName>${escapeXml(error.resource.bucket)}</BucketName>`
          : '') +
        (error.resource?.key ? `<Key>${escapeXml(error.resource.key)}</Key>` : '') +
        `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
    );
  }

  function objectHeaders(res: ServerResponse, object: S3FakeObject) {
    res.setHeader('content-type', object.contentType);
    res.setHeader('content-length', object.body.length);
    res.setHeader('etag', object.etag);
    res.setHeader('last-modified', object.lastModified.toUTCString());
    res.setHeader('accept-ranges', 'bytes');
    if (object.cacheControl) res.setHeader('cache-control', object.cacheControl);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const rawQuery = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const bucket = decodeURIComponent(bucketName);
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    const record = (status: number) => requests.push({ method, bucket, key, status });
    try {
      const body = await readBody(req);
      checkSignature(req, body, options, rawPath, rawQuery);
      if (failures.count > 0) {
        failures.count -= 1;
        throw new S3Error(failures.status, failures.code, 'Please reduce your request rate.');
      }
      const objects = buckets.get(bucket);
      if (!objects) {
        throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { bucket });
      }
      if (!key) throw new S3Error(501, 'NotImplemented', 'Only object operations are taken here');
      if (method === 'PUT') {
        if (req.headers['x-amz-copy-source']) {
          throw new S3Error(501, 'NotImplemented', 'CopyObject is not taken by this stand-in');
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        const cacheControl = req.headers['cache-control'];
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          ...(cacheControl ? { cacheControl } : {}),
          etag,
          lastModified: new Date(),
        });
        res.statusCode = 200;
        res.setHeader('etag', etag);
        res.end();
        record(200);
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) {
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { key });
        }
        res.statusCode = 200;
        objectHeaders(res, object);
        res.end(method === 'GET' ? object.body : undefined);
        record(200);
        return;
      }
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed here');
    } catch (error) {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(500, 'InternalError', 'We encountered an internal error.');
      sendError(res, method, s3Error);
      record(s3Error.status);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    /** The endpoint to give the SDK (with forcePathStyle). */
    url: `http://127.0.0.1:${port}`,
    /** The objects of a bucket, by key. */
    objects: (bucket: string) => buckets.get(bucket) ?? new Map<string, S3FakeObject>(),
    /** Every request answered, in order: its method, bucket, key and status. */
    requests,
    /** Answer the next `count` requests with this error (S3's SlowDown by default). */
    fail(count: number, status = 503, code = 'SlowDown') {
      failures = { count, status, code };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type S3Fake = Awaited<ReturnType<typeof startS3Fake>>;
