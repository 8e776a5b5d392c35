import { useMemo, useState } from 'react';
import { Text } from '@chakra-ui/react';
import type { ProviderRow } from '../../../contract/org';
import { PROVIDER_LIST } from '../../../contract/lists/org';
import { pageProviders, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { PageHeader } from '../../../components/PageHeader';
import type { Cells } from '../../../lists/columns';
import { ListBody, type ColumnKey } from '../../../lists/ListBody';
import { useListOf } from '../../../lists/useListScreen';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { RowActions } from '../../shared/RowActions';
import { CreateButton } from '../../shared/CreateButton';
import { useStatusToggle } from '../../shared/useStatusToggle';
import { statusAndCreatedCells } from '../../shared/columns';
import { ProviderDialog } from './ProviderDialog';

/** /setup/mechanism: service providers — list, create/edit in a dialog, lock/unlock. */
export default function ServiceProviders() {
  const t = useT();
  const user = useSessionUser();
  const screen = useListOf<ProviderRow>(PROVIDER_LIST, pageProviders);
  const [editing, setEditing] = useState<ProviderRow | 'new' | null>(null);
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('serviceProvider', id, lock),
    lockNote: t('org.lock.noteOrg'),
    onDone: screen.reload,
  });

  const cells = useMemo(
    () => (): Cells<ColumnKey<typeof PROVIDER_LIST>, ProviderRow> => ({
      id: (r) => r.id,
      name: (r) => <Text fontWeight="medium">{r.name}</Text>,
      contactName: (r) => r.contactName || '—',
      phone: (r) => r.phone || '—',
      contactEmail: (r) => r.contactEmail || '—',
      companyCount: (r) => r.companyCount,
      agentCount: (r) => r.agentCount,
      ...statusAndCreatedCells<ProviderRow>(),
      actions: (r) => (
        <RowActions
          name={r.name}
          status={r.status}
          onEdit={can(user, 'editProvider') ? () => setEditing(r) : undefined}
          onToggle={can(user, 'lockProvider') ? () => toggle.ask(r) : undefined}
        />
      ),
    }),
    [user, toggle],
  );

  return (
    <>
      <PageHeader
        title={t('menu.serviceProviders')}
        actions={can(user, 'createProvider') && <CreateButton onClick={() => setEditing('new')} />}
      />
      <ListBody list={PROVIDER_LIST} screen={screen} tableKey="org.provider.table" cells={cells} />
      {editing && (
        <ProviderDialog
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            screen.reload();
          }}
        />
      )}
      {toggle.dialog}
    </>
  );
}
