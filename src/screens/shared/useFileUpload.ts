import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { FileUploadLogic } from '../../machines/fileUpload';

/**
 * An upload dialog's workflow (src/machines/fileUpload.ts), run for as long as the dialog is
 * shown: `onSent` gets the server's reply (the dialog's toast), `onClose` is called once the
 * workflow has ended — sent (true) or cancelled (false).
 */
export function useFileUpload<Reply, Form>(
  logic: FileUploadLogic<Reply, Form>,
  form: Form | null,
  onSent: (reply: Reply) => void,
  onClose: (sent: boolean) => void,
) {
  const [state, send, actor] = useMachine(logic, { input: { form } });
  const handlers = useRef({ onSent, onClose });
  handlers.current = { onSent, onClose };
  useEffect(() => {
    const sent = actor.on('sent', ({ reply }) => handlers.current.onSent(reply));
    const ended = actor.subscribe({
      complete: () => handlers.current.onClose(actor.getSnapshot().matches('done')),
    });
    return () => {
      sent.unsubscribe();
      ended.unsubscribe();
    };
  }, [actor]);
  return [state, send] as const;
}
