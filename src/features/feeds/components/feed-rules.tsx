import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEED_RULE_ENTITIES,
  FEED_RULE_TYPES,
  type FeedRuleInput,
} from '#contract/entities/feeds.ts';
import { deleteFeedRuleRoute, saveFeedRuleRoute } from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { feedRulesQueryOptions } from '../api/feed-queries.ts';
import { feedKeys } from '../api/keys.ts';

type Entity = (typeof FEED_RULE_ENTITIES)[number];
type RuleType = (typeof FEED_RULE_TYPES)[number];

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
      <div className="ui-table-wrap">
        <table className="ui-table">
          <caption className="ui-visually-hidden">{t('feeds.configurator.rules')}</caption>
          <thead>
            <tr>
              <th scope="col">ruleId</th>
              <th scope="col">{t('feeds.configurator.entityName')}</th>
              <th scope="col">{t('feeds.configurator.entityId')}</th>
              <th scope="col">{t('feeds.configurator.type')}</th>
              {canEdit && <th scope="col">{t('feeds.urls.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.data?.length === 0 && (
              <tr>
                <td className="ui-table__empty" colSpan={canEdit ? 5 : 4}>
                  {t('feeds.configurator.noRules')}
                </td>
              </tr>
            )}
            {rules.data?.map((rule) => (
              <tr key={rule.ruleId}>
                <td>{rule.ruleId}</td>
                <td>{rule.entityName}</td>
                <td>{rule.entityId}</td>
                <td>{rule.type}</td>
                {canEdit && (
                  <td>
                    <DeleteButton
                      name={`${rule.entityName} ${rule.entityId}`}
                      onDelete={async () => {
                        await api(deleteFeedRuleRoute, { query: { siteId, ruleId: rule.ruleId } });
                        await refresh();
                      }}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
