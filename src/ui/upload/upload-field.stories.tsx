import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import '../ui.css';
import { UploadField, type UploadFieldProps, type UploadFieldReport } from './upload-field.tsx';

const allApplied: UploadFieldProps['upload'] = async () => ({
  total: 3,
  accepted: 3,
  rejected: [],
});

const partlyApplied: UploadFieldReport = {
  total: 4,
  accepted: 2,
  rejected: [
    { line: 3, id: '17', reason: 'query: Too small: expected string to have >=1 characters' },
    { line: 5, id: '21', reason: 'weight: Too big: expected number to be <=10' },
  ],
};

const meta = {
  title: 'UI/UploadField',
  component: UploadField,
  args: {
    label: 'Правила из файла',
    hint: 'CSV (разделитель «;» или «,») или Excel, первая строка — названия столбцов',
    upload: allApplied,
  },
} satisfies Meta<typeof UploadField>;

export default meta;
type Story = StoryObj<typeof meta>;

const file = () => new File(['id;query\n1;платье\n'], 'rules.csv', { type: 'text/csv' });

export const Idle: Story = {};

export const Applied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvasElement.querySelector('input[type=file]')!, file());
    await expect(await canvas.findByRole('status')).toHaveTextContent('3');
  },
};

export const PartlyApplied: Story = {
  args: { upload: async () => partlyApplied },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvasElement.querySelector('input[type=file]')!, file());
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

export const Sending: Story = {
  args: {
    upload: (_file, onProgress) => {
      onProgress(0.42);
      return new Promise<UploadFieldReport>(() => {});
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvasElement.querySelector('input[type=file]')!, file());
    await expect(await canvas.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
  },
};
