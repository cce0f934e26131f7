import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from './use-action';
import { type AdminProduct, type AdminProductBody } from '@pehnava/shared';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../lib/link';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { productQuery, saveProduct } from './catalogue-api';
import { ImagePicker } from './image-picker';
import { Check, Filters, Sizes, Text, type FilterDraft, type SizeDraft } from './product-fields';
import {
  Failed,
  INPUT,
  LABEL,
  Loading,
  PRIMARY,
  Panel,
  SECONDARY,
  ScreenTitle,
  useConsoleTitle,
} from './ui';

const PRICES = [
  ['twoDayRentalPrice', '2 days'],
  ['fourDayRentalPrice', '4 days'],
  ['sevenDayRentalPrice', '7 days'],
  ['fourteenDayRentalPrice', '14 days'],
] as const;

/** The form's state: prices as typed; sizes already saved cannot be removed. */
interface Draft {
  productId: string;
  name: string;
  description: string;
  condition: string;
  mrp: string;
  twoDayRentalPrice: string;
  fourDayRentalPrice: string;
  sevenDayRentalPrice: string;
  fourteenDayRentalPrice: string;
  bestseller: boolean;
  isAvailable: boolean;
  sizes: SizeDraft[];
  filters: FilterDraft[];
  images: string[];
}

const EMPTY: Draft = {
  productId: '',
  name: '',
  description: '',
  condition: 'New, dry-cleaned and checked',
  mrp: '',
  twoDayRentalPrice: '',
  fourDayRentalPrice: '',
  sevenDayRentalPrice: '',
  fourteenDayRentalPrice: '',
  bestseller: false,
  isAvailable: true,
  sizes: [{ size: 'M', available: true, units: 1, saved: null }],
  filters: [{ type: 'category', value: '' }],
  images: [],
};

const draftOf = (p: AdminProduct): Draft => ({
  productId: p.productId,
  name: p.name,
  description: p.description,
  condition: p.condition,
  mrp: String(p.mrp),
  twoDayRentalPrice: String(p.twoDayRentalPrice),
  fourDayRentalPrice: String(p.fourDayRentalPrice),
  sevenDayRentalPrice: String(p.sevenDayRentalPrice),
  fourteenDayRentalPrice: String(p.fourteenDayRentalPrice),
  bestseller: p.bestseller,
  isAvailable: p.isAvailable,
  sizes: p.sizes.map((s) => ({ ...s, saved: s.units })),
  filters: p.filters,
  images: p.images,
});

/** /admin/catalogue/new and /admin/catalogue/{id}. */
export function ProductEditorScreen() {
  const { id } = useParams();
  const token = useToken() ?? '';
  const existing = useQuery({ ...productQuery(token, id ?? ''), enabled: Boolean(id) });
  useConsoleTitle(id ? (existing.data?.name ?? 'Product') : 'New product');
  if (id && existing.isPending) return <Loading label="Loading the product" />;
  if (id && existing.isError) {
    return <Failed message={existing.error.message} onRetry={() => void existing.refetch()} />;
  }
  const product = existing.data;
  // Remounted on a newer version, so the form shows what was saved.
  return <Editor key={product?.version ?? 'new'} product={product} />;
}

