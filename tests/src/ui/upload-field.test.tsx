import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { UploadField, type UploadFieldReport } from '#src/ui/upload/upload-field.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

const csv = () => new File(['id;query\n1;платье\n'], 'rules.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

describe('UploadField', () => {
  it('sends the picked file, shows its progress, then how many rows were applied', async () => {
    let finish: (report: UploadFieldReport) => void = () => {};
    const upload = vi.fn(
      (_file: File, onProgress: (fraction: number) => void) =>
        new Promise<UploadFieldReport>((resolve) => {
          onProgress(0.5);
          finish = resolve;
        }),
    );
    const onUploaded = vi.fn();
    const { user } = renderWithProviders(
      <UploadField label="Правила из файла" upload={upload} onUploaded={onUploaded} />,
    );
    await user.upload(fileInput(), csv());
    expect(upload.mock.calls[0]![0].name).toBe('rules.csv');
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    finish({ total: 3, accepted: 3, rejected: [] });
    expect(await screen.findByRole('status')).toHaveTextContent('Применены 3 строки');
    expect(onUploaded).toHaveBeenCalledWith({ total: 3, accepted: 3, rejected: [] });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the partial-failure bar with the refused ids in a field and the reason of each line', async () => {
    const report: UploadFieldReport = {
      total: 3,
      accepted: 1,
      rejected: [
        { line: 3, id: '17', reason: 'query: Too small' },
        { line: 4, reason: 'weight: Too big' },
      ],
    };
    const { user, baseElement } = renderWithProviders(
      <UploadField label="Правила из файла" upload={async () => report} />,
    );
    await user.upload(fileInput(), csv());
    const bar = await screen.findByRole('alert');
    expect(bar).toHaveTextContent(
      'Некоторые правила не применены. Их идентификаторы — в поле ниже',
    );
    expect(
      within(bar).getByRole('textbox', { name: 'Идентификаторы неприменённых строк' }),
    ).toHaveValue('17, 4');
    expect(bar).toHaveTextContent('Строка 3: query: Too small');
    expect(bar).toHaveTextContent('Применено: 1, не применено: 2');
    await expectNoSeriousA11yViolations(baseElement);
  });

  it.each([
    [
      new ApiError(413, 'too large', [], { details: { maxBytes: 20 * 1024 * 1024 } }),
      'Файл больше 20 МБ',
    ],
    [new ApiError(413, 'too many', [], { details: { maxRows: 100000 } }), 'больше 100000 строк'],
    [
      new ApiError(400, 'missing', [], { details: { missing: ['query'] } }),
      'В файле нет столбцов: query',
    ],
    [new ApiError(415, 'type', []), 'Загрузите файл CSV или Excel'],
    [new ApiError(0, ''), 'Нет связи с сервером'],
  ])('says in Russian why a file was refused (%#)', async (error, text) => {
    const { user } = renderWithProviders(
      <UploadField label="Правила из файла" upload={() => Promise.reject(error)} />,
    );
    await user.upload(fileInput(), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('cancels a file on its way and returns to the picker', async () => {
    const upload = (_file: File, _progress: unknown, signal: AbortSignal) =>
      new Promise<UploadFieldReport>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
      );
    const { user } = renderWithProviders(<UploadField label="Правила из файла" upload={upload} />);
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Отменить' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ProgressBar', () => {
  it('clamps and rounds its percentage, and is indeterminate without one', () => {
    const { rerender } = renderWithProviders(<ProgressBar percent={142.4} label="Импорт" />);
    expect(screen.getByRole('progressbar', { name: 'Импорт' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    rerender(<ProgressBar percent={null} label="Импорт" />);
    expect(screen.getByRole('progressbar', { name: 'Импорт' })).not.toHaveAttribute(
      'aria-valuenow',
    );
  });
});
