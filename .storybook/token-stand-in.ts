/**
 * Stand-in for the token compiler (tokens/, being built separately): turns a Tokens Studio JSON
 * set into `#digi-shield { --digi-<group>-<name>: value }`, resolving `{Group.name}` references
 * and adding px to bare numbers of length types. No math, no colour modify: only what the
 * default sets use. Replace with the compiler's output when it lands.
 */
type TokenTree = { [key: string]: TokenTree | Token };
interface Token {
  value: unknown;
  type: string;
}

const LENGTH_TYPES = new Set(['fontSizes', 'borderRadius', 'spacing', 'sizing', 'borderWidth']);
const isToken = (node: unknown): node is Token =>
  typeof node === 'object' && node !== null && 'value' in node && 'type' in node;
const kebab = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_.]+/g, '-')
    .toLowerCase();

function lookup(tree: TokenTree, path: string): Token | undefined {
  const node = path
    .split('.')
    .reduce<unknown>((n, key) => (n as TokenTree | undefined)?.[key], tree);
  return isToken(node) ? node : undefined;
}

function resolve(tree: TokenTree, value: unknown, depth = 0): unknown {
  if (typeof value !== 'string' || depth > 10) return value;
  const whole = /^\{([^{}]+)\}$/.exec(value);
  if (whole?.[1]) return resolve(tree, lookup(tree, whole[1])?.value ?? 'UNDEFINED', depth + 1);
  return value.replace(/\{([^{}]+)\}/g, (_, ref: string) =>
    String(resolve(tree, lookup(tree, ref)?.value ?? 'UNDEFINED', depth + 1)),
  );
}

function cssValue(tree: TokenTree, token: Token): string {
  const value = resolve(tree, token.value);
  if (token.type === 'boxShadow' && typeof value === 'object' && value !== null) {
    const s = value as Record<string, string>;
    const px = (v: string | undefined) =>
      v && /^-?\d+(\.\d+)?$/.test(v) && v !== '0' ? `${v}px` : (v ?? '0');
    return `${px(s['x'])} ${px(s['y'])} ${px(s['blur'])} ${px(s['spread'])} ${resolve(tree, s['color'])}`;
  }
  const text = String(value);
  return LENGTH_TYPES.has(token.type) && /^-?\d+(\.\d+)?$/.test(text) ? `${text}px` : text;
}

export function tokensToCss(tree: TokenTree): string {
  const lines: string[] = [];
  const walk = (node: TokenTree, path: string[]): void => {
    for (const [key, child] of Object.entries(node)) {
      if (isToken(child))
        lines.push(`  --digi-${[...path, key].map(kebab).join('-')}: ${cssValue(tree, child)};`);
      else walk(child, [...path, key]);
    }
  };
  walk(tree, []);
  return `#digi-shield {\n${lines.join('\n')}\n}\n`;
}
