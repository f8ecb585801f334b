import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEED_RULE_ENTITIES,
  FEED_RULE_TYPES,
  feedRuleInput,
  type FeedRule,
} from '#contract/entities/feeds.ts';
import type * as z from 'zod';
import { applyServerIssues } from '#src/lib/api.ts';
import { useResource } from '#src/lib/resource.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { feedRules } from '../api/resources.ts';

type Entity = (typeof FEED_RULE_ENTITIES)[number];
type RuleType = (typeof FEED_RULE_TYPES)[number];
/** A new rule: the contract's input without ruleId (which would make it an update). */
const newRule = feedRuleInput.omit({ ruleId: true });
type NewRule = z.input<typeof newRule>;

/** Feed rules (ruleId, entityId, entityName, type): include or exclude entities at import. */
export function FeedRules({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const rules = useResource(feedRules, siteId, null);
  const [deleting, setDeleting] = useState<FeedRule | null>(null);
  const form = useZodForm(newRule, {
    defaultValues: { entityName: 'CATEGORY', entityId: '', type: 'EXCLUDE' },
  });
  const empty = !form.watch('entityId').trim();
  return (
    <div className="feed-urls">
      <ResourceTable<FeedRule>
        caption={t('feeds.configurator.rules')}
        rows={rules.list.data ?? []}
        rowKey={(row) => row.ruleId}
        loading={rules.list.isPending}
        emptyText={t('feeds.configurator.noRules')}
        sortable
        columns={[
          { key: 'ruleId', header: 'ruleId', sortValue: (r) => r.ruleId, cell: (r) => r.ruleId },
          {
            key: 'entityName',
            header: t('feeds.configurator.entityName'),
            sortValue: (r) => r.entityName,
            cell: (r) => r.entityName,
          },
          {
            key: 'entityId',
            header: t('feeds.configurator.entityId'),
            sortValue: (r) => r.entityId,
            cell: (r) => r.entityId,
          },
          {
            key: 'type',
            header: t('feeds.configurator.type'),
            sortValue: (r) => r.type,
            cell: (r) => r.type,
          },
        ]}
        actions={
          rules.canDelete
            ? { name: (row) => `${row.entityName} ${row.entityId}`, onDelete: setDeleting }
            : undefined
        }
      />
      {rules.canCreate && (
        <Form
          form={form}
          aria-label={t('feeds.configurator.addRule')}
          onSubmit={async (input) => {
            try {
              await rules.save.mutateAsync({ input });
              form.resetField('entityId');
            } catch (error) {
              // The call's toast says what went wrong; the server's field issues go on the fields.
              applyServerIssues(error, form.setError);
            }
          }}
        >
          <div className="feed-urls__add">
            <FormSelectField<NewRule, Entity>
              name="entityName"
              label={t('feeds.configurator.entityName')}
              searchable={false}
              options={FEED_RULE_ENTITIES.map((value) => ({ value, label: value }))}
            />
            <FormTextField<NewRule> name="entityId" label={t('feeds.configurator.entityId')} />
            <FormSelectField<NewRule, RuleType>
              name="type"
              label={t('feeds.configurator.type')}
              searchable={false}
              options={FEED_RULE_TYPES.map((value) => ({ value, label: value }))}
            />
            <Button type="submit" variant="primary" loading={rules.save.isPending} disabled={empty}>
              {t('feeds.configurator.addRule')}
            </Button>
          </div>
        </Form>
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('ui.deleteConfirm.title', {
            name: `${deleting.entityName} ${deleting.entityId}`,
          })}
          text={t('ui.deleteConfirm.text')}
          remove={(row) => rules.remove.mutateAsync(row.ruleId)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
