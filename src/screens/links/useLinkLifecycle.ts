import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CreatedPreOrder, PreOrderDraft, PreOrderUses } from '../../contract/preorders';
import { preOrderMachine } from '../../machines/preOrder';
import { preOrderWatchMachine } from '../../machines/preOrderWatch';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { qrPngDataUrl, saveFile } from '../../services/qrCode';

/**
 * The pre-order machine (draft → created with link and QR → used / expired / closed) with
 * the real services of a screen: URL payments and pre-orders both drive it. `read` reads an
 * open link's row again (the machine's watcher calls it every few seconds). Its effects (copy
 * the link, download the QR code) are carried out here; the screen renders its state.
 */
export function useLinkLifecycle<D extends PreOrderDraft>(services: {
  create: (draft: D) => Promise<CreatedPreOrder>;
  close: (gatewayPayNo: string) => Promise<unknown>;
  read: (gatewayPayNo: string) => Promise<PreOrderUses | null>;
}) {
  const t = useT();
  const machine = useMemo(
    () =>
      preOrderMachine.provide({
        actors: {
          // The draft the screen sends is its full form (D); the machine reads its common part.
          createPreOrder: fromPromise<CreatedPreOrder, PreOrderDraft>(({ input }) =>
            services.create(input as D),
          ),
          closePreOrder: fromPromise<void, { gatewayPayNo: string }>(async ({ input }) => {
            await services.close(input.gatewayPayNo);
          }),
          watchPreOrder: preOrderWatchMachine.provide({
            actors: {
              readUses: fromPromise<PreOrderUses | null, { gatewayPayNo: string }>(({ input }) =>
                services.read(input.gatewayPayNo),
              ),
            },
          }),
        },
      }),
    // The services are module functions; the machine is made once per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [state, send, actor] = useMachine(machine);

  useEffect(() => {
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

  return { state, send };
}
