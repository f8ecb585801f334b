/** Entry of the preview frame (studio-preview.html), built as a classic script: see vite.config.ts. */
import { createPreviewGuest } from '../bridge/guest.ts';
import { startPreviewGuestApp } from './guest-app.ts';

const root = document.getElementById('digi-shield');
if (root !== null) {
  const guest = createPreviewGuest(window);
  startPreviewGuestApp(guest, root);
  guest.ready();
}
