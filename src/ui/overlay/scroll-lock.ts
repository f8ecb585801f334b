/**
 * Page scroll lock shared by every overlay and modal: the first lock hides the page's
 * scrollbar (keeping its width as padding so content does not jump), the last unlock
 * restores it. Reference-counted, so nested overlays compose.
 */
let count = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const { body, documentElement } = document;
  if (count === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    count -= 1;
    if (count === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}

/** Number of overlays holding the lock (for tests and debugging). */
export function scrollLockCount(): number {
  return count;
}
