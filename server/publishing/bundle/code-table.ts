/** The JavaScript pieces of a boot config (precompiled templates, hook and part scripts). */
import { transform } from 'esbuild';
import type { PartScript } from '#storefront/entries/boot-config.ts';
import type { PartTemplates } from '#storefront/runtime/templates.ts';
import { precompileTemplate } from './templates.ts';
import type { BundleDiagnostic } from './types.ts';

/** Placeholders for precompiled templates and part scripts until spliced into the boot text. */
const TEMPLATE = (n: number): string => `__digi_template_${n}__`;
const SCRIPT = (n: number): string => `__digi_script_${n}__`;

/** The JavaScript pieces of the boot config: precompiled specs and part scripts. */
export class CodeTable {
  readonly templates: string[] = [];
  readonly scripts: string[] = [];
  constructor(private readonly diagnostics: BundleDiagnostic[]) {}

  /** Part → marker of its precompiled spec; empty sources keep the runtime's default. */
  templatesOf(sources: Readonly<Record<string, string | undefined>>, path: string): PartTemplates {
    const out: Record<string, string> = {};
    for (const [part, source] of Object.entries(sources)) {
      if (source === undefined || source.trim() === '') continue;
      const spec = precompileTemplate(source, `${path}.${part}`, this.diagnostics);
      if (spec === null) continue;
      this.templates.push(spec);
      out[part] = TEMPLATE(this.templates.length - 1);
    }
    return out as unknown as PartTemplates;
  }

  /**
   * Marker of `function (<params>) {<source>}`, or null for an empty source. The source is
   * parsed here as a function body (never run) so a syntax error — or a body closing the
   * function early — is reported by path instead of breaking the bundle.
   */
  async functionOf(
    source: string | undefined,
    params: string[],
    path: string,
  ): Promise<string | null> {
    if (source === undefined || source.trim() === '') return null;
    const fn = `(function (${params.join(', ')}) {\n${source}\n})`;
    try {
      new Function(...params, source);
    } catch (error) {
      let message = error instanceof Error ? error.message : String(error);
      try {
        await transform(fn, { loader: 'js', target: 'es2020', logLevel: 'silent' });
      } catch (located) {
        const first = (located as { errors?: Array<{ text: string; location?: { line: number } }> })
          .errors?.[0];
        if (first)
          message = `${first.text}${first.location ? ` (line ${first.location.line - 1})` : ''}`;
      }
      this.diagnostics.push({ code: 'script/syntax', path, message, severity: 'error' });
      return null;
    }
    this.scripts.push(fn);
    return SCRIPT(this.scripts.length - 1);
  }

  /** Part → `function (element, part)` running the part's script after it renders. */
  async scriptsOf(
    sources: Readonly<Record<string, string | undefined>>,
    path: string,
  ): Promise<Readonly<Record<string, PartScript>>> {
    const out: Record<string, string> = {};
    for (const [part, source] of Object.entries(sources)) {
      const marker = await this.functionOf(source, ['element', 'part'], `${path}.${part}.script`);
      if (marker) out[part] = marker;
    }
    return out as unknown as Record<string, PartScript>;
  }

  /** Replaces the markers in JSON text by the code they stand for. */
  splice(json: string): string {
    return json
      .replace(/"__digi_template_(\d+)__"/g, (_, n: string) => this.templates[Number(n)]!)
      .replace(/"__digi_script_(\d+)__"/g, (_, n: string) => this.scripts[Number(n)]!);
  }
}

export const str = (v: string | null | undefined): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** Drops undefined values so the boot config stays small and JSON-exact. */
export function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}
