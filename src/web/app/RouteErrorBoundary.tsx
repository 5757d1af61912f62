import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage.tsx';

interface Props {
  /** The current location's key: an error is cleared when the piper navigates elsewhere. */
  readonly locationKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly error: unknown;
  readonly locationKey: string;
  readonly failed: boolean;
}

/**
 * The route tree's error boundary: what `errorElement` did under the data router, which the app
 * no longer loads (docs/decisions/020-first-load.md: 17 KB gzip of router state machine for
 * loaders and actions it never used). A render error or a screen chunk that cannot load shows
 * ErrorPage (spec §8 'Other'); navigating to another location clears it, as react-router's
 * own boundary does.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, locationKey: this.props.locationKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.locationKey !== state.locationKey) {
      return { error: null, failed: false, locationKey: props.locationKey };
    }
    return null;
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
