import type { Meta, StoryObj } from '@storybook/react-vite';
import '#src/ui/ui.css';
import { searchConfig } from '#contract/entities/config.ts';
import type { ConfigVersionMeta } from '#contract/entities/config.ts';
import { VersionsPanel } from './versions-panel.tsx';

const VERSIONS: ConfigVersionMeta[] = [
  {
    versionId: 1,
    version: 1,
    test: true,
    configType: 'INTEGRATION',
    author: 'designer',
    createdAt: '2026-11-20T10:00:00Z',
    sourceVersionId: null,
  },
  {
    versionId: 2,
    version: 2,
    test: true,
    configType: 'INTEGRATION',
    author: 'designer',
    createdAt: '2026-11-21T09:00:00Z',
    sourceVersionId: null,
  },
  {
    versionId: 3,
    version: 1,
    test: false,
    configType: 'PRODUCTION',
    author: 'integrator',
    createdAt: '2026-11-21T09:30:00Z',
    sourceVersionId: 2,
  },
];
const CONFIGS: Record<number, unknown> = {
  1: searchConfig.parse({ css: '.digi-product { color: red; }' }),
  2: searchConfig.parse({
    throttle: 500,
    css: '.digi-product { color: #4f46e5; }',
    htmlTemplate: { productItem: '<article>{{name}}</article>' },
  }),
  3: searchConfig.parse({
    throttle: 500,
    css: '.digi-product { color: #4f46e5; }',
    htmlTemplate: { productItem: '<article>{{name}}</article>' },
  }),
};

const meta = {
  title: 'Studio/VersionsPanel',
  component: VersionsPanel,
  args: {
    versions: VERSIONS,
    loadVersion: async (id: number) => CONFIGS[id],
    current: searchConfig.parse({ throttle: 300 }),
    onRestore: () => undefined,
  },
} satisfies Meta<typeof VersionsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { versions: [], current: undefined } };
export const ReadOnly: Story = { args: { canRestore: false } };
