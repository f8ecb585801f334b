import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import type { TabItem } from '#src/ui/tabs/tabs.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

type Name = 'boost' | 'redirect' | 'archive' | 'notes';

const TABS: TabItem<Name>[] = [
  { value: 'boost', label: 'Бустинг' },
  { value: 'redirect', label: 'Редиректы' },
  { value: 'archive', label: 'Архив', disabled: true, disabledReason: 'Архив ведёт администратор' },
  { value: 'notes', label: 'Заметки' },
];

function Host({ spy, keepMounted }: { spy?: (value: Name) => void; keepMounted?: boolean }) {
  const [value, setValue] = useState<Name>('boost');
  return (
    <Tabs
      label="Правила"
      tabs={TABS}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    >
      {TABS.map((tab) => (
        <TabPanel key={tab.value} value={tab.value} keepMounted={keepMounted}>
          <input aria-label={`Поле ${tab.value}`} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('links each tab to its panel and shows only the selected panel', async () => {
    const { baseElement } = renderWithProviders(<Host />);
    const list = screen.getByRole('tablist', { name: 'Правила' });
    expect(list).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Бустинг',
      'Редиректы',
      'Архив',
      'Заметки',
    ]);
    const boost = screen.getByRole('tab', { name: 'Бустинг' });
    expect(boost).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(boost).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', boost.id);
    // every tab names an element, hidden ones too
    for (const tab of tabs)
      expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Поле boost' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Поле redirect', hidden: true })).toBeNull();
    await expectNoSeriousA11yViolations(baseElement);
  });

  it('has one tab stop: the selected tab', () => {
    renderWithProviders(<Host />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('selects by click, arrows (wrapping), Home and End', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Host spy={spy} />);
    await user.click(screen.getByRole('tab', { name: 'Редиректы' }));
    expect(screen.getByRole('tab', { name: 'Редиректы' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Редиректы' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('textbox', { name: 'Поле redirect' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Бустинг' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Бустинг' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Заметки' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Заметки' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Бустинг' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Заметки' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Бустинг' })).toHaveAttribute('aria-selected', 'true');
    expect(spy.mock.calls.map(([value]) => value)).toEqual([
      'redirect',
      'boost',
      'notes',
      'boost',
      'notes',
      'boost',
    ]);
  });

  it('a disabled tab says why, is reached by the arrows but never selected', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Host spy={spy} />);
    const archive = screen.getByRole('tab', { name: 'Архив' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    expect(archive).toHaveAttribute('title', 'Архив ведёт администратор');
    expect(archive).toHaveAccessibleDescription('Архив ведёт администратор');
    await user.click(archive);
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Бустинг' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Редиректы' }));
    await user.keyboard('{ArrowRight}');
    expect(archive).toHaveFocus();
    expect(archive).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Редиректы' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Заметки' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps hidden panels mounted when asked (fields that must keep validating)', async () => {
    const { user } = renderWithProviders(<Host keepMounted />);
    await user.type(screen.getByRole('textbox', { name: 'Поле boost' }), 'хиты');
    await user.click(screen.getByRole('tab', { name: 'Заметки' }));
    const kept = screen.getByRole('textbox', { name: 'Поле boost', hidden: true });
    expect(kept).toHaveValue('хиты');
    expect(kept).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Бустинг' }));
    expect(screen.getByRole('textbox', { name: 'Поле boost' })).toHaveValue('хиты');
  });
});
