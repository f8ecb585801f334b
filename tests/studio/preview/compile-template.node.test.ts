import { describe, expect, it } from 'vitest';
import runtimeSource from '#storefront/runtime/templates.ts?raw';
import { bindTemplate } from '#storefront/runtime/templates.ts';
import { RUNTIME_HELPERS, compileTemplate } from '#studio/preview/compile-template.ts';

const fail = (source: string) => {
  const result = compileTemplate(source);
  if (result.ok) throw new Error('expected a compile error');
  return result;
};

describe('compileTemplate (the preview frame compiles Handlebars source)', () => {
  it('compiles to a spec the storefront runtime binds with its own helpers and partials', () => {
    const result = compileTemplate('<b>{{formatPrice price "RUB"}}</b>{{> card this}}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const html = bindTemplate(result.spec)({
      price: 12990,
      id: 'p1',
      name: '<script>x</script>',
      layout: 'default',
      available: true,
      pickers: [],
      texts: {},
    });
    expect(html).toMatch(/12\s990/u);
    expect(html).toContain('digi-card');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('reports a parse error with its template line', () => {
    const problem = fail('<div>\n  {{#if product}}\n    <p>{{product.name}</p>\n  {{/if}}\n</div>');
    expect(problem.line).toBe(3);
    expect(problem.message).toMatch(/^Parse error/);
  });

  it('reports a mismatched block with its line and column', () => {
    const problem = fail('<ul>\n\n  {{#each items}}<li>{{name}}</li>{{/if}}\n</ul>');
    expect(problem).toMatchObject({ line: 3, column: 5, message: "each doesn't match if" });
  });

  it('finds an unknown helper and an unknown partial at compile time, with lines', () => {
    expect(fail('a\nb\n  {{formatPrise price currency}}')).toMatchObject({
      line: 3,
      column: 2,
      message: 'Unknown helper "formatPrise"',
    });
    expect(fail('{{#if a}}\n{{> cart this}}\n{{/if}}')).toMatchObject({
      line: 2,
      message: 'Unknown partial "cart"',
    });
    expect(fail('x\n{{#each}}{{/each}}').line).toBe(2);
  });

  it('accepts property lookups, sections and data variables that look like helpers', () => {
    expect(
      compileTemplate('{{product}} {{#items}}{{name}}{{/items}} {{@root.texts.buy}} {{lookup a b}}')
        .ok,
    ).toBe(true);
  });

  it("knows exactly the runtime's helpers", () => {
    const registered = [...runtimeSource.matchAll(/registerHelper\(\s*'(\w+)'/g)].map((m) => m[1]);
    expect([...RUNTIME_HELPERS].sort()).toEqual(registered.sort());
  });
});
