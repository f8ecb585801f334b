import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateModule, templateModules } from '#storefront/build/precompile-templates.ts';

describe('precompiled templates', () => {
  for (const module of templateModules()) {
    it(`${module.to.replace(/.*storefront\//, 'storefront/')} is up to date with its .hbs files`, async () => {
      // Stale? Run: node --import tsx storefront/build/precompile-templates.ts
      expect(readFileSync(module.to, 'utf8')).toBe(await generateModule(module));
    });
  }

  it('the runtime ships no Handlebars compiler', () => {
    const runtime = readFileSync('storefront/runtime/templates.ts', 'utf8');
    expect(runtime).toMatch(/from 'handlebars\/runtime'/);
    expect(runtime).not.toMatch(/from 'handlebars'/);
  });
});
