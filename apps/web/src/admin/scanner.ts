import { useEffect, type MouseEvent, type RefObject } from 'react';

/*
 * The packing table's tag field, made for a handheld scanner: it types a whole code and Enter
 * into whatever has the focus, whenever the next piece is in hand. Taps on the screen's buttons
 * leave the focus in the tag field (keepFocus), and keys typed while a button has it go into the
 * tag field anyway (useScannerKeys), so no scan is lost to a button.
 */

/** Whether keys typed at `target` are its own (a text field), rather than the tag field's. */
const takesTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !['button', 'submit', 'checkbox', 'radio', 'reset'].includes(target.type)));

/** A tap (mouse or touch) that must not take the focus from the tag field. */
export const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * While mounted: a character typed where no text field has the focus is added to the tag field
 * (`onType`, with the field focused), and Enter there looks up what the field holds (`onEnter`).
 */
export function useScannerKeys(
  field: RefObject<HTMLInputElement | null>,
  onType: (key: string) => void,
  onEnter: (typed: string) => void,
) {
  useEffect(() => {
    const redirect = (event: KeyboardEvent) => {
      const input = field.current;
      if (!input || event.target === input || takesTyping(event.target)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1 && event.key !== ' ') {
        event.preventDefault();
        onType(event.key);
        input.focus();
      } else if (event.key === 'Enter' && input.value.trim() !== '') {
        event.preventDefault();
        onEnter(input.value);
      }
    };
    document.addEventListener('keydown', redirect, true);
    return () => document.removeEventListener('keydown', redirect, true);
  });
}

let audio: AudioContext | undefined;

/**
 * A sound for a scan: a short high blip when it was taken, two low buzzes when it was refused,
 * loud enough to hear across a packing table. Silent where the browser has no audio.
 */
export function scanSound(kind: 'ok' | 'refused') {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    const tones =
      kind === 'ok'
        ? [{ at: 0, hz: 1320, for: 0.08 }]
        : [0, 0.22].map((at) => ({ at, hz: 220, for: 0.16 }));
    for (const tone of tones) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = kind === 'ok' ? 'sine' : 'square';
      oscillator.frequency.value = tone.hz;
      gain.gain.value = kind === 'ok' ? 0.2 : 0.35;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + tone.at);
      oscillator.stop(start + tone.at + tone.for);
    }
  } catch {
    // No audio here: the colour and the message still say it.
  }
}
