import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  imageContentType,
  imageUrlFor,
  isImageKey,
  unsafeImageKey,
  type ImageStore,
} from './image-store.js';

/** Where the bucket is and who the store is to it. */
export interface S3Connection {
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Spaces, the tests' stand-in); unset, AWS. */
  endpoint?: string;
  /** endpoint/bucket/key addresses rather than bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, a shared profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long the store waits to connect, and for an answer, before the call fails (and is retried). */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** An object that is not there: HeadObject answers a bare 404, GetObject NoSuchKey. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** The S3 client for these options. */
export function createS3Client(options: S3Connection): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where an operation requires one: S3-compatible services other than AWS do
    // not all take the newer flexible checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/**
 * Images in an S3-compatible object store (IMAGE_STORE=s3, decision 076), through the official
 * AWS SDK. Keys are the images' keys in the bucket; each object carries its content type and the
 * year-long caching its name allows, so a CDN in front of the bucket may serve it as it is. The
 * app itself serves /images/… from it, keeping hot images in memory (served-images.ts).
 */
export function createS3ImageStore(client: S3Client, bucket: string): ImageStore {
  return {
    urlFor: imageUrlFor,
    async exists(key) {
      if (!isImageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async get(key) {
      if (!isImageKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async put(key, body) {
      if (!isImageKey(key)) throw unsafeImageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: typeof body === 'string' ? Buffer.from(body) : body,
          ContentType: imageContentType(key) ?? 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
  };
}
