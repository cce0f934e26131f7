/**
 * A ref for a picture the server may have drawn, with its onError: a picture that failed before
 * the app took the page over fired its error event with nothing listening, so the app looks when
 * it attaches (loaded, yet no pixels: broken). A picture still loading is left to onError.
 */
export const whenAlreadyBroken =
  (onBroken: () => void) =>
  (img: HTMLImageElement | null): void => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) onBroken();
  };
