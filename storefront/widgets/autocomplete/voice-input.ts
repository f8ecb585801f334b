/**
 * Voice search for the autocomplete (customSettings.speechRecognition): a microphone button at the
 * input's right end that types what the shopper says, through the browser's speech recognition
 * (Web Speech API). Browsers without it get no button.
 */

/** The part of the Web Speech API the button uses (not in TypeScript's DOM library yet). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionClass = new () => Recognition;

function recognitionOf(win: Window | null): RecognitionClass | null {
  const scope = win as unknown as Record<string, RecognitionClass | undefined> | null;
  return scope?.['SpeechRecognition'] ?? scope?.['webkitSpeechRecognition'] ?? null;
}

export interface VoiceInput {
  /** Puts the button at the input's right end again (the page's layout moved). */
  place(): void;
  dispose(): void;
}

export function mountVoiceInput(
  host: HTMLElement,
  input: HTMLInputElement,
  options: { lang: string; label: string; onText(text: string): void },
): VoiceInput | null {
  const Speech = recognitionOf(host.ownerDocument.defaultView);
  if (!Speech) return null;
  const button = host.appendChild(host.ownerDocument.createElement('button'));
  button.type = 'button';
  button.className = 'digi-autocomplete__voice';
  button.setAttribute('aria-label', options.label);
  button.setAttribute('aria-pressed', 'false');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M12 15a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-2.1a7 7 0 0 0 6-6.9h-2Z"/></svg>';
  let listening: Recognition | null = null;
  const stopped = (): void => {
    listening = null;
    button.setAttribute('aria-pressed', 'false');
  };
  const onClick = (): void => {
    if (listening) {
      listening.stop();
      return;
    }
    const recognition = new Speech();
    recognition.lang = options.lang;
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) options.onText(text);
    };
    recognition.onend = stopped;
    recognition.onerror = stopped;
    listening = recognition;
    button.setAttribute('aria-pressed', 'true');
    recognition.start();
  };
  button.addEventListener('click', onClick);
  const place = (): void => {
    const hostBox = host.getBoundingClientRect();
    const box = input.getBoundingClientRect();
    // a search input's own clear button keeps its place at the very end
    const clear = input.type === 'search' ? box.height : 0;
    button.style.left = `${box.right - hostBox.left - box.height - clear}px`;
    button.style.top = `${box.top - hostBox.top}px`;
    button.style.width = button.style.height = `${box.height}px`;
  };
  place();
  return {
    place,
    dispose() {
      listening?.stop();
      button.removeEventListener('click', onClick);
      button.remove();
    },
  };
}
