import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    '../storefront/**/*.stories.@(ts|tsx)',
    '../src/ui/**/*.stories.@(ts|tsx)',
    '../studio/**/*.stories.@(ts|tsx)',
  ],
  core: { disableTelemetry: true },
};

export default config;
