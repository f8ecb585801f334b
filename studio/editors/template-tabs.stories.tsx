import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '#src/ui/ui.css';
import { TemplateTabs } from './template-tabs.tsx';
import type { TemplateTabsProps } from './template-tabs.tsx';

const DEFAULTS = {
  common: '<div class="digi-common">\n  {{> productList}}\n  {{> pagination}}\n</div>',
  productItem:
    '<article class="digi-product">\n  <img src="{{image_url}}" alt="{{name}}">\n  <h3>{{{highlight name}}}</h3>\n  {{#if price}}<span>{{price}} ₽</span>{{/if}}\n</article>',
  pagination: '<nav class="digi-pagination">{{#each pages}}<a>{{this}}</a>{{/each}}</nav>',
};

function Stateful(props: Omit<TemplateTabsProps, 'onChange'>) {
  const [values, setValues] = useState(props.values);
  return (
    <TemplateTabs
      {...props}
      values={values}
      onChange={(part, value) => setValues((v) => ({ ...v, [part]: value }))}
    />
  );
}

const meta = {
  title: 'Studio/TemplateTabs',
  component: Stateful,
  args: { parts: Object.keys(DEFAULTS), values: {}, defaults: DEFAULTS },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Defaults: Story = {};
export const Modified: Story = {
  args: { values: { productItem: '<article>{{name}} — custom</article>' } },
};
export const WithErrors: Story = {
  args: {
    values: { pagination: '<nav>{{#each pages}}<a>{{this}}</a></nav>' },
    diagnostics: { pagination: [{ line: 1, column: 6, message: "Expecting 'OPEN_ENDBLOCK'" }] },
  },
};
