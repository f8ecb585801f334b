/**
 * jsdom has no layout: CodeMirror measures text with Range rects, which jsdom lacks. Empty
 * rects let it render and update (nothing here depends on real coordinates).
 */
const emptyRect = (): DOMRect =>
  ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    width: 0,
    height: 0,
    toJSON: () => ({}),
  }) as DOMRect;

if (typeof Range !== 'undefined') {
  const proto = Range.prototype as unknown as Record<string, unknown>;
  if (typeof proto.getClientRects !== 'function') {
    proto.getClientRects = () => ({
      length: 0,
      item: () => null,
      [Symbol.iterator]: [][Symbol.iterator],
    });
  }
  if (typeof proto.getBoundingClientRect !== 'function') proto.getBoundingClientRect = emptyRect;
}
