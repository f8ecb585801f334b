import { SaxesParser, type EventName, type EventNameToHandler } from 'saxes';

type Options = { position: true };
type Handler<N extends EventName> = EventNameToHandler<Options, N>;

/** Characters of one XML token (a text run, a CDATA section, a comment, a tag) per field character. */
const RAW_PER_FIELD_CHAR = 16;
/** Text is handed to the SAX parser in pieces of at most this many characters. */
const SLICE = 65_536;

/**
 * The feeds' SAX parser with the field-length cap held while streaming. saxes gathers a whole text
 * node (or CDATA section, comment, tag with its attributes) before it emits anything, so a cap
 * checked in the handlers came only after one huge node had been built in memory (a 1 MB gzip
 * feed of one text node took the server to 875 MB). Here the text goes in slices, and after each
 * the characters read since the parser's last event — the token still being gathered — are
 * counted: past FEED_MAX_FIELD_CHARS × 16 (the longest character reference is ten characters for
 * one) the feed is refused with `tooLong()` at once. Handlers are registered through `on`, which
 * notes every event.
 */
export class FeedSax {
  readonly parser = new SaxesParser<Options>({ position: true });
  private mark = 0;
  private readonly maxPending: number;

  constructor(
    maxFieldChars: number,
    private readonly tooLong: () => Error,
  ) {
    this.maxPending = maxFieldChars * RAW_PER_FIELD_CHAR;
    const note = () => {
      this.mark = this.parser.position;
    };
    for (const name of ['opentagstart', 'comment', 'processinginstruction', 'xmldecl'] as const)
      this.parser.on(name, note);
  }

  on<N extends EventName>(name: N, handler: Handler<N>): void {
    const call = handler as (...args: unknown[]) => unknown;
    this.parser.on(name, ((...args: unknown[]) => {
      this.mark = this.parser.position;
      return call(...args);
    }) as Handler<N>);
  }

  /** Parses the next piece of text; throws `tooLong()` once an unfinished token passes the cap. */
  write(text: string): void {
    for (let start = 0; start < text.length; start += SLICE) {
      this.parser.write(
        start === 0 && text.length <= SLICE ? text : text.slice(start, start + SLICE),
      );
      if (this.parser.position - this.mark > this.maxPending) throw this.tooLong();
    }
  }

  /** Characters read since the last event (what the parser is still gathering). */
  get pending(): number {
    return this.parser.position - this.mark;
  }

  get line(): number {
    return this.parser.line;
  }

  close(): void {
    this.parser.close();
  }
}
