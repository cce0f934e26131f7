import { useQuery } from '@tanstack/react-query';
import type { Unit } from '@pehnava/shared';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToken } from '../lib/session';
import { code128Bars } from './code128';
import { unitsQuery } from './api';
import { Failed, Loading, PRIMARY, ScreenTitle, useConsoleTitle } from './ui';

/** The label stocks the tags print on, and how a page of each is laid out. */
const LAYOUTS = {
  a4: {
    label: 'A4 sheet, 24 labels of 70 × 37 mm',
    page: '@page { size: A4; margin: 0 }',
    sheet: 'print:grid print:w-[210mm] print:grid-cols-[repeat(3,70mm)] print:auto-rows-[37mm]',
    tag: 'w-[70mm] h-[37mm] px-[4mm] py-[3mm] print:[&:nth-child(24n)]:break-after-page',
  },
  thermal: {
    label: 'Thermal labels, 50 × 25 mm',
    page: '@page { size: 50mm 25mm; margin: 0 }',
    sheet: 'print:block',
    tag: 'w-[50mm] h-[25mm] px-[1.5mm] py-[1mm] print:break-after-page',
  },
} as const;
type Layout = keyof typeof LAYOUTS;

/**
 * /admin/tags?product=&code=&layout=: printed tags for a product's pieces (or the one piece
 * `code`), each a Code 128 barcode of the tag code with the code, the product and the size, on
 * A4 label sheets or 50 × 25 mm thermal labels.
 */
export function TagsScreen() {
  useConsoleTitle('Print tags');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const productId = params.get('product') ?? '';
  const code = params.get('code')?.trim().toUpperCase() ?? '';
  // Kept here as well as in the address: the choice shows at the tap, not when the router's
  // navigation (a transition) has caught up.
  const [layout, setLayout] = useState<Layout>(() =>
    params.get('layout') === 'thermal' ? 'thermal' : 'a4',
  );
  const units = useQuery({ ...unitsQuery(token, productId), enabled: productId !== '' });
  if (!productId) return <p>Choose a product in Units to print its tags.</p>;
  if (units.isPending) return <Loading label="Preparing the tags" />;
  if (units.isError) {
    return <Failed message={units.error.message} onRetry={() => void units.refetch()} />;
  }
  const { product } = units.data;
  const pieces = units.data.units.filter(
    (unit) => unit.state !== 'retired' && (!code || unit.code === code),
  );
  const chosen = LAYOUTS[layout];
  return (
    <>
      <style>{chosen.page}</style>
      <div className="console-no-print">
        <ScreenTitle title={`Tags for ${code || product.name}`}>
          <button
            type="button"
            className={PRIMARY}
            onClick={() => window.print()}
            disabled={pieces.length === 0}
          >
            <Printer size={16} aria-hidden />
            Print {pieces.length} {pieces.length === 1 ? 'tag' : 'tags'}
          </button>
        </ScreenTitle>
        <fieldset className="mb-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-800">
          <legend className="sr-only">Labels</legend>
          {(Object.keys(LAYOUTS) as Layout[]).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="layout"
                className="size-4 accent-maroon-700"
                checked={layout === option}
                onChange={() => {
                  setLayout(option);
                  const next = new URLSearchParams(params);
                  next.set('layout', option);
                  setParams(next, { replace: true });
                }}
              />
              {LAYOUTS[option].label}
            </label>
          ))}
        </fieldset>
        {pieces.length === 0 && (
          <p role="alert" className="text-red-800">
            {code
              ? `No piece of ${product.name} has the code ${code}.`
              : 'This product has no pieces in use.'}
          </p>
        )}
      </div>
      <div className={`flex flex-wrap gap-3 print:gap-0 ${chosen.sheet}`}>
        {pieces.map((unit) => (
          <Tag key={unit.code} unit={unit} name={product.name} className={chosen.tag} />
        ))}
      </div>
    </>
  );
}

function Tag({ unit, name, className }: { unit: Unit; name: string; className: string }) {
  const { bars, modules } = code128Bars(unit.code);
  return (
    <figure
      aria-label={`Tag ${unit.code}`}
      className={`flex flex-col justify-between overflow-hidden bg-white text-black ring-1 ring-stone-300 print:ring-0 ${className}`}
    >
      <svg
        role="img"
        aria-label={`Barcode of ${unit.code}`}
        viewBox={`0 0 ${modules} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="h-[55%] w-full"
      >
        <path d={bars.map(([x, width]) => `M${x} 0h${width}v1h-${width}z`).join('')} />
      </svg>
      <figcaption className="leading-tight">
        <span className="block font-mono text-[3.2mm] font-semibold tracking-wide">
          {unit.code}
        </span>
        <span className="block truncate text-[2.6mm]">
          {name} · size {unit.size}
        </span>
      </figcaption>
    </figure>
  );
}
