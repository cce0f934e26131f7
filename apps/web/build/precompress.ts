import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Issue [M] §3: each built script, stylesheet and WebAssembly module is written beside itself
 * compressed, as brotli (quality 11, the slowest and smallest: done once per build) and gzip
 * (level 9), so the server sends them as they are, from memory, with no work per request
 * (apps/api/src/plugins/web.ts).
 * Source maps, and files too small to gain, are left alone.
 */
export function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|css|svg|json|wasm)$/;
  const MIN_BYTES = 1024;
  return {
    name: 'pehnava:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName)) return;
          const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (body.length < MIN_BYTES) return;
          const path = join(outDir, file.fileName);
          await writeFile(
            `${path}.br`,
            brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
        }),
      );
    },
  };
}
