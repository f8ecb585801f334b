import { useTranslation } from 'react-i18next';
import { Button } from '#src/ui/button/button.tsx';
import { useEditorsText } from '../editors/editors-text.ts';
import type { Draft } from './drafts.ts';
import './draft-banner.css';

export interface DraftBannerProps {
  draft: Pick<Draft, 'savedAt' | 'baseVersionId'>;
  onRestore: () => void;
  onDiscard: () => void;
  /**
   * The server's current version id: when the draft was based on another one, the banner says
   * the config changed since (restoring would overwrite a newer version).
   */
  currentVersionId?: number | null;
}

/** 'An unsaved draft from {time} was found' with Restore / Discard. */
export function DraftBanner({ draft, onRestore, onDiscard, currentVersionId }: DraftBannerProps) {
  const text = useEditorsText();
  const { i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language || 'ru', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(draft.savedAt));
  const stale = currentVersionId !== undefined && currentVersionId !== draft.baseVersionId;
  return (
    <div role="status" className="vitrina-draft-banner">
      <span className="vitrina-draft-banner__text">
        {text('drafts.found', { time })}
        {stale && <strong> {text('drafts.stale')}</strong>}
      </span>
      <Button size="sm" onClick={onRestore}>
        {text('drafts.restore')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDiscard}>
        {text('drafts.discard')}
      </Button>
    </div>
  );
}
