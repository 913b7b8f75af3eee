// Settings' switch: only people I have matched with may add me to groups.
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/Switch';
import { useGroupSettings, useSetGroupSettings } from '../api/settings';

export function AddedBySwitch() {
  const { t } = useTranslation();
  const settings = useGroupSettings();
  const set = useSetGroupSettings();
  const addedBy = set.isPending ? set.variables.addedBy : settings.data?.addedBy;
  return (
    <div className="settings-block" style={{ marginTop: 12 }}>
      <Switch
        label={t('groups.settingLabel')}
        hint={t('groups.settingHint')}
        checked={addedBy === 'matches'}
        disabled={addedBy === undefined || set.isPending}
        onChange={(on) => set.mutate({ addedBy: on ? 'matches' : 'anyone' })}
        data-testid="group-added-by"
      />
    </div>
  );
}