function Editor({ product }: { product: AdminProduct | undefined }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(product ? draftOf(product) : EMPTY);
  const [error, setError] = useState<string>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((was) => ({ ...was, [key]: value }));

  const save = useAction({
    mutationFn: () => {
      const body: AdminProductBody = {
        productId: draft.productId,
        name: draft.name,
        description: draft.description,
        condition: draft.condition,
        mrp: Number(draft.mrp),
        twoDayRentalPrice: Number(draft.twoDayRentalPrice),
        fourDayRentalPrice: Number(draft.fourDayRentalPrice),
        sevenDayRentalPrice: Number(draft.sevenDayRentalPrice),
        fourteenDayRentalPrice: Number(draft.fourteenDayRentalPrice),
        bestseller: draft.bestseller,
        isAvailable: draft.isAvailable,
        sizes: draft.sizes.map(({ size, available, units }) => ({ size, available, units })),
        filters: draft.filters.filter((f) => f.type.trim() && f.value.trim()),
        images: draft.images,
        ...(product ? { version: product.version } : {}),
      };
      return saveProduct(product?._id, body);
    },
    onSuccess: (answer) => {
      notify.success(answer.message ?? 'Saved');
      void client.invalidateQueries({ queryKey: ['console'] });
      if (!product) void navigate(`/admin/catalogue/${answer.product._id}`, { replace: true });
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.message : 'The product was not saved'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Link
        to="/admin/catalogue"
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-maroon-700"
      >
        <ArrowLeft size={16} aria-hidden />
        Catalogue
      </Link>
      <ScreenTitle title={product ? product.name : 'New product'}>
        {product && (
          <a
            href={`/product/${product._id}`}
            target="_blank"
            rel="noreferrer"
            className={SECONDARY}
          >
            <ExternalLink size={16} aria-hidden />
            View in the shop
          </a>
        )}
      </ScreenTitle>
      <div className="grid items-start gap-5 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-5">
          <Panel title="Details">
            <div className="grid gap-4 px-4 py-4 sm:grid-cols-2">
              <Text
                label="Code"
                value={draft.productId}
                onChange={(v) => set('productId', v.toUpperCase())}
                mono
              />
              <Text label="Name" value={draft.name} onChange={(v) => set('name', v)} />
              <div className="sm:col-span-2">
                <label htmlFor="product-description" className={LABEL}>
                  Description
                </label>
                <textarea
                  id="product-description"
                  rows={4}
                  className={`${INPUT} mt-1.5 py-2`}
                  value={draft.description}
                  onChange={(event) => set('description', event.target.value)}
                />
              </div>
              <Text
                label="Condition"
                value={draft.condition}
                onChange={(v) => set('condition', v)}
              />
              <div className="flex flex-wrap items-end gap-4">
                <Check
                  label="Shown in the shop"
                  checked={draft.isAvailable}
                  onChange={(v) => set('isAvailable', v)}
                />
                <Check
                  label="Bestseller"
                  checked={draft.bestseller}
                  onChange={(v) => set('bestseller', v)}
                />
              </div>
            </div>
          </Panel>
          <Panel title="Photos" count={draft.images.length}>
            <div className="px-4 py-4">
              <ImagePicker images={draft.images} onChange={(next) => set('images', next)} />
            </div>
          </Panel>
          <Panel title="Filters">
            <Filters filters={draft.filters} onChange={(next) => set('filters', next)} />
          </Panel>
        </div>
        <div className="space-y-5">
          <Panel title="Prices (₹)">
            <div className="grid grid-cols-2 gap-4 px-4 py-4">
              <div className="col-span-2">
                <Text label="MRP" value={draft.mrp} onChange={(v) => set('mrp', v)} numeric />
                <p className="mt-1 text-sm text-stone-700" aria-live="polite">
                  {product
                    ? `Tier: ${product.categoryLabel}. A new MRP may change it when saved.`
                    : 'The tier (Premium, Royal or Luxury) follows from the MRP when saved.'}
                </p>
              </div>
              {PRICES.map(([key, label]) => (
                <Text
                  key={key}
                  label={label}
                  value={draft[key]}
                  onChange={(v) => set(key, v)}
                  numeric
                />
              ))}
            </div>
          </Panel>
          <Panel title="Sizes and pieces">
            <Sizes sizes={draft.sizes} onChange={(next) => set('sizes', next)} />
          </Panel>
          <div className="console-no-print sticky bottom-16 rounded-xl bg-white p-4 shadow-lg ring-1 ring-black/10 sm:bottom-4">
            {error && (
              <p role="alert" className="mb-3 text-sm text-red-800">
                {error}
              </p>
            )}
            <button type="submit" className={`${PRIMARY} w-full`} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
