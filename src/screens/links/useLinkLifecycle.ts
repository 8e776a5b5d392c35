import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { LinkKind } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { useRootActor, useWorkflow } from '../../app/session';
import { showError, showSuccess } from '../../app/toaster';
import { qrPngDataUrl, saveFile } from '../../services/qrCode';

/**
 * The pre-order machine (draft → created with link and QR → used / expired / closed) of a
 * create dialog: the root actor runs it (`preOrder.open` while the dialog is mounted, with
 * its services from main.tsx) — URL payments and pre-orders both drive it. Its effects (copy
 * the link, download the QR code) are carried out here; the dialog renders its state. Null
 * until the root has started it (the dialog's first render).
 */
export function useLinkLifecycle(kind: LinkKind) {
  const t = useT();
  const root = useRootActor();
  useEffect(() => {
    root.send({ type: 'preOrder.open', input: { kind } });
    return () => root.send({ type: 'preOrder.close' });
  }, [root, kind]);
  const actor = useWorkflow('preOrder');
  const state = useSelector(actor, (s) => s);

  useEffect(() => {
    if (!actor) return;
    const copy = actor.on('copyLink', ({ link }) => {
      navigator.clipboard.writeText(link).then(
        () => showSuccess(t('links.copied')),
        () => showError(t('links.copyFailed')),
      );
    });
    const download = actor.on('downloadQr', ({ link, fileName }) => {
      void qrPngDataUrl(link).then((url) => saveFile(url, fileName));
    });
    return () => {
      copy.unsubscribe();
      download.unsubscribe();
    };
  }, [actor, t]);

  return actor && state && state.context.kind === kind ? { state, send: actor.send } : null;
}

export type LinkLifecycle = NonNullable<ReturnType<typeof useLinkLifecycle>>;
