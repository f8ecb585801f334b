import { cleanUrl } from '#storefront/runtime/escape.ts';

/**
 * Catalog URLs checked at import as the storefront checks them at render (one rule, in
 * storefront/runtime/escape.ts): an offer link must parse to http(s) (or be relative), a picture
 * may also be an image data URL. What passes is stored as the browser will read it.
 */
export function offerLink(text: string): string | null {
  return cleanUrl(text, 'link');
}

/** The safe pictures of an offer, and how many were dropped. */
export function offerPictures(pictures: readonly string[]): { kept: string[]; dropped: number } {
  const kept: string[] = [];
  for (const picture of pictures) {
    const url = cleanUrl(picture, 'picture');
    if (url !== null) kept.push(url);
  }
  return { kept, dropped: pictures.length - kept.length };
}

/* Why a link or pictures were refused: unsafeLink and droppedPictures in ./problems.ts. */
