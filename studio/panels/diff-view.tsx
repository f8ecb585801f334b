/**
 * The difference between two configs: template, SCSS and script fields side by side
 * (@codemirror/merge, read-only), every other setting as a list of changed paths, old → new.
 */
import { Suspense, lazy, useMemo } from 'react';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useEditorsText } from '../editors/editors-text.ts';
import { diffConfigs, formatDiffValue } from './config-diff.ts';
import './diff-view.css';

const MergeText = lazy(() => import('./diff-view-merge.tsx'));

export interface DiffViewProps {
  before: unknown;
  after: unknown;
  /** E.g. 'v3 (integration)'. */
  beforeLabel: string;
  afterLabel: string;
}

export function DiffView({ before, after, beforeLabel, afterLabel }: DiffViewProps) {
  const text = useEditorsText();
  const diff = useMemo(() => diffConfigs(before, after), [before, after]);

  return (
    <section
      className="vitrina-diff-view"
      aria-label={text('diff.title', { before: beforeLabel, after: afterLabel })}
    >
      <p className="vitrina-diff-view__count" aria-live="polite">
        {diff.count === 0 ? text('diff.none') : text('diff.count', { count: diff.count })}
      </p>
      {diff.texts.map((change) => (
        <section key={change.path} className="vitrina-diff-view__text" aria-label={change.path}>
          <h4 className="vitrina-diff-view__path">
            <code>{change.path}</code>
          </h4>
          <div className="vitrina-diff-view__sides" aria-hidden="true">
            <span>{beforeLabel}</span>
            <span>{afterLabel}</span>
          </div>
          <Suspense fallback={<Spinner size="sm" label={text('code.loading')} />}>
            <MergeText
              before={change.before}
              after={change.after}
              language={change.language}
              beforeLabel={`${change.path}: ${beforeLabel}`}
              afterLabel={`${change.path}: ${afterLabel}`}
            />
          </Suspense>
        </section>
      ))}
      {diff.fields.length > 0 && (
        <table className="vitrina-diff-view__fields">
          <caption>{text('diff.fields', { count: diff.fields.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{text('diff.field')}</th>
              <th scope="col">{beforeLabel}</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {diff.fields.map((change) => (
              <tr key={change.path} data-kind={change.kind}>
                <th scope="row">
                  <code>{change.path}</code>
                </th>
                <td className="vitrina-diff-view__old">{formatDiffValue(change.before)}</td>
                <td className="vitrina-diff-view__new">{formatDiffValue(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
