import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../telemetry/errors';

interface State {
  failed: boolean;
}

/** Last line of defence: a readable message and a way out instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { where: 'app', componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="config-error">
        <h1>Something went wrong</h1>
        <p>What you typed is kept on this device. Reload the page to carry on.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload
        </button>
      </main>
    );
  }
}
