import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screens the console has, by route path of the contract's MENU table. A menu route
 * without an entry here is not offered (sidebar) and shows "not found" when opened.
 */
export type LazyScreen = LazyExoticComponent<ComponentType>;

export const SCREENS: Readonly<Record<string, LazyScreen>> = {
  '/': lazy(() => import('../screens/home/Home')),
  '/changePassword': lazy(() => import('../screens/account/ChangeLoginPassword')),
  '/changeRefundPassword': lazy(() => import('../screens/account/ChangeRefundPassword')),
  '/introduce': lazy(() => import('../screens/account/Profile')),
  '/setup/loginHistory': lazy(() => import('../screens/setup/LoginHistory')),
  '/setup/permission': lazy(() => import('../screens/setup/Permission')),
};

export const hasScreen = (path: string) => Object.hasOwn(SCREENS, path);
