import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToken } from '../lib/session';
import { code128Bars } from './code128';
import { Link } from '../lib/link';
import { newTagsQuery, unitActions, unitsQuery } from './api';
import { useAction } from './use-action';
import { Failed, Loading, PRIMARY, SECONDARY, ScreenTitle, useConsoleTitle } from './ui';

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

/** A piece as its tag shows it. */
interface Piece {
  code: string;
  size: string;
  name: string;
}

/**
 * /admin/tags?product=&code=&layout= or /admin/tags?new=1: printed tags for a product's pieces
 * (or the one piece `code`), or for every new piece (those whose tags were never printed), each a
 * Code 128 barcode of the tag code with the code, the product and the size, on A4 label sheets or
 * 50 × 25 mm thermal labels. Once they are stuck on, "Mark as printed" takes them off the new
 * pieces' list.
 */
export function TagsScreen() {
  useConsoleTitle('Print tags');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const everyNew = params.get('new') === '1';
  const productId = everyNew ? '' : (params.get('product') ?? '');
  const code = params.get('code')?.trim().toUpperCase() ?? '';
  // Kept here as well as in the address: the choice shows at the tap, not when the router's
  // navigation (a transition) has caught up.
  const [layout, setLayout] = useState<Layout>(() =>
    params.get('layout') === 'thermal' ? 'thermal' : 'a4',
  );
  const units = useQuery({ ...unitsQuery(token, productId), enabled: productId !== '' });
  const fresh = useQuery({ ...newTagsQuery(token), enabled: everyNew });
  if (!productId && !everyNew) {
    return (
      <p>
        Choose a product in Units to print its tags, or print{' '}
        <Link to="/admin/tags?new=1" className="font-medium text-maroon-700 underline">
          every new piece&rsquo;s tag
        </Link>
        .
      </p>
    );
  }
  const query = everyNew ? fresh : units;
  if (query.isPending) return <Loading label="Preparing the tags" />;
  if (query.isError) {
    return <Failed message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  let title: string;
  let pieces: Piece[];
  let empty: string;
  let more = 0;
  if (everyNew) {
    const data = fresh.data!;
    title = 'Tags for new pieces';
    pieces = data.units.map((unit) => ({ code: unit.code, size: unit.size, name: unit.name }));
    more = data.total - data.units.length;
    empty = 'Every piece has its tag: none is new.';
  } else {
    const { product, units: all } = units.data!;
    title = `Tags for ${code || product.name}`;
    pieces = all
      .filter((unit) => unit.state !== 'retired' && (!code || unit.code === code))
      .map((unit) => ({ code: unit.code, size: unit.size, name: product.name }));
    empty = code
      ? `No piece of ${product.name} has the code ${code}.`
      : 'This product has no pieces in use.';
  }
  const chosen = LAYOUTS[layout];
  return (
    <>
      <style>{chosen.page}</style>
      <div className="console-no-print">
        <ScreenTitle title={title}>
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
        {pieces.length === 0 ? (
          <p role={everyNew ? 'status' : 'alert'} className={everyNew ? '' : 'text-red-800'}>
            {empty}
          </p>
        ) : (
          <MarkPrinted codes={pieces.map((piece) => piece.code)} more={more} />
        )}
      </div>
      <div className={`flex flex-wrap gap-3 print:gap-0 ${chosen.sheet}`}>
        {pieces.map((piece) => (
          <Tag key={piece.code} piece={piece} className={chosen.tag} />
        ))}
      </div>
    </>
  );
}

/**
 * Once the labels are printed and stuck on, the packer says so: the pieces leave the new
 * pieces' list (the browser cannot tell whether a print went through, so it is never assumed).
 */
function MarkPrinted({ codes, more }: { codes: string[]; more: number }) {
  const client = useQueryClient();
  const [said, setSaid] = useState<{ tone: 'ok' | 'refused'; text: string }>();
  const mark = useAction({
    mutationFn: () => unitActions.tagsPrinted(codes),
    onSuccess: (answer) => {
      setSaid({ tone: 'ok', text: answer.message });
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) => setSaid({ tone: 'refused', text: error.message }),
  });
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 text-sm text-stone-800">
      <button
        type="button"
        className={SECONDARY}
        disabled={mark.isPending}
        onClick={() => mark.mutate()}
      >
        <CheckCheck size={16} aria-hidden />
        Mark {codes.length === 1 ? 'it' : `these ${codes.length}`} as printed
      </button>
      {more > 0 && <span>{more} more new pieces follow once these are marked.</span>}
      {said && (
        <p
          role={said.tone === 'ok' ? 'status' : 'alert'}
          className={said.tone === 'ok' ? 'text-green-800' : 'text-red-800'}
        >
          {said.text}
        </p>
      )}
    </div>
  );
}

function Tag({ piece, className }: { piece: Piece; className: string }) {
  const { bars, modules } = code128Bars(piece.code);
  return (
    <figure
      aria-label={`Tag ${piece.code}`}
      className={`flex flex-col justify-between overflow-hidden bg-white text-black ring-1 ring-stone-300 print:ring-0 ${className}`}
    >
      <svg
        role="img"
        aria-label={`Barcode of ${piece.code}`}
        viewBox={`0 0 ${modules} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="h-[55%] w-full"
      >
        <path d={bars.map(([x, width]) => `M${x} 0h${width}v1h-${width}z`).join('')} />
      </svg>
      <figcaption className="leading-tight">
        <span className="block font-mono text-[3.2mm] font-semibold tracking-wide">
          {piece.code}
        </span>
        <span className="block truncate text-[2.6mm]">
          {piece.name} · size {piece.size}
        </span>
      </figcaption>
    </figure>
  );
}
