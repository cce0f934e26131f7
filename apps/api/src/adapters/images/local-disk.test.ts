import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskImageStore } from './local-disk.js';

describe('local disk image store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pehnava-images-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes many writes of one key at once, keeps one whole body and leaves no temporary file', async () => {
    const store = createLocalDiskImageStore(dir);
    const bodies = Array.from({ length: 12 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(bodies.map((body) => store.put('uploads/same-original.jpg', body)));
    const kept = await store.get('uploads/same-original.jpg');
    expect(bodies.some((body) => kept?.equals(body))).toBe(true);
    expect(await readdir(join(dir, 'uploads'))).toEqual(['same-original.jpg']);
  });

  it('reads nothing for a key never written, and refuses a key that leaves its folder', async () => {
    const store = createLocalDiskImageStore(dir);
    expect(await store.get('uploads/missing.jpg')).toBeUndefined();
    expect(await store.exists('uploads/missing.jpg')).toBe(false);
    await expect(store.put('../outside.jpg', 'x')).rejects.toThrow('Unsafe image key');
  });
});
