import { productPictureSrcSet } from '@pehnava/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useMessages } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { whenAlreadyBroken } from '../../lib/broken-image';

/** The main image with a row (or, on wide screens, a column) of thumbnails to choose it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const m = useMessages(productMessages);
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const markFailed = (src: string) => setFailed((f) => new Set(f).add(src));
  const main = images[selected];

  return (
    <div className="flex flex-col gap-3 lg:flex-row-reverse">
      <div className="relative aspect-[3/4] w-full overflow-hidden rounded-2xl bg-maroon-50 ring-1 ring-black/5">
        {main && !failed.has(main) ? (
          <img
            src={main}
            alt={m.imageOf({ name, number: selected + 1, count: images.length })}
            width={600}
            height={800}
            fetchPriority="high"
            data-testid="main-image"
            onError={() => markFailed(main)}
            ref={whenAlreadyBroken(() => markFailed(main))}
            className="h-full w-full object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={m.imageUnavailableOf({ name })}
            data-testid="main-image-placeholder"
            className="flex h-full w-full flex-col items-center justify-center gap-2 text-maroon-700/60"
          >
            <ImageOff size={40} aria-hidden />
            <span className="text-sm">{m.imageUnavailable()}</span>
          </div>
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label={m.productImages()} className="flex shrink-0 gap-3 lg:w-20 lg:flex-col">
          {images.map((src, index) => (
            <li key={src} className="w-16 sm:w-20">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={m.showImage({ number: index + 1, count: images.length })}
                aria-current={index === selected}
                className={`block aspect-[3/4] w-full overflow-hidden rounded-lg bg-maroon-50 ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
                  index === selected
                    ? 'ring-maroon-700'
                    : 'ring-transparent hover:ring-maroon-700/40'
                }`}
              >
                {failed.has(src) ? (
                  <ImageOff size={18} aria-hidden className="mx-auto text-maroon-700/50" />
                ) : (
                  <img
                    src={src}
                    srcSet={productPictureSrcSet(src)}
                    sizes="80px"
                    alt=""
                    width={600}
                    height={800}
                    loading="lazy"
                    onError={() => markFailed(src)}
                    ref={whenAlreadyBroken(() => markFailed(src))}
                    className="h-full w-full object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
