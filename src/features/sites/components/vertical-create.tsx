import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputWithButton } from '#src/ui/input-with-button/input-with-button.tsx';
import { useCreateVerticalMutation } from '../api/site-mutations.ts';

export function VerticalCreate() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const mutation = useCreateVerticalMutation();
  return (
    <InputWithButton
      label={t('sites.verticals.new')}
      value={name}
      onChange={setName}
      buttonLabel={t('actions.create')}
      buttonDisabled={name.trim() === ''}
      loading={mutation.isPending}
      onSubmit={(value) => mutation.mutate(value.trim(), { onSuccess: () => setName('') })}
    />
  );
}
