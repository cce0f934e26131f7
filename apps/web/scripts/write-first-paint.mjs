// Part of `npm run build -w @pehnava/web`: renders src/first-paint.tsx (built for Node into
// dist-ssr by the step before) and writes dist/first-paint.json for the server.
import { writeFileSync } from 'node:fs';

const { renderFirstPaints } = await import(new URL('../dist-ssr/first-paint.js', import.meta.url));
const paints = renderFirstPaints();
writeFileSync(new URL('../dist/first-paint.json', import.meta.url), JSON.stringify(paints));
console.log(
  `first paint: ${Object.entries(paints)
    .map(([name, html]) => `${name} ${html.length} B`)
    .join(', ')}`,
);
