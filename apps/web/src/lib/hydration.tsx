import { SERVER_RENDER } from '@pehnava/shared';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

const noChanges = () => () => {};

/**
 * False while the server renders a page and while the app takes over a page the server rendered
 * (hydration: its first render must draw exactly what the server did); true from then on.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

/**
 * A page that depends on the shopper's session (kept in the browser, which the server does not
 * see): the server sends `fallback` in its place, and the page is drawn once the app has started,
 * so a signed-in shopper never sees a visitor's version of it first.
 */
export function AfterHydration({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  return useHydrated() ? children : fallback;
}

/** The name TakenOver reports under: the page's own part of the layout. */
const PAGE = 'page';
/** However the taking over goes, the page takes taps after this long. */
const TAKE_OVER_AT_MOST_MS = 5_000;

/** The parts of a drawn page not yet taken over, each with how many of it were drawn. */
const waiting = new Map<string, number>();

/** Set by the start script (build/start-after-paint.ts) on the element whose press started the app. */
const PRESSED = 'data-pressed-before-start';

function takeTaps(): void {
  waiting.clear();
  const root = document.getElementById('root');
  root?.removeAttribute('inert');
  root?.setAttribute(SERVER_RENDER.takenOverAttribute, '');
  replayPress();
}

/**
 * The press that started the app on a first visit fell on a page that had no handlers yet: once
 * the page is the app's, it is given again to its element (React keeps the drawn elements when it
 * takes a page over): a field is focused, anything else clicked, if the press was let go.
 */
function replayPress(): void {
  const pressed = document.querySelector<HTMLElement>(`[${PRESSED}]`);
  if (!pressed) return;
  const released = pressed.getAttribute(PRESSED) === 'released';
  pressed.removeAttribute(PRESSED);
  if (!released || !pressed.isConnected) return;
  if (pressed.matches('input:not([type=checkbox]):not([type=radio]), select, textarea')) {
    pressed.focus();
  } else {
    pressed.click();
  }
}

/**
 * A page the server drew is inert until the app has taken the whole of it over (the start script
 * made it so: a tap on a button with no handler yet would be lost). React takes the frame over
 * first and then each Suspense boundary in a pass of its own, a nested one after the one around
 * it; the page's own part reports with TakenOver, and each lazily loaded part drawn in it (the
 * server lists them, `parts`) as it mounts. When all have, the page is the app's and shows the
 * shopper's own state (their session, read as each part is taken over), and takes taps.
 */
export function awaitTakeOver(parts: readonly string[]): void {
  for (const name of [PAGE, ...parts]) waiting.set(name, (waiting.get(name) ?? 0) + 1);
  setTimeout(takeTaps, TAKE_OVER_AT_MOST_MS);
}

/** A part of a drawn page has been taken over (mounted); see awaitTakeOver. */
export function reportTakenOver(name: string): void {
  const left = waiting.get(name);
  if (left === undefined) return;
  if (left > 1) waiting.set(name, left - 1);
  else waiting.delete(name);
  if (waiting.size === 0) takeTaps();
}

/** Placed last in the page's own part (app/layout.tsx): reports it taken over. */
export function TakenOver() {
  useEffect(() => reportTakenOver(PAGE), []);
  return null;
}
