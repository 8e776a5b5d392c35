import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ScreenFailed } from '../screens/errors/ScreenFailed';

/**
 * Any error while rendering the screens below (a bug, or a chunk that does not load even after
 * the page was reloaded for it) shows the localised error page with a reload button instead of
 * a white page. Keyed by the path inside the shell, so another page starts afresh.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; inShell?: boolean },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ScreenFailed inShell={this.props.inShell} /> : this.props.children;
  }
}
