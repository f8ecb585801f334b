import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { Button } from '#src/ui/button/button.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { FormCheckboxField, FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const schema = z.object({
  siteName: z.string().min(1),
  siteUrl: z.string().refine((value) => /^https?:\/\//.test(value), {
    params: { i18nKey: 'errors.validation.url' },
  }),
  vertical: z.string().min(1),
  comment: z.string().max(5),
  agree: z.literal(true),
});
type Values = z.input<typeof schema>;

function SiteForm({
  onSubmit,
  serverError,
}: {
  onSubmit: (values: z.output<typeof schema>) => void;
  serverError?: string;
}) {
  const form = useZodForm(schema, {
    defaultValues: { siteName: '', siteUrl: '', vertical: '', comment: '', agree: false as true },
  });
  return (
    <Form
      form={form}
      aria-label="Сайт"
      onSubmit={(values) => {
        if (serverError) form.setError('root.server', { message: serverError });
        else onSubmit(values);
      }}
    >
      <FormTextField<Values> name="siteName" label="Название сайта" required />
      <FormTextField<Values> name="siteUrl" label="URL сайта" hint="С протоколом" type="url" />
      <FormSelectField<Values, string>
        name="vertical"
        label="Сегмент"
        options={[
          { value: 'fashion', label: 'Одежда' },
          { value: 'diy', label: 'Стройка' },
        ]}
      />
      <FormField<Values> name="comment" label="Комментарий">
        {(control) => <textarea className="ui-input" {...control} {...form.register('comment')} />}
      </FormField>
      <FormCheckboxField<Values> name="agree" label="Я понимаю последствия" />
      <FormRootError />
      <Button type="submit" variant="primary">
        Сохранить
      </Button>
    </Form>
  );
}

describe('Form', () => {
  it('puts translated zod errors on the fields and wires aria once', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<SiteForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const name = screen.getByRole('textbox', { name: /Название сайта/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Обязательное поле');
    expect(name).toHaveAttribute('aria-required', 'true');
    const url = screen.getByRole('textbox', { name: 'URL сайта' });
    expect(url).toHaveAccessibleDescription(
      'С протоколом URL должен начинаться с http:// или https://',
    );
    expect(screen.getByRole('combobox', { name: 'Сегмент' })).toHaveAccessibleDescription(
      'Обязательное поле',
    );
    expect(screen.getByRole('checkbox', { name: 'Я понимаю последствия' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoSeriousA11yViolations();
  });

  it('submits parsed values once valid', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<SiteForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Название сайта/ }), 'Магазин');
    await user.type(screen.getByRole('textbox', { name: 'URL сайта' }), 'https://shop.ru');
    await user.click(screen.getByRole('combobox', { name: 'Сегмент' }));
    await user.click(screen.getByRole('option', { name: 'Стройка' }));
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), 'ок');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        siteName: 'Магазин',
        siteUrl: 'https://shop.ru',
        vertical: 'diy',
        comment: 'ок',
        agree: true,
      }),
    );
  });

  it('shows a whole-form server error and plural messages in English', async () => {
    const { user } = renderWithProviders(
      <SiteForm onSubmit={vi.fn()} serverError="409\nConflict" />,
      {
        locale: 'en',
      },
    );
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), 'too long');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('At most 5 characters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Название сайта/ }));
    await user.type(screen.getByRole('textbox', { name: /Название сайта/ }), 'Shop');
    await user.type(screen.getByRole('textbox', { name: 'URL сайта' }), 'http://a.ru');
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Одежда' }));
    await user.clear(screen.getByRole('textbox', { name: 'Комментарий' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/409/)).toHaveAttribute('role', 'alert');
  });

  it('lists errors of fields the form does not show (an unknown key) in a summary', async () => {
    const strict = z.strictObject({ siteName: z.string().min(1) });
    function StrictForm({ onSubmit }: { onSubmit: () => void }) {
      // The defaults carry a key the schema does not know, as a whole stored record would.
      const form = useZodForm(strict, {
        defaultValues: { siteName: 'Магазин', apiKey: 'k' } as z.input<typeof strict>,
      });
      return (
        <Form form={form} aria-label="Сайт" onSubmit={onSubmit}>
          <FormTextField<z.input<typeof strict>> name="siteName" label="Название сайта" />
          <Button type="submit">Сохранить</Button>
        </Form>
      );
    }
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<StrictForm onSubmit={onSubmit} />);
    expect(screen.queryByTestId('form-error-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary).toHaveAttribute('role', 'alert');
    expect(summary.textContent).not.toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows no error before the user types, submits or leaves a field', async () => {
    const { user } = renderWithProviders(<SiteForm onSubmit={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: /Название сайта/ });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await user.click(name);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await user.tab();
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    // Errors of fields with their own line never repeat in the summary.
    expect(screen.queryByTestId('form-error-summary')).toBeNull();
  });
});
