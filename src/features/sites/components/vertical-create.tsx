import { useTranslation } from 'react-i18next';
import { createVerticalRoute } from '#contract/routes/sites.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { useResource } from '#src/lib/resource.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { verticals } from '../api/resources.ts';

/** A new vertical: its name (the create call's schema) and the button beside it. */
export function VerticalCreate() {
  const { t } = useTranslation();
  const resource = useResource(verticals, null, null);
  const form = useZodForm(createVerticalRoute.body, { defaultValues: { name: '' } });
  const empty = form.watch('name').trim() === '';
  return (
    <Form
      form={form}
      onSubmit={async (input) => {
        try {
          await resource.save.mutateAsync({ input });
          form.reset({ name: '' });
        } catch (error) {
          // The call's toast says what went wrong; the server's field issues go on the field.
          applyServerIssues(error, form.setError);
        }
      }}
    >
      <FormField name="name" label={t('sites.verticals.new')}>
        {(control) => (
          <div className="ui-input-group">
            <input className="ui-input" type="text" {...control} {...form.register('name')} />
            <Button
              type="submit"
              variant="primary"
              disabled={empty}
              loading={resource.save.isPending}
            >
              {t('actions.create')}
            </Button>
          </div>
        )}
      </FormField>
    </Form>
  );
}
