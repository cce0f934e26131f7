import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { HERO_IMAGE_SIZES } from '@pehnava/shared';
import { useHydrated } from '../../lib/hydration';
import { Link } from '../../lib/link';
import { Glyph } from '../../components/ui/glyph';
import { homeMessages } from '../../i18n/home';
import { useMessages } from '../../i18n/messages';
import { HERO_PROGRESS_STEP, HERO_SLIDES, HERO_TICK_MS } from './hero-slides';

/** Progress (of 100) at which the next slide's picture starts loading. */
const HALF_WAY = 50;
/** How long a slide shows: 100 % of progress, HERO_PROGRESS_STEP every HERO_TICK_MS. */
const SLIDE_MS = (100 / HERO_PROGRESS_STEP) * HERO_TICK_MS;

const arrowButton =
  'absolute top-1/2 z-10 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-maroon-900 shadow transition hover:bg-white focus-visible:outline-2 focus-visible:outline-white sm:inline-flex';

export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  // The slide's progress moves 50 times a slide: it is written straight onto its bar rather than
  // drawn by React each time, which would redraw the whole carousel every 100 ms.
  const progress = useRef(0);
  const bar = useRef<HTMLSpanElement>(null);
  const [halfWay, setHalfWay] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const count = HERO_SLIDES.length;
  const m = useMessages(homeMessages);
  const words = (i: number, part: 'Title' | 'Subtitle' | 'Description' | 'Tagline') =>
    m[`slide${i as 0 | 1 | 2 | 3 | 4}${part}`]();
  const nextIndex = (index + 1) % count;
  // Each slide's picture is fetched and drawn once it is shown or next in line (from half way
  // through the one before), not all five with the first load: they are large drawings, and
  // painting the four hidden ones cost the first load more than all its script.
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set([0]));
  const wanted = halfWay ? [index, nextIndex] : [index];
  if (wanted.some((i) => !drawn.has(i))) setDrawn(new Set([...drawn, ...wanted]));

  const showProgress = useCallback((value: number) => {
    progress.current = value;
    if (bar.current) bar.current.style.width = `${value}%`;
  }, []);

  // Until the app runs, the first slide's bar fills by a CSS animation (index.css), whose end
  // starts the app on a visit with no other sign of the shopper (build/start-after-paint.ts). Taking the page
  // over, the carousel goes on from where that animation stands (at its end, to the next slide),
  // and stays paused if the pointer came to rest over it before (no mouseenter comes then).
  const hydrated = useHydrated();
  const section = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const drawnBar = bar.current?.getAnimations()[0];
    const elapsed = Number(drawnBar?.currentTime ?? 0);
    if (elapsed > 0) showProgress(Math.min(100, (elapsed / SLIDE_MS) * 100));
    if (section.current?.matches(':hover')) setHovered(true);
  }, [showProgress]);
  const goTo = (next: number) => {
    showProgress(0);
    setHalfWay(false);
    setIndex(((next % count) + count) % count);
  };

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      const next = progress.current + HERO_PROGRESS_STEP;
      if (next >= 100) {
        showProgress(0);
        setHalfWay(false);
        setIndex((i) => (i + 1) % count);
        return;
      }
      showProgress(next);
      if (next >= HALF_WAY) setHalfWay(true);
    }, HERO_TICK_MS);
    return () => clearInterval(timer);
  }, [paused, count, showProgress]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') goTo(index + 1);
    else if (event.key === 'ArrowLeft') goTo(index - 1);
  };

  return (
    <section
      ref={section}
      aria-roledescription="carousel"
      aria-label={m.heroLabel()}
      className="relative overflow-hidden bg-maroon-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      data-testid="hero"
      data-paused={paused}
    >
      <div className="relative mx-auto max-w-[1600px]">
        {HERO_SLIDES.map((slide, i) => (
          <div
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={m.slideOf({ number: i + 1, count })}
            aria-hidden={i !== index}
            inert={i !== index}
            data-testid="hero-slide"
            data-active={i === index}
            className={`grid transition-opacity duration-700 md:block ${
              i === index ? 'relative opacity-100' : 'absolute inset-0 opacity-0'
            }`}
          >
            {drawn.has(i) ? (
              <img
                src={slide.image}
                srcSet={slide.srcSet}
                sizes={HERO_IMAGE_SIZES}
                alt=""
                width={1600}
                height={900}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
                className="aspect-[16/9] w-full object-cover md:max-h-[620px]"
              />
            ) : (
              <div className="aspect-[16/9] w-full md:max-h-[620px]" />
            )}
            <div className="bg-maroon-900 px-5 pb-14 pt-6 text-white md:absolute md:inset-y-0 md:left-0 md:flex md:w-[48%] md:flex-col md:justify-center md:bg-transparent md:px-14 md:pb-0 md:pt-0 lg:px-20">
              <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">
                {words(i, 'Subtitle')}
              </p>
              <h2 className="mt-2 font-display text-3xl leading-tight sm:text-4xl lg:text-6xl">
                {words(i, 'Title')}
              </h2>
              <p className="mt-3 max-w-md text-sm text-white/85 sm:text-base">
                {words(i, 'Description')}
              </p>
              <p className="mt-3 font-display text-lg italic text-gold-300">
                {words(i, 'Tagline')}
              </p>
              <Link
                to="/collection"
                tabIndex={i === index ? 0 : -1}
                className="mt-6 inline-flex w-fit items-center rounded-full bg-white px-6 py-3 text-sm font-semibold text-maroon-900 shadow transition hover:bg-gold-300"
              >
                {m.explore()}
              </Link>
            </div>
          </div>
        ))}

        <button
          type="button"
          className={`${arrowButton} left-4`}
          aria-label={m.previousSlide()}
          onClick={() => goTo(index - 1)}
        >
          <Glyph icon="chevronLeft" />
        </button>
        <button
          type="button"
          className={`${arrowButton} right-4`}
          aria-label={m.nextSlide()}
          onClick={() => goTo(index + 1)}
        >
          <Glyph icon="chevronRight" />
        </button>

        <div className="absolute inset-x-0 bottom-4 z-10 flex items-center justify-center gap-2">
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              aria-label={m.goToSlide({ number: i + 1, title: words(i, 'Title') })}
              aria-current={i === index}
              onClick={() => goTo(i)}
              className="relative h-2.5 overflow-hidden rounded-full bg-white/40 transition-all"
              style={{ width: i === index ? 40 : 10 }}
            >
              {i === index && (
                <span
                  ref={bar}
                  className={`absolute inset-y-0 left-0 bg-white ${hydrated ? '' : 'hero-first-turn'}`}
                  style={{ width: '0%', '--hero-slide-ms': `${SLIDE_MS}ms` } as CSSProperties}
                  data-testid="hero-progress"
                />
              )}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
