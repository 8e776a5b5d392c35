import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { TOAST_MS } from '../contract/envelope';

/** The one toaster of the console (module level, so services and machines' listeners reach it). */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export type ToastStatus = 'error' | 'success' | 'info' | 'warning';

export function showToast(status: ToastStatus, title: string) {
  toaster.create({ type: status, title, duration: TOAST_MS, closable: true });
}

export const showError = (title: string) => showToast('error', title);
export const showSuccess = (title: string) => showToast('success', title);

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
