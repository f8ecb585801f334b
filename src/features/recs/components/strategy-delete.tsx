import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecsStrategy } from '#contract/entities/recs.ts';
import { listWidgetsRoute } from '#contract/routes/recs.ts';
import { useMayCall } from '#src/lib/resource.ts';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { widgetsQuery } from '../api/recs-api.ts';

/**
 * The confirmation of a strategy's delete, naming the widgets that show it: they keep their
 * places but show nothing until another strategy is chosen. A user who may not read widgets is
 * told that some may (asking would be refused).
 */
export function StrategyDeleteDialog({
  siteId,
  strategy,
  remove,
  onClose,
}: {
  siteId: number;
  strategy: RecsStrategy;
  remove: (strategy: RecsStrategy) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const readsWidgets = useMayCall(listWidgetsRoute);
  const widgets = useQuery({ ...widgetsQuery(siteId), enabled: readsWidgets });
  const using = (widgets.data ?? []).filter((w) => w.strategyHash === strategy.hash);
  return (
    <ResourceDeleteDialog
      row={strategy}
      title={t('recs.delete.title', { name: strategy.name })}
      remove={remove}
      onClose={onClose}
      text={
        <>
          <p>{t('recs.delete.text')}</p>
          {!readsWidgets ? (
            <p>{t('recs.delete.widgetsUnknown')}</p>
          ) : widgets.isPending ? (
            <Spinner label={t('ui.spinner.loading')} />
          ) : using.length === 0 ? (
            <p>{t('recs.delete.noWidgets')}</p>
          ) : (
            <>
              <p>{t('recs.delete.widgets', { count: using.length })}</p>
              <ul aria-label={t('recs.delete.widgetsList')}>
                {using.map((w) => (
                  <li key={w.widgetId}>
                    {w.name} ({w.widgetId})
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      }
    />
  );
}
