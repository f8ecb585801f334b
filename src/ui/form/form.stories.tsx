import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import * as z from 'zod';
import '../ui.css';
import { Button } from '../button/button.tsx';
import { FormCheckboxField, FormTextField } from './form-field.tsx';
import { FormSelectField } from './form-select-field.tsx';
import { Form, FormRootError, useZodForm } from './form.tsx';

// Stands in for a contract schema: no user-facing text, keys only (STYLE.md 16).
const siteSchema = z.object({
  siteName: z.string().min(1),
  siteUrl: z.string().refine((value) => /^https?:\/\//.test(value), {
    params: { i18nKey: 'errors.validation.url' },
  }),
  vertical: z.string().min(1),
  enabled: z.boolean(),
});
type SiteInput = z.input<typeof siteSchema>;

function SiteForm({
  onSubmit,
  serverError,
  defaults,
}: {
  onSubmit: (values: z.output<typeof siteSchema>) => void;
  serverError?: string;
  defaults?: Partial<SiteInput>;
}) {
  const form = useZodForm(siteSchema, {
    defaultValues: { siteName: '', siteUrl: '', vertical: '', enabled: true, ...defaults },
  });
  return (
    <div style={{ maxWidth: 420 }}>
      <Form
        form={form}
        aria-label="Сайт"
        onSubmit={(values) => {
          if (serverError) form.setError('root.server', { message: serverError });
          else onSubmit(values);
        }}
      >
        <FormTextField<SiteInput> name="siteName" label="Название сайта" required />
        <FormTextField<SiteInput>
          name="siteUrl"
          label="URL сайта"
          hint="С протоколом: https://…"
          type="url"
          required
        />
        <FormSelectField<SiteInput, string>
          name="vertical"
          label="Сегмент"
          required
          options={[
            { value: 'fashion', label: 'Одежда' },
            { value: 'diy', label: 'Стройка и ремонт' },
            { value: 'electronics', label: 'Электроника' },
          ]}
        />
        <FormCheckboxField<SiteInput> name="enabled" label="Сайт активен" />
        <FormRootError />
        <div className="ui-form__actions">
          <Button type="submit" variant="primary">
            Сохранить
          </Button>
        </div>
      </Form>
    </div>
  );
}

const meta = {
  title: 'UI/Form',
  component: SiteForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof SiteForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Submit empty to see the field errors (in the toolbar's language). */
export const Default: Story = {};
export const Filled: Story = {
  args: {
    defaults: { siteName: 'Магазин', siteUrl: 'https://shop.example.ru', vertical: 'fashion' },
  },
};
export const ServerError: Story = {
  args: {
    serverError: '409\nСайт с таким URL уже есть',
    defaults: { siteName: 'Магазин', siteUrl: 'https://shop.example.ru', vertical: 'fashion' },
  },
};
