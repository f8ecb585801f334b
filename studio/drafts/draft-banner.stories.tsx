import type { Meta, StoryObj } from '@storybook/react-vite';
import '#src/ui/ui.css';
import { DraftBanner } from './draft-banner.tsx';

const meta = {
  title: 'Studio/DraftBanner',
  component: DraftBanner,
  args: {
    draft: { savedAt: Date.UTC(2026, 10, 21, 14, 5), baseVersionId: 3 },
    currentVersionId: 3,
    onRestore: () => undefined,
    onDiscard: () => undefined,
  },
} satisfies Meta<typeof DraftBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NewerVersionOnServer: Story = { args: { currentVersionId: 5 } };
