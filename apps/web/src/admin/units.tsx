import { useQuery } from '@tanstack/react-query';
import { addDays, todayInIndia, type Unit } from '@pehnava/shared';
import { ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { shopProductsQuery, unitsQuery } from './api';
import { BlockForm } from './unit-blocks';
import { UtilisationPanel } from './utilisation';
import {
  Badge,
  Failed,
  INPUT,
  LABEL,
  Loading,
  Panel,
  SECONDARY,
  ScreenTitle,
  shortDay,
  useConsoleTitle,
} from './ui';

/** Days the planner shows at once. */
const WINDOW_DAYS = 28;

const STATE_TONES: Record<Unit['state'], string> = {
  'in-service': 'bg-green-100 text-green-900',
  out: 'bg-indigo-100 text-indigo-900',
  cleaning: 'bg-sky-100 text-sky-900',
  repair: 'bg-amber-100 text-amber-900',
  retired: 'bg-stone-200 text-stone-800',
};

/**
 * /admin/units?product=&from=: per product and size, each piece's next four weeks (holds, the
 * booking it is out with, maintenance blocks) with blocks added and lifted in place; without a
 * product, the pick of one and every product's utilisation over a chosen period.
 */
export function UnitsScreen() {
  useConsoleTitle('Units');
  const [params, setParams] = useSearchParams();
  const productId = params.get('product') ?? '';
  const today = todayInIndia(new Date());
  const from = params.get('from') ?? today;
  const set = (next: Record<string, string | undefined>) => {
    const merged = {
      product: productId || undefined,
      from: params.get('from') ?? undefined,
      ...next,
    };
    setParams(Object.entries(merged).filter((e): e is [string, string] => Boolean(e[1])));
  };
  return (
    <>
      <ScreenTitle title="Units">
        <Link to="/admin/tags?new=1" className={SECONDARY}>
          <Printer size={16} aria-hidden />
          Tags for new pieces
        </Link>
      </ScreenTitle>
      <ProductPicker selected={productId} onPick={(id) => set({ product: id })} />
      {productId ? (
        <Planner
          productId={productId}
          from={from}
          onMove={(days) => set({ from: addDays(from, days) })}
        />
      ) : (
        <UtilisationPanel />
      )}
    </>
  );
}

function ProductPicker({ selected, onPick }: { selected: string; onPick: (id: string) => void }) {
  const list = useQuery(shopProductsQuery());
  const [q, setQ] = useState('');
  const found = useMemo(() => {
    const needle = q.trim().toLowerCase();
    if (!needle || !list.data) return [];
    return list.data.products
      .filter(
        (p) => p.name.toLowerCase().includes(needle) || p.productId.toLowerCase().includes(needle),
      )
      .slice(0, 8);
  }, [q, list.data]);
  const current = list.data?.products.find((p) => p._id === selected);
  return (
    <div className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <label htmlFor="units-product" className={LABEL}>
        Product (name or code)
      </label>
      <input
        id="units-product"
        type="search"
        className={`${INPUT} mt-1.5`}
        value={q}
        placeholder={current ? `${current.name} · ${current.productId}` : 'PHN-LEH-0001 or Lehenga'}
        onChange={(event) => setQ(event.target.value)}
        aria-describedby={list.isError ? 'units-product-error' : undefined}
      />
      {list.isError && (
        <p id="units-product-error" role="alert" className="mt-2 text-sm text-red-800">
          {list.error.message}
        </p>
      )}
      {found.length > 0 && (
        <ul
          className="mt-2 divide-y divide-stone-200 rounded-lg ring-1 ring-stone-200"
          aria-label="Matching products"
        >
          {found.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left text-sm hover:bg-maroon-50"
                onClick={() => {
                  onPick(p._id);
                  setQ('');
                }}
              >
                <span>{p.name}</span>
                <span className="font-mono text-xs text-stone-600">{p.productId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Planner({
  productId,
  from,
  onMove,
}: {
  productId: string;
  from: string;
  onMove: (days: number) => void;
}) {
  const token = useToken() ?? '';
  const units = useQuery(unitsQuery(token, productId));
  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(from, i));
  if (units.isPending) return <Loading label="Loading the pieces" />;
  if (units.isError)
    return <Failed message={units.error.message} onRetry={() => void units.refetch()} />;
  const bySize = new Map<string, Unit[]>();
  for (const unit of units.data.units)
    bySize.set(unit.size, [...(bySize.get(unit.size) ?? []), unit]);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold text-stone-900">
          {units.data.product.name}{' '}
          <span className="font-mono text-sm text-stone-600">{units.data.product.productId}</span>
        </h2>
        <Link to={`/admin/tags?product=${encodeURIComponent(productId)}`} className={SECONDARY}>
          <Printer size={16} aria-hidden />
          Print tags
        </Link>
        <button type="button" className={SECONDARY} onClick={() => onMove(-14)}>
          <ChevronLeft size={16} aria-hidden />
          Earlier
        </button>
        <span className="text-sm text-stone-700">
          {shortDay(days[0]!)} to {shortDay(days.at(-1)!)}
        </span>
        <button type="button" className={SECONDARY} onClick={() => onMove(14)}>
          Later
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
      <Legend />
      <div className="space-y-5">
        {[...bySize].map(([size, pieces]) => (
          <Panel key={size} title={`Size ${size}`} count={pieces.length}>
            <Timeline units={pieces} days={days} productId={productId} />
          </Panel>
        ))}
      </div>
    </>
  );
}

function Legend() {
  const items = [
    ['bg-indigo-600', 'out with a shopper'],
    ['bg-maroon-700', 'booked'],
    ['bg-red-600', 'booked, at risk'],
    ['bg-stone-400', 'maintenance block'],
  ];
  return (
    <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-label="Legend">
      {items.map(([tone, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className={`inline-block h-3 w-5 rounded-sm ${tone}`} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}

interface Segment {
  from: number;
  span: number;
  tone: string;
  label: string;
  href?: string;
}

/** A unit's holds and blocks as runs of days within the window. */
function segmentsOf(unit: Unit, days: string[]): Segment[] {
  const first = days[0]!;
  const last = days.at(-1)!;
  const segments: Segment[] = [];
  const place = (start: string, end: string, tone: string, label: string, href?: string) => {
    if (end < first || start > last) return;
    const a = days.indexOf(start < first ? first : start);
    const b = days.indexOf(end > last ? last : end);
    segments.push({ from: a, span: b - a + 1, tone, label, ...(href ? { href } : {}) });
  };
  for (const hold of [...(unit.current ? [unit.current] : []), ...unit.upcoming]) {
    const tone =
      hold.dispatchedAt && !hold.returnedAt
        ? 'bg-indigo-600'
        : hold.atRisk
          ? 'bg-red-600'
          : 'bg-maroon-700';
    place(
      hold.blockedFrom,
      hold.blockedUntil,
      tone,
      `#${hold.bookingNumber}`,
      `/admin/bookings/${hold.bookingId}`,
    );
  }
  for (const block of unit.blocks) place(block.from, block.to, 'bg-stone-400', block.reason);
  return segments.sort((x, y) => x.from - y.from);
}

function Timeline({
  units,
  days,
  productId,
}: {
  units: Unit[];
  days: string[];
  productId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-max min-w-full border-collapse text-xs">
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-semibold"
            >
              Piece
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className="w-7 px-0 py-2 text-center font-normal text-stone-600"
              >
                <span className="block">{Number(day.slice(8))}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {units.map((unit) => (
            <UnitRow key={unit.code} unit={unit} days={days} productId={productId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UnitRow({ unit, days, productId }: { unit: Unit; days: string[]; productId: string }) {
  const segments = segmentsOf(unit, days);
  const cells: ReactNode[] = [];
  for (let i = 0; i < days.length;) {
    const segment = segments.find((s) => s.from === i);
    if (segment) {
      cells.push(
        <td key={i} colSpan={segment.span} className="px-0 py-1.5">
          <span
            className={`mx-px flex h-7 items-center overflow-hidden rounded px-1 text-[0.7rem] font-semibold whitespace-nowrap text-white ${segment.tone}`}
            title={segment.label}
          >
            {segment.href ? (
              <Link to={segment.href} className="underline-offset-2 hover:underline">
                {segment.label}
              </Link>
            ) : (
              segment.label
            )}
          </span>
        </td>,
      );
      i += segment.span;
    } else {
      cells.push(<td key={i} className="border-l border-stone-100 px-0 py-1.5" />);
      i += 1;
    }
  }
  return (
    <tr className="border-t border-stone-200 align-top">
      <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-normal">
        <span className="block font-mono font-semibold">{unit.code}</span>
        <Badge tone={STATE_TONES[unit.state]}>{unit.state}</Badge>{' '}
        <Link
          to={`/admin/tags?product=${encodeURIComponent(productId)}&code=${encodeURIComponent(unit.code)}`}
          className="text-sm font-medium text-maroon-700 underline-offset-4 hover:underline"
          aria-label={`Print the tag of ${unit.code}`}
        >
          Tag
        </Link>
        <BlockForm unit={unit} />
      </th>
      {cells}
    </tr>
  );
}
