import { ArrowLeft, ArrowRight, ImagePlus, Loader2, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { MAX_PRODUCT_IMAGES } from '@pehnava/shared';
import { uploadImage } from './catalogue-api';

/**
 * A product's photos: dropped or chosen (several at once), each uploaded and cropped by the
 * server, then put in order by dragging or with the arrow buttons (the keyboard's way); the
 * first is the one cards show.
 */
export function ImagePicker({
  images,
  onChange,
}: {
  images: string[];
  onChange: (next: string[]) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number>();
  // The latest list, for uploads that finish after others changed it.
  const current = useRef(images);
  current.current = images;

  const add = async (files: FileList | File[]) => {
    const chosen = [...files].slice(0, MAX_PRODUCT_IMAGES - current.current.length);
    setErrors([]);
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const { url } = await uploadImage(file);
        if (!current.current.includes(url)) onChange([...current.current, url]);
      } catch (error) {
        setErrors((was) => [...was, `${file.name}: ${(error as Error).message}`]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void add(event.dataTransfer.files);
  };

  return (
    <div>
      <ol
        className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6"
        aria-label="Photos in order"
      >
        {images.map((url, index) => (
          <li
            key={url}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              event.stopPropagation();
              if (dragged !== undefined) move(dragged, index);
              setDragged(undefined);
            }}
            className="relative overflow-hidden rounded-lg bg-maroon-50 ring-1 ring-black/10"
          >
            <img
              src={url}
              alt={`Photo ${index + 1}${index === 0 ? ' (shown on cards)' : ''}`}
              width={150}
              height={200}
              className="aspect-[3/4] w-full object-cover"
            />
            {index === 0 && (
              <span className="absolute left-1 top-1 rounded bg-maroon-900 px-1.5 py-0.5 text-[0.7rem] font-semibold text-white">
                Cover
              </span>
            )}
            <div className="flex justify-between bg-white/95">
              <button
                type="button"
                className="flex h-11 w-11 items-center justify-center text-stone-700 hover:text-maroon-700 disabled:opacity-40"
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move photo ${index + 1} earlier`}
              >
                <ArrowLeft size={16} aria-hidden />
              </button>
              <button
                type="button"
                className="flex h-11 w-11 items-center justify-center text-red-800 hover:bg-red-50"
                onClick={() => onChange(images.filter((u) => u !== url))}
                aria-label={`Remove photo ${index + 1}`}
              >
                <X size={16} aria-hidden />
              </button>
              <button
                type="button"
                className="flex h-11 w-11 items-center justify-center text-stone-700 hover:text-maroon-700 disabled:opacity-40"
                onClick={() => move(index, index + 1)}
                disabled={index === images.length - 1}
                aria-label={`Move photo ${index + 1} later`}
              >
                <ArrowRight size={16} aria-hidden />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {images.length < MAX_PRODUCT_IMAGES && (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          className={`mt-3 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm ${
            over ? 'border-maroon-700 bg-maroon-50' : 'border-stone-300 bg-white'
          }`}
        >
          {uploading > 0 ? (
            <span role="status" className="flex items-center gap-2 text-stone-700">
              <Loader2 size={16} className="animate-spin" aria-hidden />
              Uploading {uploading} {uploading === 1 ? 'photo' : 'photos'}…
            </span>
          ) : (
            <ImagePlus size={24} className="text-maroon-700" aria-hidden />
          )}
          <span className="text-stone-700">
            Drop photos here (JPEG, PNG, WebP, AVIF; at least 600 px wide)
          </span>
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:border-maroon-700 focus-within:outline-2 focus-within:outline-maroon-700"
          >
            Choose photos
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            multiple
            className="sr-only"
            onChange={(event) => {
              if (event.target.files) void add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
      )}
      {errors.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-800">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
