/**
 * The wire format's value helpers, free of zod so that storefront code (the demo bundle's fixture
 * catalog) can import them without the contract's schemas.
 */

/** The offer's params as the wire's attributes: lower-case names, every value a list. */
export type WireAttributes = Record<string, string[]>;

/** `11169` → `"11169.0"`, `99.9` → `"99.9"`. */
export function toDecimalString(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** A feed's params (`<param name="Размер">M</param>`) as attributes. */
export function toAttributes(params: readonly { name: string; value: string }[]): WireAttributes {
  const attributes: WireAttributes = {};
  for (const param of params) (attributes[param.name.toLowerCase()] ??= []).push(param.value);
  return attributes;
}
