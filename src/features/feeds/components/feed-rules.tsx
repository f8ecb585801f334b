import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import {
  FEED_RULE_ENTITIES,
  FEED_RULE_TYPES,
  type FeedRule,
  type FeedRuleInput,
} from '#contract/entities/feeds.ts';
import { deleteFeedRuleRoute, saveFeedRuleRoute } from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { feedRulesQueryOptions } from '../api/feed-queries.ts';
import { feedKeys } from '../api/keys.ts';

type Entity = (typeof FEED_RULE_ENTITIES)[number];
type RuleType = (typeof FEED_RULE_TYPES)[number];
const rule = createColumnHelper<FeedRule>();

/** Feed rules (ruleId, entityId, entityName, type): include or exclude entities at import. */
export function FeedRules({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rules = useQuery(feedRulesQueryOptions(siteId));
  const [entityName, setEntityName] = useState<Entity>('CATEGORY');
  const [type, setType] = useState<RuleType>('EXCLUDE');
  const [entityId, setEntityId] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: feedKeys.rules(siteId) });
  const add = useMutation({
    mutationFn: (body: FeedRuleInput) => api(saveFeedRuleRoute, { query: { siteId }, body }),
    onSuccess: async () => {
      setEntityId('');
      await refresh();
    },
  });
  return (
    <div className="feed-urls">
      <DataTable<FeedRule>
        caption={t('feeds.configurator.rules')}
        columns={[
          rule.accessor('ruleId', { header: 'ruleId' }),
          rule.accessor('entityName', { header: t('feeds.configurator.entityName') }),
          rule.accessor('entityId', { header: t('feeds.configurator.entityId') }),
          rule.accessor('type', { header: t('feeds.configurator.type') }),
          ...(canEdit
            ? [
                actionsColumn<FeedRule>(
                  (row) => (
                    <DeleteButton
                      name={`${row.entityName} ${row.entityId}`}
                      onDelete={async () => {
                        await api(deleteFeedRuleRoute, { query: { siteId, ruleId: row.ruleId } });
                        await refresh();
                      }}
                    />
                  ),
                  t('feeds.urls.actions'),
                ),
              ]
            : []),
        ]}
        data={rules.data ?? []}
        loading={rules.isPending}
        getRowId={(row) => String(row.ruleId)}
        emptyText={t('feeds.configurator.noRules')}
      />
      {canEdit && (
        <form
          className="feed-urls__add"
          aria-label={t('feeds.configurator.addRule')}
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ entityName, entityId: entityId.trim(), type });
          }}
        >
          <Select<Entity>
            label={t('feeds.configurator.entityName')}
            searchable={false}
            options={FEED_RULE_ENTITIES.map((value) => ({ value, label: value }))}
            value={entityName}
            onChange={setEntityName}
          />
          <TextInput
            label={t('feeds.configurator.entityId')}
            value={entityId}
            onChange={setEntityId}
          />
          <Select<RuleType>
            label={t('feeds.configurator.type')}
            searchable={false}
            options={FEED_RULE_TYPES.map((value) => ({ value, label: value }))}
            value={type}
            onChange={setType}
          />
          <Button
            type="submit"
            variant="primary"
            loading={add.isPending}
            disabled={!entityId.trim()}
          >
            {t('feeds.configurator.addRule')}
          </Button>
        </form>
      )}
    </div>
  );
}
