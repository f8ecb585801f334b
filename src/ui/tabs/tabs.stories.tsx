import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../ui.css';
import { Badge } from '../badge/badge.tsx';
import { TabPanel, Tabs } from './tabs.tsx';
import type { TabItem, TabsProps } from './tabs.tsx';

const editorTabs: TabItem<string>[] = [
  { value: 'settings', label: 'Настройки' },
  { value: 'templates', label: 'Шаблоны' },
  { value: 'styles', label: 'Стили' },
  { value: 'versions', label: 'Версии' },
];

function Controlled(props: TabsProps<string>) {
  const [value, setValue] = useState(props.value);
  return (
    <Tabs
      {...props}
      value={value}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
    >
      {props.tabs.map((tab) => (
        <TabPanel key={tab.value} value={tab.value}>
          <p>Содержимое вкладки «{tab.label}»</p>
        </TabPanel>
      ))}
    </Tabs>
  );
}

const meta = {
  title: 'UI/Tabs',
  component: Tabs<string>,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Разделы редактора', tabs: editorTabs, value: 'settings', onChange: fn() },
} satisfies Meta<typeof Tabs<string>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { value: 'templates' } };
export const Small: Story = { args: { size: 'sm' } };
export const Disabled: Story = {
  args: {
    tabs: [
      ...editorTabs.slice(0, 3),
      {
        value: 'versions',
        label: 'Версии',
        disabled: true,
        disabledReason: 'Только просмотр: восстанавливать версии могут роли «Интегратор»',
      },
    ],
  },
};
export const WithBadges: Story = {
  args: {
    size: 'sm',
    tabs: [
      { value: 'common', label: 'common' },
      {
        value: 'productItem',
        label: (
          <>
            productItem <Badge tone="danger">2</Badge>
          </>
        ),
      },
      { value: 'pagination', label: 'pagination' },
    ],
    value: 'common',
  },
};
export const LongTitles: Story = {
  args: {
    tabs: [
      { value: 'a', label: 'Правила бустинга товаров в поисковой выдаче' },
      { value: 'b', label: 'Редиректы по поисковым запросам на страницы каталога' },
      { value: 'c', label: 'Синонимы автодополнения' },
    ],
    value: 'a',
  },
};
