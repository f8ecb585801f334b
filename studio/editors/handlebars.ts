import { Decoration, EditorView, MatchDecorator, ViewPlugin } from '@codemirror/view';
import type { DecorationSet, ViewUpdate } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import type { Extension } from '@codemirror/state';

/** `{{ }}`, `{{{ }}}`, `{{#…}}`, `{{/…}}`, `{{!-- --}}` on one line. */
export const MUSTACHE_RE = /\{\{\{?[^{}]*\}?\}\}/g;

export type MustacheKind = 'raw' | 'block' | 'comment' | 'expression';

/** What a matched mustache is, for its highlight class. */
export function mustacheKind(text: string): MustacheKind {
  if (text.startsWith('{{{')) return 'raw';
  const inner = text.slice(2).trimStart();
  if (inner.startsWith('!')) return 'comment';
  if (/^[#/^]|^else\b|^>/.test(inner)) return 'block';
  return 'expression';
}

const marks: Record<MustacheKind, Decoration> = {
  raw: Decoration.mark({ class: 'cm-hbs cm-hbs-raw' }),
  block: Decoration.mark({ class: 'cm-hbs cm-hbs-block' }),
  comment: Decoration.mark({ class: 'cm-hbs cm-hbs-comment' }),
  expression: Decoration.mark({ class: 'cm-hbs cm-hbs-expression' }),
};

const decorator = new MatchDecorator({
  regexp: MUSTACHE_RE,
  decoration: (match) => marks[mustacheKind(match[0])],
});

const mustachePlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorator.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = decorator.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const mustacheTheme = EditorView.baseTheme({
  '.cm-hbs': { color: '#7a3e9d', fontWeight: '600' },
  '.cm-hbs-raw': { color: '#b3261e' },
  '.cm-hbs-block': { color: '#1d5fbf' },
  '.cm-hbs-comment': { color: '#6b7280', fontWeight: 'normal', fontStyle: 'italic' },
});

/** HTML with Handlebars mustaches highlighted. */
export function handlebars(): Extension {
  return [html(), mustachePlugin, mustacheTheme];
}
