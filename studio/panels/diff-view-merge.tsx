/** A read-only side-by-side MergeView of two texts; loaded on demand by diff-view.tsx. */
import { useEffect, useRef } from 'react';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { css } from '@codemirror/lang-css';
import { handlebars } from '../editors/handlebars.ts';
import type { TextLanguage } from './config-diff.ts';

export interface MergeTextProps {
  before: string;
  after: string;
  language: TextLanguage;
  beforeLabel: string;
  afterLabel: string;
}

function languageOf(language: TextLanguage): Extension {
  if (language === 'handlebars') return handlebars();
  if (language === 'scss') return css();
  return [];
}

export default function MergeText({
  before,
  after,
  language,
  beforeLabel,
  afterLabel,
}: MergeTextProps) {
  const parent = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!parent.current) return;
    const side = (label: string): Extension[] => [
      lineNumbers(),
      languageOf(language),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ];
    const view = new MergeView({
      a: { doc: before, extensions: side(beforeLabel) },
      b: { doc: after, extensions: side(afterLabel) },
      parent: parent.current,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => view.destroy();
  }, [before, after, language, beforeLabel, afterLabel]);

  return <div ref={parent} className="vitrina-diff-view__merge" />;
}
