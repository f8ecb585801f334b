import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configPermissions } from '#studio/machines/config-permissions.ts';
import { ConflictDialog } from '#studio/panels/conflict-dialog.tsx';
import { LifecycleToolbar, type LifecycleFlags } from '#studio/panels/lifecycle-toolbar.tsx';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

const flags = (overrides: Partial<LifecycleFlags> = {}): LifecycleFlags => ({
  loading: false,
  dirty: false,
  saving: false,
  calculating: false,
  jobAction: null,
  progress: null,
  base: { versionId: 7, version: 3, author: 'designer', createdAt: '2026-11-21T10:00:00Z' },
  outcome: null,
  productionVersionId: null,
  ...overrides,
});

const all = { canSave: true, canPreview: true, canGenerate: true, canSaveToProd: true };

function renderToolbar(props: Partial<Parameters<typeof LifecycleToolbar>[0]> = {}) {
  const handlers = { onSave: vi.fn(), onPreview: vi.fn(), onPromote: vi.fn() };
  const result = renderWithProviders(
    <LifecycleToolbar
      flags={flags()}
      copy="integration"
      promoteAction="generate"
      roles={all}
      formatTime={(iso) => iso.slice(0, 10)}
      {...handlers}
      {...props}
    />,
    { locale: 'en' },
  );
  return { ...result, ...handlers };
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('LifecycleToolbar', () => {
  it('a pristine saved copy: Preview and Generate work, Save says there is nothing to save', async () => {
    const { user, onSave, onPreview, onPromote } = renderToolbar();
    expect(button('Save')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Save')).toHaveAccessibleDescription('No changes to save');
    await user.click(button('Save'));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(button('Preview'));
    await user.click(button('Generate'));
    expect(onPreview).toHaveBeenCalledTimes(1);
    // Generate asks first: nothing starts until confirmed.
    expect(onPromote).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Generate to production?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, generate' }));
    expect(onPromote).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Version 3 · designer · 2026-11-21');
  });

  it('Generate and Deploy name what goes live and do nothing when cancelled', async () => {
    const { user, onPromote } = renderToolbar({
      promoteAction: 'deploy',
      target: { site: 'Shop', config: 'Recommendation block «Hits»' },
    });
    await user.click(button('Deploy'));
    const dialog = screen.getByRole('dialog', { name: 'Deploy to production?' });
    expect(dialog).toHaveTextContent(
      'Version 3 of the «Recommendation block «Hits»» config of the site «Shop» goes to production.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPromote).not.toHaveBeenCalled();
  });

  it('with unsaved edits: Save works, Preview and Generate ask to save first', async () => {
    const { user, onSave, onPromote } = renderToolbar({ flags: flags({ dirty: true }) });
    await user.click(button('Save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(button('Preview')).toHaveAccessibleDescription('Save your changes first');
    expect(button('Generate')).toHaveAccessibleDescription('Save your changes first');
    await user.click(button('Generate'));
    expect(onPromote).not.toHaveBeenCalled();
  });

  it('a manager (preview, no generate, no save to production) sees Generate disabled with a hint', async () => {
    const manager = configPermissions('autocomplete', ROLE_PRESETS.manager);
    expect(manager).toMatchObject({ canPreview: true, canGenerate: false, canSaveToProd: false });
    const { user, onPromote } = renderToolbar({ roles: manager });
    const generate = button('Generate');
    expect(generate).toHaveAttribute('aria-disabled', 'true');
    expect(generate).toHaveAccessibleDescription('Your role cannot generate to production');
    await user.hover(generate);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Your role cannot generate to production',
    );
    await user.click(generate);
    expect(onPromote).not.toHaveBeenCalled();
    expect(button('Preview')).not.toHaveAttribute('aria-disabled');
  });

  it('a layout designer may generate and save to production', () => {
    const designer = configPermissions('autocomplete', ROLE_PRESETS['layout designer']);
    expect(designer).toEqual({
      canSave: true,
      canPreview: true,
      canGenerate: true,
      canSaveToProd: true,
    });
  });

  it('the production copy: Save to production needs its role; preview and generate stay on integration', () => {
    renderToolbar({
      copy: 'production',
      flags: flags({ dirty: true }),
      roles: { ...all, canSaveToProd: false },
    });
    expect(screen.queryByRole('button', { name: /^Save$/ })).toBeNull();
    expect(button('Save to production')).toHaveAccessibleDescription(
      'Your role cannot save to production',
    );
    expect(button('Preview')).toHaveAccessibleDescription(
      'Works on the integration copy: switch to it',
    );
  });

  it('while a generate runs everything waits, and the status shows the progress', () => {
    renderToolbar({ flags: flags({ calculating: true, jobAction: 'generate', progress: 40 }) });
    expect(button('Save')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Preview')).toHaveAccessibleDescription(
      'Wait for the running operation to finish',
    );
    expect(button('Generate')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Generating… 40 %');
  });

  it('deploy kinds say Deploy; a never-saved copy cannot be deployed yet', () => {
    renderToolbar({
      promoteAction: 'deploy',
      flags: flags({ base: { versionId: null, version: 0, author: null, createdAt: null } }),
    });
    expect(button('Deploy')).toHaveAccessibleDescription('Save the config first');
    expect(button('Save')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toHaveTextContent('Not saved yet (defaults)');
  });

  it('shows how the last operation ended and whether production holds this version', () => {
    renderToolbar({ flags: flags({ outcome: 'already-running', productionVersionId: 7 }) });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Another build is already running')).toBeInTheDocument();
    expect(status).toHaveTextContent('This version is in production');
  });

  it('speaks Russian by default', () => {
    renderWithProviders(
      <LifecycleToolbar
        flags={flags()}
        copy="integration"
        promoteAction="generate"
        roles={all}
        onSave={vi.fn()}
        onPreview={vi.fn()}
        onPromote={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /^Сгенерировать/ })).toBeInTheDocument();
  });
});

describe('ConflictDialog', () => {
  const conflict = {
    versionId: 9,
    version: 4,
    author: 'integrator',
    createdAt: '2026-11-21T11:00:00Z',
  };

  it('names the newer version and offers reload or overwrite', async () => {
    const onReload = vi.fn();
    const onOverwrite = vi.fn();
    const { user } = renderWithProviders(
      <ConflictDialog
        conflict={conflict}
        onReload={onReload}
        onOverwrite={onOverwrite}
        onClose={vi.fn()}
        formatTime={() => '21.11.2026, 11:00'}
      />,
      { locale: 'en' },
    );
    const dialog = screen.getByRole('dialog', { name: 'The config was changed by someone else' });
    expect(dialog).toHaveTextContent('integrator saved version 4 at 21.11.2026, 11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Discard mine, load theirs' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    expect(onOverwrite).toHaveBeenCalledTimes(1);
  });

  it('is closed without a conflict', () => {
    renderWithProviders(
      <ConflictDialog conflict={null} onReload={vi.fn()} onOverwrite={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
