import { readFileSync } from 'node:fs';

/** The API package's version, read once. */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
